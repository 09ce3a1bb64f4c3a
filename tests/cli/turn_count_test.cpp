// SPDX-License-Identifier: Apache-2.0
// Counting in turns (core/turn_count.h, docs/turns.md): where a position stands among the
// turns of an Epoxy game (turns of two actions) and of a Trellis game (a turn is one ply,
// the swap and the opening's three turns included), the words for it, plurals, and the
// turns written whole; then `ludus show`, which numbers its move list by turns.
#include <gtest/gtest.h>

#include "cli_test_support.h"
#include "core/registry.h"
#include "core/turn_count.h"

namespace ludus::testing {
namespace {

History played(const std::string& game, const std::vector<std::string>& plies) {
  History h(make_game(game));
  h.play_moves(plies);
  return h;
}

TEST(TurnCount, EpoxysTwoActionsAreOneTurn) {
  // a3 | h8,pass | b2,a2: Maroon's first turn is one action.
  const History h = played("epoxy", {"a3", "h8", "pass", "b2", "a2"});
  const std::vector<TurnPoint> expected = {
      {0, 0, true}, {1, 1, true}, {2, 1, false}, {2, 2, true}, {3, 1, false}, {3, 2, true}};
  for (int plies = 0; plies <= h.num_moves(); ++plies) EXPECT_EQ(turn_point(h, plies), expected[plies]) << plies;
  EXPECT_EQ(turn_point_text(turn_point(h, 0)), "the start");
  EXPECT_EQ(turn_point_text(turn_point(h, 2)), "turn 2 (1st action)");
  EXPECT_EQ(turn_point_text(turn_point(h, 3)), "turn 2");
  EXPECT_EQ(turns_in(h, h.num_moves()), 3);
  EXPECT_EQ(action_in_turn(h, 4), 2);
  EXPECT_EQ(plies_through_turn(h, 0), 0);
  EXPECT_EQ(plies_through_turn(h, 2), 3);
  EXPECT_EQ(plies_through_turn(h, 9), 5);
  const std::vector<WrittenTurn> turns = written_turns(h, 5);
  ASSERT_EQ(turns.size(), 3u);
  EXPECT_EQ(turns[1].text, "h8,pass");
  EXPECT_EQ(turns[1].first_ply, 1);
  EXPECT_EQ(turns[1].plies, 2);
  EXPECT_EQ(turns[1].mover.seat, 1);
  EXPECT_EQ(written_turns(h, 2).back().text, "h8") << "a turn cut where the plies stop";
  // A history that stops inside a turn: its last turn is not whole.
  EXPECT_FALSE(turn_point(played("epoxy", {"a3", "h8"}), 2).whole);
}

TEST(TurnCount, ATrellisTurnIsOnePlyTheSwapIncluded) {
  const History h = played("trellis", {"d4", "a1", "g7", "swap", "c3,d5"});
  for (int plies = 1; plies <= h.num_moves(); ++plies) EXPECT_EQ(turn_point(h, plies), (TurnPoint{plies, 1, true}));
  EXPECT_EQ(written_turns(h, 5).back().text, "c3,d5");
}

TEST(TurnCount, WordsAndPlurals) {
  EXPECT_EQ(counted(0, "turn"), "0 turns");
  EXPECT_EQ(counted(1, "turn"), "1 turn");
  EXPECT_EQ(counted(2, "turn"), "2 turns");
  EXPECT_EQ(ordinal(1), "1st");
  EXPECT_EQ(ordinal(2), "2nd");
  EXPECT_EQ(ordinal(3), "3rd");
  EXPECT_EQ(ordinal(4), "4th");
  EXPECT_EQ(ordinal(11), "11th");
  EXPECT_EQ(ordinal(12), "12th");
  EXPECT_EQ(ordinal(22), "22nd");
}

TEST(TurnCount, ShowNumbersItsMoveListByTurns) {
  const RunResult r = run_ludus({"show", "epoxy", "a3", "h8,pass", "b2", "a2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Moves: 1.a3 2.h8,pass 3.b2,a2\n")) << r.out;
  const RunResult half = run_ludus({"show", "epoxy", "a3", "h8"});
  ASSERT_EQ(half.exit_code, 0) << half.err;
  EXPECT_TRUE(contains(half.out, "Moves: 1.a3 2.h8\n")) << half.out;
}

}  // namespace
}  // namespace ludus::testing
