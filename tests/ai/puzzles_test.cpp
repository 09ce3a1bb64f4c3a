// SPDX-License-Identifier: Apache-2.0
// Puzzles (ai/puzzles.h) on positions whose answers are known by construction: one winning
// turn is a puzzle, two are not, a position the budget cannot settle is not, and a stored
// puzzle is found again from its position alone (a changed one is not).  Epoxy's turns of
// two actions are whole turns.  The shipped sets are checked by `ludus puzzles verify`
// (ctest puzzles/verify_shipped_sets).
#include <gtest/gtest.h>

#include "ai/puzzles.h"
#include "core/error.h"
#include "core/registry.h"

namespace ludus::ai {
namespace {

// Ndengrod hex-hex 3, lines of 3, no swap: a tiny board the solver reads at once.
std::shared_ptr<const Game> small_ndengrod() {
  return make_game("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "off"}});
}

std::vector<Action> plies(const Game& game, const std::vector<std::string>& texts) {
  auto state = game.new_initial_state();
  std::vector<Action> out;
  for (const auto& t : texts) {
    out.push_back(state->parse_action(t));
    state->apply(out.back());
  }
  return out;
}

PuzzleLimits small_limits() {
  PuzzleLimits limits;
  limits.nodes = 50'000;
  limits.memory_bytes = 4u << 20;
  return limits;
}

// X: a1 a2 and two stones far off; O threatens c3 (c1 c2) and e5 (e3 e4) at once.  So X wins
// only by completing a1 a2 a3 now: every other turn lets O complete a line.
const std::vector<std::string> kOneWin = {"a1", "c1", "a2", "c2", "d5", "e3", "b4", "e4"};

TEST(Puzzles, OneWinningTurnIsAPuzzle) {
  auto game = small_ndengrod();
  const PuzzleVerdict v = make_puzzle(game, plies(*game, kOneWin), small_limits());
  ASSERT_TRUE(v.puzzle) << rejection_name(v.rejection);
  const Puzzle& p = *v.puzzle;
  ASSERT_EQ(p.line.size(), 1u);
  auto state = game->new_initial_state();
  for (Action a : p.moves) state->apply(a);
  EXPECT_EQ(turn_text(*state, p.line[0]), "a3");
  EXPECT_EQ(p.winner_seat, 0);
  EXPECT_EQ(p.turns(), 1);
  EXPECT_EQ(p.themes, std::vector<std::string>{"line of 3"});
  EXPECT_EQ(p.choices, 19 - 8);
  EXPECT_EQ(p.digest.size(), 16u);
}

TEST(Puzzles, TwoWinningTurnsAreNoPuzzle) {
  auto game = small_ndengrod();
  // X: c2 c3, with c1 and c4 both empty: either completes a line of 3.
  const PuzzleVerdict v = make_puzzle(game, plies(*game, {"c2", "a1", "c3", "e3"}), small_limits());
  EXPECT_FALSE(v.puzzle);
  EXPECT_EQ(v.rejection, PuzzleRejection::kSeveral);
}

TEST(Puzzles, APositionWithoutAWinIsNoPuzzle) {
  auto game = small_ndengrod();
  // O to move in kOneWin's position after X's far-off stone instead of a3: O wins, X cannot.
  std::vector<std::string> moves = kOneWin;
  moves.push_back("b1");
  moves.push_back("a3");  // O blocks X's line; now X faces c3 and e3 with nothing of its own
  const PuzzleVerdict v = make_puzzle(game, plies(*game, moves), small_limits());
  EXPECT_FALSE(v.puzzle);
  EXPECT_EQ(v.rejection, PuzzleRejection::kNoWin);
}

TEST(Puzzles, AnUnsettledPositionIsNoPuzzle) {
  // The start of the default board: 1024 nodes settle nothing.
  auto game = make_game("ndengrod", {});
  PuzzleLimits limits = small_limits();
  limits.nodes = 1000;
  const PuzzleVerdict v = make_puzzle(game, {}, limits);
  EXPECT_FALSE(v.puzzle);
  EXPECT_EQ(v.rejection, PuzzleRejection::kUnsettled);
}

TEST(Puzzles, AStoredPuzzleIsFoundAgainAndAChangedOneIsNot) {
  auto game = small_ndengrod();
  const PuzzleVerdict v = make_puzzle(game, plies(*game, kOneWin), small_limits());
  ASSERT_TRUE(v.puzzle);
  const std::string line = puzzle_json(*v.puzzle);
  const Puzzle read = parse_puzzle(line);
  EXPECT_EQ(puzzle_json(read), line);
  EXPECT_EQ(verify_puzzle(read, small_limits()), "");

  Puzzle wrong_digest = read;
  wrong_digest.digest = "0000000000000000";
  EXPECT_NE(verify_puzzle(wrong_digest, small_limits()).find("another digest"), std::string::npos);
  Puzzle wrong_line = read;  // b1 instead of a3: not the winning turn
  wrong_line.line[0] = {plies(*game, {"a1", "c1", "a2", "c2", "d5", "e3", "b4", "e4", "b1"}).back()};
  EXPECT_NE(verify_puzzle(wrong_line, small_limits()).find("another line"), std::string::npos);
  Puzzle two_wins = read;  // another position: no longer a puzzle
  two_wins.moves = plies(*game, {"c2", "a1", "c3", "e3"});
  EXPECT_EQ(verify_puzzle(two_wins, small_limits()), "not a puzzle: several winning turns");
  EXPECT_THROW(parse_puzzle(R"({"game":"ndengrod","moves":["zz9"],"line":[]})"), LudusError);
  EXPECT_THROW(parse_puzzle("not json"), LudusError);
}

// Epoxy's turns hold two actions: each listed turn ends exactly at its last ply, and no two
// reach the same position.
TEST(Puzzles, WholeTurnsOfTwoActions) {
  auto game = make_game("epoxy", {});
  auto state = game->new_initial_state();
  const auto first = whole_turns(*state);
  ASSERT_FALSE(first.empty());
  state = first.front().after->clone();  // after Maroon's opening turn of one action
  const auto turns = whole_turns(*state);
  ASSERT_FALSE(turns.empty());
  bool two_actions = false;
  for (const WholeTurn& t : turns) {
    auto s = state->clone();
    for (size_t i = 0; i < t.plies.size(); ++i) {
      ASSERT_EQ(s->ends_turn(t.plies[i]), i + 1 == t.plies.size()) << turn_text(*state, t.plies);
      s->apply(t.plies[i]);
    }
    two_actions = two_actions || t.plies.size() == 2;
  }
  EXPECT_TRUE(two_actions);
}

}  // namespace
}  // namespace ludus::ai
