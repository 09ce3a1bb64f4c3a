// SPDX-License-Identifier: Apache-2.0
// `ludus play` driven through stdin: scripted people against the random AI, AI against
// AI, seat swaps, multi-action turns, the end of input, and bad seat arguments.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/record.h"
#include "cli_test_support.h"
#include "core/history.h"

namespace ludus::testing {
namespace {

// The JSON after "Record: " on the last lines of a play transcript.
nlohmann::json record_of(const std::string& out) {
  auto at = out.rfind("Record: ");
  if (at == std::string::npos) return {};
  return nlohmann::json::parse(out.substr(at + 8, out.find('\n', at) - at - 8));
}

TEST(Play, HumanAgainstRandomWithBadMovesHintUndoAndResign) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = run_ludus({"play", "ndengrod", "--x", "human", "--o", "random", "--seed", "1"},
                     "help\nlegal\ne5\ne5\nzz9\nhint\nundo\nundo\nd4\nresign\nthis line is never read\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(contains(r.out, "Seats: x (first player, human) vs o (second player, random)"));
  EXPECT_TRUE(contains(r.out, "X to move (first player)"));
  // The help says what a turn of the game is, with the game's own examples, then the commands.
  EXPECT_TRUE(contains(r.out, "x (first player, human)> help\nA turn: Place one stone on an empty cell;")) << r.out;
  EXPECT_TRUE(contains(r.out, "  swap          instead of move 2: the seats exchange colours, the stones stay\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "\nCommands:\n  moves, legal")) << r.out;
  EXPECT_TRUE(contains(r.out, "61 legal moves: a1 a2 a3"));
  EXPECT_TRUE(contains(r.out, "o (second player, random) plays "));
  EXPECT_TRUE(contains(r.out, "error: illegal move 'e5': occupied\n"));
  EXPECT_TRUE(contains(r.out, "error: illegal move 'zz9': malformed coordinate 'zz9'\n"));
  EXPECT_TRUE(contains(r.out, "hint (random): "));
  EXPECT_TRUE(contains(r.out, "Took back 2 turns.\n"));
  EXPECT_TRUE(contains(r.out, "error: nothing to undo\n"));
  EXPECT_TRUE(contains(r.out, "x (first player, human) resigns."));
  EXPECT_TRUE(contains(r.out, "Game over: O wins: x resigned -- o (second player, random) wins"));
  auto record = record_of(r.out);
  ASSERT_EQ(record["moves"].size(), 2u) << r.out;
  EXPECT_EQ(record["moves"][0], "d4");
  EXPECT_EQ(record["ending"], "resign");
  EXPECT_EQ(record["result"], "o");
  EXPECT_EQ(record["players"], nlohmann::json({"human", "random"}));
  EXPECT_EQ(record_from_json(record).ending(), Ending::Resignation);
}

TEST(Play, EndOfInputLeavesTheGameUnfinishedWithoutCrashing) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = run_ludus({"play", "ndengrod", "--x", "human", "--o", "random", "--seed", "2"}, "e5\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "(end of input)\nGame left unfinished.\n"));
  auto record = record_of(r.out);
  EXPECT_EQ(record["moves"].size(), 2u);
  EXPECT_EQ(record["result"], "");
  auto empty = run_ludus({"play", "ndengrod", "--first", "human", "--second", "human"}, "");
  EXPECT_EQ(empty.exit_code, 0);
  EXPECT_TRUE(contains(empty.out, "(end of input)"));
}

TEST(Play, ComputerAgainstComputerSavesTheRecord) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto dir = scratch_dir();
  const std::string file = (dir / "game.json").string();
  auto r = run_ludus({"play", "n-mesh", "--black", "random", "--white", "random", "--seed", "3", "--delay", "0.001", "--record", file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Seats: black (first player, random) vs white (second player, random)"));
  EXPECT_TRUE(contains(r.out, "Game over: "));
  EXPECT_TRUE(contains(r.out, "Record saved to " + file));
  History replay = read_record_file(file).at(0);
  EXPECT_TRUE(replay.is_over());
  // Same seed, same game.
  auto again = run_ludus({"play", "n-mesh", "--first", "random", "--second", "random", "--seed", "3"});
  EXPECT_EQ(record_of(again.out)["moves"], record_to_json(replay)["moves"]);
  std::filesystem::remove_all(dir);
}

// The ply limit is a safety net: a game still on at the limit (here a random Epoxy game
// on the largest board, far from its end after 30 plies) is stopped and scored a draw.
TEST(Play, GamesStopAtThePlyLimitAsAdjudicatedDraws) {
  LUDUS_REQUIRE_GAME("epoxy");
  auto r = run_ludus({"play", "epoxy", "-o", "size=xxl", "--maroon", "random", "--grey", "random", "--seed", "1",
                      "--max-plies", "30"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "No result after 30 plies: the game is stopped and scored as a draw."));
  auto record = record_of(r.out);
  EXPECT_EQ(record["ending"], "adjudicated");
  EXPECT_EQ(record["result"], "draw");
  EXPECT_EQ(record["moves"].size(), 30u);
  EXPECT_EQ(record_from_json(record).ending(), Ending::Adjudication);

  auto random = run_ludus({"random", "epoxy", "-o", "size=xxl", "--games", "2", "--max-plies", "12"});
  EXPECT_EQ(random.exit_code, 0) << random.err;
  EXPECT_TRUE(contains(random.err, "2 draws, 12.0 plies/game (2 stopped at 12 plies and scored as draws)")) << random.err;
  EXPECT_TRUE(contains(random.out, "\"ending\":\"adjudicated\""));
  EXPECT_EQ(read_records(random.out).size(), 2u);
}

TEST(Play, PeopleSeeTheSeatsSwapColours) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = run_ludus({"play", "ndengrod", "--x", "human", "--o", "human"}, "e5\nswap\nd4\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "Seats swap colours: now o (first player, human) vs x (second player, human)"));
  EXPECT_TRUE(contains(r.out, "O to move (first player)\no (first player, human)> d4"));
  EXPECT_EQ(record_of(r.out)["moves"], nlohmann::json::array({"e5", "swap", "d4"}));
}

TEST(Play, TurnsOfSeveralActionsAreTypedAtOnceAndUndoneWhole) {
  LUDUS_REQUIRE_GAME("epoxy");
  auto r = run_ludus({"play", "epoxy", "--maroon", "human", "--grey", "human"}, "f5\ne1,zz\ne1,e6\nundo\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "error: illegal move 'zz': malformed coordinate 'zz'"));
  EXPECT_TRUE(contains(r.out, "Took back 1 turn."));
  EXPECT_EQ(record_of(r.out)["moves"], nlohmann::json::array({"f5"}));
}

// A turn typed a piece at a time, the same way in Epoxy and Trellis: one point, then the
// second action or stone, or pass to end the turn with one; the prompt says what comes next.
TEST(Play, TurnsOfSeveralPiecesMayBeTypedOneAtATime) {
  LUDUS_REQUIRE_GAME("trellis");
  LUDUS_REQUIRE_GAME("epoxy");
  auto trellis = run_ludus({"play", "trellis", "-o", "size=7", "--first", "human", "--second", "human"},
                           "d4\nd5\nmoves\ne6\na1\npass\ng7\nundo\nquit\n");
  EXPECT_EQ(trellis.exit_code, 0);
  const std::string second = "black (first player, human) after d4: the second point, or pass for d4 alone> ";
  EXPECT_TRUE(contains(trellis.out, second + "d5")) << trellis.out;
  EXPECT_TRUE(contains(trellis.out, "error: illegal move 'd4,d5': the two stones must be exactly three apart")) << trellis.out;
  EXPECT_TRUE(contains(trellis.out, "13 legal moves: a4 b3 b5 c2 c6 d1 d7 e2 e6 f3 f5 g4 pass")) << trellis.out;
  EXPECT_TRUE(contains(trellis.out, "white (first player, human, also playing white's turn by the opening rule) after a1: the second point, or pass for a1 alone> pass"))
      << trellis.out;
  EXPECT_TRUE(contains(trellis.out, "Took back what was typed of this turn.")) << trellis.out;
  EXPECT_EQ(record_of(trellis.out)["moves"], nlohmann::json::array({"d4,e6", "a1"}));

  auto epoxy = run_ludus({"play", "epoxy", "--maroon", "human", "--grey", "human"}, "f5\ne1\nundo\ne1\ne6\nquit\n");
  EXPECT_EQ(epoxy.exit_code, 0);
  EXPECT_TRUE(contains(epoxy.out, "grey (second player, human) after e1: the second action, or pass to end the turn> undo"))
      << epoxy.out;
  EXPECT_EQ(record_of(epoxy.out)["moves"], nlohmann::json::array({"f5", "e1", "e6"}));
}

TEST(Play, TheMoverIsNamedByTheColourItPlaysNow) {
  LUDUS_REQUIRE_GAME("trellis");
  // Trellis's opening: the first player makes the first three turns, Black, White, Black.
  auto r = run_ludus({"play", "trellis", "-o", "size=7", "--first", "human", "--second", "random"}, "d4,e6\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "black (first player, human)> d4,e6"));
  EXPECT_TRUE(contains(r.out, "white (first player, human, also playing white's turn by the opening rule)> quit"));
}

TEST(Play, BadSeatsAreUsageErrors) {
  LUDUS_REQUIRE_GAME("ndengrod");
  expect_usage_error(run_ludus({"play", "ndengrod", "--black", "human"}),
                     "ndengrod has no colour 'black' (its seats: --x, --o, --first, --second)");
  expect_usage_error(run_ludus({"play", "ndengrod", "--x", "human", "--first", "random"}),
                     "the first player is given twice (--first and --x)");
  expect_usage_error(run_ludus({"play", "ndengrod", "--o", "grandmaster"}), "unknown player 'grandmaster' for --o (expected human,");
  expect_usage_error(run_ludus({"play", "ndengrod", "--delay", "-1"}), "--delay");
}

// What a new player met (issue 43): the seats take 'human', which a misspelt seat's error
// lists; the AI's Epoxy turn of two actions is shown on one board; undo counts turns.
TEST(Play, WordingANewPlayerMeets) {
  const RunResult typo = run_ludus({"play", "ndengrod", "--x", "humn"});
  EXPECT_NE(typo.exit_code, 0);
  EXPECT_TRUE(contains(typo.err, "unknown player 'humn' for --x (expected human, random, beginner, easy")) << typo.err;
  LUDUS_REQUIRE_GAME("epoxy");
  const RunResult ais = run_ludus({"play", "epoxy", "--maroon", "random", "--grey", "random", "--seed", "3", "--color", "never"}, "");
  EXPECT_EQ(ais.exit_code, 0) << ais.err;
  EXPECT_TRUE(contains(ais.out, "first action of the turn")) << ais.out;
  EXPECT_FALSE(contains(ais.out, "second action of the turn")) << "a board between the two actions of a turn";
}

}  // namespace
}  // namespace ludus::testing
