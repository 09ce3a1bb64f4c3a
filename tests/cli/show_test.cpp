// SPDX-License-Identifier: Apache-2.0
// `ludus show --record FILE`: a game of a file of several (JSON Lines from `match
// --record`), the position at a ply, moves played on from there, and corrupt files.
#include <nlohmann/json.hpp>

#include "cli/cli_test_support.h"
#include "core/history.h"
#include "core/record.h"

namespace ludus::testing {
namespace {

class ShowRecord : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!has_game("ndengrod")) GTEST_SKIP() << "ndengrod is not built into this binary";
    dir_ = scratch_dir();
    games_ = (dir_ / "match.jsonl").string();
    auto r = run_ludus({"match", "ndengrod", "-o", "size=3", "--a", "random", "--b", "random", "-n", "3", "--seed", "5",
                        "--record", games_, "-q"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // `ludus show` of the game of ndengrod size 3 after `moves`.
  static RunResult show_moves(const std::vector<std::string>& moves) {
    std::vector<std::string> args = {"show", "ndengrod", "-o", "size=3"};
    args.insert(args.end(), moves.begin(), moves.end());
    return run_ludus(args);
  }

  std::filesystem::path dir_;
  std::string games_;
};

TEST_F(ShowRecord, AFileOfSeveralGamesNeedsGame) {
  expect_usage_error(run_ludus({"show", "--record", games_}), "holds 3 games: choose one with --game N");
  expect_usage_error(run_ludus({"show", "--record", games_, "--game", "4"}), "has no game 4 (games: 1..3)");
  const History second = read_record_file(games_).at(1);
  auto r = run_ludus({"show", "--record", games_, "--game", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, second.status())) << r.out;
  auto json = nlohmann::json::parse(run_ludus({"show", "--record", games_, "--game", "2", "--json"}).out);
  EXPECT_EQ(json["moves"], nlohmann::json(second.moves()));
  EXPECT_EQ(json["result"], second.result_text());
}

TEST_F(ShowRecord, AtShowsThePositionAfterThatManyPlies) {
  const History first = read_record_file(games_).at(0);
  ASSERT_GE(first.num_moves(), 4);
  const std::vector<std::string> three(first.moves().begin(), first.moves().begin() + 3);
  auto r = run_ludus({"show", "--record", games_, "--game", "1", "--at", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, show_moves(three).out);
  EXPECT_TRUE(contains(r.out, "Moves: 1." + three[0] + " 2." + three[1] + " 3." + three[2] + "\n")) << r.out;
  expect_usage_error(run_ludus({"show", "--record", games_, "--game", "1", "--at", "999"}), "game 1 has no ply 999");
}

TEST_F(ShowRecord, MovesAfterTheRecordArePlayedOnFromThere) {
  const History first = read_record_file(games_).at(0);
  std::vector<std::string> two(first.moves().begin(), first.moves().begin() + 2);
  auto legal = run_ludus({"moves", "--record", games_, "--game", "1", "--at", "2", "--json"});
  ASSERT_EQ(legal.exit_code, 0) << legal.err;
  auto moves = nlohmann::json::parse(legal.out).get<std::vector<std::string>>();
  ASSERT_GE(moves.size(), 2u);
  auto r = run_ludus({"show", "--record", games_, "--game", "1", "--at", "2", moves[0], moves[1]});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  two.insert(two.end(), {moves[0], moves[1]});
  EXPECT_EQ(r.out, show_moves(two).out);
  expect_usage_error(run_ludus({"show", "--record", games_, "--game", "1", "--at", "2", first.moves()[0]}),
                     "move 3: illegal move '" + first.moves()[0] + "': occupied");
}

TEST_F(ShowRecord, CorruptFilesAreOneLineErrors) {
  const std::string file = (dir_ / "corrupt.jsonl").string();
  std::ofstream(file) << read_text(games_) << "{\"game\": \"ndengrod\", \"moves\": [\"e5\", \"e5\"]}\n";
  expect_usage_error(run_ludus({"show", "--record", file, "--game", "1"}),
                     "line 4: bad record: move 2: illegal move 'e5': occupied");
  std::ofstream(file) << "this is not a record\n";
  expect_usage_error(run_ludus({"show", "--record", file}), "line 1: bad record: not valid JSON");
  std::ofstream(file) << "{\"game\": \"ndengrod\", \"moves\": \"e5\"}";
  expect_usage_error(run_ludus({"show", "--record", file}), "bad record: \"moves\" is not an array");
  std::ofstream(file) << "{\"game\": \"ndengrod\", \"options\": {\"size\": [3]}}";
  expect_usage_error(run_ludus({"show", "--record", file}), "bad record: bad option: size=[3]");
}

// A record file holds any text: its players, an adjudication's reason, a conformance game's
// name.  `show`, `moves` and `verify` print it with escape sequences escaped, their JSON is
// ASCII with \u escapes, and an error quoting the file is escaped too (issue 56, finding 7).
TEST_F(ShowRecord, TextOfARecordFileNeverReachesTheTerminalRaw) {
  const std::string file = (dir_ / "hostile.json").string();
  std::ofstream(file) << nlohmann::json{{"game", "ndengrod"}, {"options", {{"size", "3"}}},
                                         {"players", {"al\x1b]0;pwned\x07ice", "bob\u202e"}}, {"moves", {"a1"}},
                                         {"ending", "adjudicated"}, {"result", "draw"},
                                         {"reason", "judge \x1b[2J\u009b" "31m"}}.dump();
  const std::string names = (dir_ / "names.jsonl").string();
  std::ofstream(names) << nlohmann::json{{"game", "bad\x1b[31mname"}, {"plies", "x"}}.dump() << "\n";
  auto raw = [](const std::string& text) {
    return contains(text, "\x1b") || contains(text, "\a") || contains(text, "\u009b") || contains(text, "\u202e");
  };
  const auto shown = run_ludus({"show", "--record", file});
  EXPECT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_TRUE(contains(shown.out, "Draw: judge \\x1b[2J\\u009b31m")) << shown.out;
  const auto json = run_ludus({"show", "--record", file, "--json"});
  EXPECT_TRUE(contains(json.out, "\"al\\u001b]0;pwned\\u0007ice\"")) << json.out;
  EXPECT_EQ(nlohmann::json::parse(json.out)["players"][1], "bob\u202e") << "the same data";
  const auto moves = run_ludus({"moves", "--record", file});
  EXPECT_TRUE(contains(moves.out, "judge \\x1b[2J")) << moves.out;
  const auto verified = run_ludus({"verify", names, file});
  EXPECT_TRUE(contains(verified.out, "bad\\x1b[31mname")) << verified.out;
  std::ofstream(file) << nlohmann::json{{"game", "ndengrod"}, {"moves", {"\x1b]0;pwned\x07"}}}.dump();
  const auto error = run_ludus({"show", "--record", file});
  expect_usage_error(error, "bad record: move 1");
  for (const auto& r : {shown, json, moves, verified, error}) EXPECT_FALSE(raw(r.out + r.err)) << r.out << r.err;
}

}  // namespace
}  // namespace ludus::testing
