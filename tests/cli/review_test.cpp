// SPDX-License-Identifier: Apache-2.0
// `ludus review RECORD`: the table and the JSON of a review for JSON and SGF records, a
// game chosen from a collection, and one-line errors for bad input.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "cli/cli_test_support.h"

namespace ludus::testing {
namespace {

// A known blunder on a board the solver settles at once (tests/ai/review_test.cpp).
const char* kBlunderRecord =
    R"({"game": "ndengrod", "options": {"size": "3", "length": "3", "swap": "off"}, )"
    R"("players": ["alice", "bob"], "moves": ["c3", "b2", "a1", "b3", "b4", "b1"]})";

TEST(ReviewCommand, NamesTheBlunderAndThePlayersAccuracy) {
  auto dir = scratch_dir();
  const std::string file = (dir / "game.json").string();
  std::ofstream(file) << kBlunderRecord << "\n";
  auto text = run_ludus({"review", file, "--iterations", "200"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const auto lines = lines_of(text.out);
  ASSERT_GE(lines.size(), 9u) << text.out;
  EXPECT_NE(lines[3].find("x a1"), std::string::npos) << text.out;
  EXPECT_NE(lines[3].find("blunder, win thrown away"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("accuracy of the first player (alice): "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("accuracy of the second player (bob): 100.0%"), std::string::npos) << text.out;

  auto json = run_ludus({"review", file, "--iterations", "200", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["game"], "ndengrod");
  EXPECT_EQ(j["turns"].size(), 6u);
  EXPECT_EQ(j["turns"][2]["note"], "win thrown away");
  EXPECT_EQ(j["iterations"], 200);

  // The same game as SGF, second in a collection.
  const std::string sgf = (dir / "games.sgf").string();
  auto first = run_ludus({"show", "ndengrod", "-o", "size=3", "-o", "length=3", "-o", "swap=off", "c3", "--sgf"});
  auto second = run_ludus({"show", "--record", file, "--sgf"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  ASSERT_EQ(second.exit_code, 0) << second.err;
  std::ofstream(sgf) << first.out << second.out;
  auto unchosen = run_ludus({"review", sgf});
  EXPECT_EQ(unchosen.exit_code, 2);
  EXPECT_NE(unchosen.err.find("holds 2 games: choose one with --game N"), std::string::npos) << unchosen.err;
  auto chosen = run_ludus({"review", sgf, "--game", "2", "--iterations", "200", "--json"});
  ASSERT_EQ(chosen.exit_code, 0) << chosen.err;
  EXPECT_EQ(nlohmann::json::parse(chosen.out)["turns"][2]["label"], "blunder");
  std::filesystem::remove_all(dir);
}

TEST(ReviewCommand, ClearErrors) {
  auto missing = run_ludus({"review", "/nonexistent/game.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot open record"), std::string::npos) << missing.err;
  auto dir = scratch_dir();
  const std::string empty = (dir / "empty.json").string();
  std::ofstream(empty) << R"({"game": "ndengrod", "moves": []})" "\n";
  auto nothing = run_ludus({"review", empty});
  EXPECT_EQ(nothing.exit_code, 2);
  EXPECT_NE(nothing.err.find("no move to review"), std::string::npos) << nothing.err;
  auto beyond = run_ludus({"review", empty, "--game", "3"});
  EXPECT_EQ(beyond.exit_code, 2);
  EXPECT_NE(beyond.err.find("has no game 3 (games: 1..1)"), std::string::npos) << beyond.err;
  auto time = run_ludus({"review", empty, "--proof-time", "soon"});
  EXPECT_EQ(time.exit_code, 2);
  EXPECT_EQ(lines_of(time.err).size(), 1u) << time.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus::testing
