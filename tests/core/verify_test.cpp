// SPDX-License-Identifier: Apache-2.0
// `ludus verify`'s checks: conformance games (legal sets, moves, result; malformed lines
// are one-line failures), and files of ludus records (JSON, JSON Lines, SGF) counted
// like conformance files.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/conformance.h"
#include "core/history.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/sgf.h"

namespace ludus {
namespace {

// A conformance line for tic-tac-toe: legal sets and moves of `moves`, then `result`.
nlohmann::json conformance_line(const std::vector<std::string>& moves, const std::string& result) {
  nlohmann::json line = {{"game", "tictactoe-test"}, {"plies", nlohmann::json::array()}, {"result", result}};
  History h(make_game("tictactoe-test"));
  for (const auto& m : moves) {
    nlohmann::json legal = nlohmann::json::array();
    for (Action a : h.state().legal_actions()) legal.push_back(h.state().action_to_text(a));
    line["plies"].push_back({{"legal", legal}, {"move", m}});
    h.play(m);
  }
  return line;
}

const std::vector<std::string> kXWins = {"a1", "b1", "a2", "b2", "a3"};

TEST(Conformance, ChecksLegalSetsMovesAndResult) {
  const auto good = conformance_line(kXWins, "x");
  EXPECT_TRUE(verify_conformance_game(good.dump()).passed);

  auto wrong_result = good;
  wrong_result["result"] = "draw";
  auto r = verify_conformance_game(wrong_result.dump());
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.failure.find("result x, expected draw"), std::string::npos);

  auto wrong_legal = good;
  wrong_legal["plies"][1]["legal"].push_back("a1");
  r = verify_conformance_game(wrong_legal.dump());
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.failure.find("legal moves differ at ply 2"), std::string::npos);
  EXPECT_NE(r.failure.find("missing: a1"), std::string::npos);

  auto truncated = good;
  truncated["plies"].erase(4);
  EXPECT_NE(verify_conformance_game(truncated.dump()).failure.find("game not over after the last ply"),
            std::string::npos);
}

TEST(Conformance, MalformedLinesAreOneLineFailures) {
  auto with = [](const std::function<void(nlohmann::json&)>& change) {
    auto line = conformance_line(kXWins, "x");
    change(line);
    return line.dump();
  };
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{\"game\": \"tictactoe-test\", \"plies\": [", "not valid JSON"},
      {"[1, 2]", "not a JSON object"},
      {with([](auto& j) { j.erase("game"); }), "missing \"game\""},
      {with([](auto& j) { j["game"] = 7; }), "\"game\" is not a string"},
      {with([](auto& j) { j["plies"] = "a1 b1"; }), "\"plies\" is not an array"},
      {with([](auto& j) { j.erase("plies"); }), "missing \"plies\""},
      {with([](auto& j) { j["plies"][1]["legal"] = "a2 a3"; }), "ply 2: \"legal\" is not an array of strings"},
      {with([](auto& j) { j["plies"][1]["legal"][0] = 3; }), "ply 2: \"legal\" is not an array of strings"},
      {with([](auto& j) { j["plies"][2].erase("legal"); }), "ply 3: missing \"legal\""},
      {with([](auto& j) { j["plies"][1]["move"] = 4; }), "ply 2: \"move\" is not a string"},
      {with([](auto& j) { j["plies"][1].erase("move"); }), "ply 2: missing \"move\""},
      {with([](auto& j) { j["plies"][3] = "b2"; }), "ply 4 is not an object"},
      {with([](auto& j) { j["result"] = nullptr; }), "\"result\" is not a string"},
  };
  for (const auto& [line, message] : cases) {
    SCOPED_TRACE(line);
    const auto r = verify_conformance_game(line);
    EXPECT_FALSE(r.passed);
    EXPECT_EQ(r.failure, message);
  }
  EXPECT_TRUE(verify_conformance_game(conformance_line(kXWins, "x").dump()).passed);
}

TEST(Conformance, RecordsAreCheckedByReplayingThem) {
  History h(make_game("tictactoe-test"));
  h.play_moves(kXWins);
  auto record = record_to_json(h);
  EXPECT_TRUE(verify_json_game(record.dump()).passed);
  record["result"] = "o";
  auto r = verify_json_game(record.dump());
  EXPECT_EQ(r.game, "tictactoe-test");
  EXPECT_EQ(r.failure, "bad record: result 'o' but the moves give 'x'");
  record["result"] = "x";
  record["ending"] = "agreement";
  EXPECT_EQ(verify_json_game(record.dump()).failure,
            "bad record: ending 'agreement' but the moves already end the game (X (first player) wins)");
  EXPECT_EQ(verify_json_game(R"({"game": "tictactoe-test"})").failure,
            "neither \"plies\" (a conformance game) nor \"moves\" (a ludus record)");
  EXPECT_EQ(verify_conformance_game(record.dump()).failure, "missing \"plies\"");
}

class VerifyFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("ludus-verify-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const auto path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  ConformanceSummary verify(const std::string& path) {
    output_.str("");
    return verify_conformance_file(path, output_);
  }

  std::filesystem::path dir_;
  std::ostringstream output_;
};

TEST_F(VerifyFile, JsonLinesMixConformanceGamesAndRecords) {
  History h(make_game("tictactoe-test"));
  h.play_moves({"a1", "b2"});
  h.resign(1);
  auto wrong = record_to_json(h);
  wrong["winner_seat"] = 1;
  const std::string path = write("games.jsonl", conformance_line(kXWins, "x").dump() + "\n" +
                                                    record_to_json(h).dump() + "\n\n" + wrong.dump() + "\n" +
                                                    "not json\n" + R"({"game": "tictactoe-test", "plies": 3})" + "\n");
  const auto summary = verify(path);
  EXPECT_EQ(summary.passed, 2);
  EXPECT_EQ(summary.failed, 3);
  EXPECT_EQ(output_.str(), path + ":4: tictactoe-test: bad record: result 'x' but the moves give 'o'\n" + path +
                               ":5: not valid JSON\n" + path +
                               ":6: tictactoe-test: \"plies\" is not an array\n");
}

TEST_F(VerifyFile, OneRecordOverSeveralLines) {
  History h(make_game("tictactoe-test"));
  h.play_moves(kXWins);
  EXPECT_EQ(verify(write("game.json", record_to_json(h).dump(2))).passed, 1);
  auto wrong = record_to_json(h);
  wrong["moves"][4] = "a1";
  const std::string path = write("bad.json", wrong.dump(2));
  EXPECT_EQ(verify(path).failed, 1);
  EXPECT_EQ(output_.str(), path + ": tictactoe-test: bad record: move 5: illegal move 'a1': occupied\n");
}

TEST_F(VerifyFile, SgfCountsEveryGameTree) {
  History h(make_game("tictactoe-test"));
  h.play_moves(kXWins);
  const std::string path = write("games.sgf", sgf_game_tree(h) + "(;RU[tictactoe-test];B[a1];W[a1])\n" +
                                                  sgf_game_tree(h));
  const auto summary = verify(path);
  EXPECT_EQ(summary.passed, 2);
  EXPECT_EQ(summary.failed, 1);
  EXPECT_EQ(output_.str(), path + ": game 2: bad SGF: move 2 'a1': illegal move 'a1': occupied\n");

  const std::string broken = write("broken.sgf", "(;RU[tictactoe-test];B[a1]\n");
  EXPECT_EQ(verify(broken).failed, 1);
  EXPECT_EQ(output_.str(), broken + ": bad SGF: game tree not closed by ')' (line 2, column 1)\n");
}

TEST_F(VerifyFile, AMissingFileIsOneFailure) {
  const auto summary = verify((dir_ / "missing.jsonl").string());
  EXPECT_EQ(summary.failed, 1);
  EXPECT_EQ(output_.str(), (dir_ / "missing.jsonl").string() + ": cannot open file\n");
}

}  // namespace
}  // namespace ludus
