// SPDX-License-Identifier: Apache-2.0
// Hand-made Trellis positions with known answers: connections, edges, turn shapes, pie,
// mirror rule, the end of the game, sizes and notation errors.
#include <algorithm>
#include <set>

#include "games/trellis/trellis_test_support.h"
#include "support/game_test_support.h"

namespace ludus::trellis::test {
namespace {

TEST(TrellisConnection, BlackLinksAcrossADarkSquare) {
  Position p(7);
  // d3 -> e4 crosses the square with lower-left d3 = (3, 2): 3 + 2 odd, dark.
  p.play("d1 pass d2 pass d3 pass e4 pass e5 pass e6 pass");
  EXPECT_TRUE(p.state().connected(p.site("d3"), p.site("e4")));
  EXPECT_FALSE(p.state().is_terminal());
  p.play("e7");
  ASSERT_TRUE(p.state().is_terminal());
  EXPECT_EQ(p.state().winner(), kBlack);
  EXPECT_EQ(p.state().end_reason(), "black connects top and bottom");
}

TEST(TrellisConnection, BlackDoesNotLinkAcrossALightSquare) {
  Position p(7);
  // d3 -> c4 crosses the square with lower-left c3 = (2, 2): light, White's home.
  p.play("d1 pass d2 pass d3 pass c4 pass c5 pass c6 pass c7 pass");
  EXPECT_FALSE(p.state().connected(p.site("d3"), p.site("c4")));
  EXPECT_TRUE(p.state().connected(p.site("d1"), p.site("d3")));
  EXPECT_TRUE(p.state().connected(p.site("c4"), p.site("c7")));
  EXPECT_FALSE(p.state().is_terminal());
  p.play("d4");  // orthogonally next to both d3 and c4
  ASSERT_TRUE(p.state().is_terminal());
  EXPECT_EQ(p.state().winner(), kBlack);
}

TEST(TrellisConnection, WhiteLinksAcrossALightSquareOnly) {
  Position light(7);
  light.play("pass a4 pass b4 pass c4 pass d3 pass e3 pass f3 pass");  // c4 -> d3: light square c3
  EXPECT_TRUE(light.state().connected(light.site("c4"), light.site("d3")));
  light.play("g3");
  ASSERT_TRUE(light.state().is_terminal());
  EXPECT_EQ(light.state().winner(), kWhite);
  EXPECT_EQ(light.state().end_reason(), "white connects left and right");

  Position dark(7);
  dark.play("pass a4 pass b4 pass c4 pass d5 pass e5 pass f5 pass g5");  // c4 -> d5: dark square c4
  EXPECT_FALSE(dark.state().connected(dark.site("c4"), dark.site("d5")));
  EXPECT_FALSE(dark.state().is_terminal());
}

TEST(TrellisConnection, CornerPointsBelongToBothSides) {
  Position black(7);
  black.play("a1,a4 pass a2,a5 pass a3,a6 pass");  // column a, from corner a1
  EXPECT_FALSE(black.state().is_terminal());
  black.play("a7");  // corner a7 is on Black's top row
  ASSERT_TRUE(black.state().is_terminal());
  EXPECT_EQ(black.state().winner(), kBlack);

  Position white(7);
  white.play("pass a7,d7 pass b7,e7 pass c7,f7 pass");  // row 7, from corner a7
  EXPECT_FALSE(white.state().is_terminal());
  white.play("g7");  // corner g7 is on White's right column
  ASSERT_TRUE(white.state().is_terminal());
  EXPECT_EQ(white.state().winner(), kWhite);
}

TEST(TrellisTurn, TwelveOffsetsThreeApart) {
  Position p(7);
  const int offsets[12][2] = {{3, 0}, {-3, 0}, {0, 3},  {0, -3}, {1, 2},  {1, -2},
                              {-1, 2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
  std::set<Action> actions;
  for (auto [dc, dr] : offsets) {
    std::string other = point(3 + dc, 3 + dr);
    Action a = p.state().parse_action("d4," + other);
    EXPECT_EQ(p.state().parse_action(other + ",d4"), a) << other;
    EXPECT_GE(a, p.game().num_sites());
    EXPECT_LT(a, p.game().pass_action());
    EXPECT_TRUE(p.state().is_legal(a));
    // Canonical order: by column, then row.
    bool d4_first = dc > 0 || (dc == 0 && dr > 0);
    EXPECT_EQ(p.state().action_to_text(a), d4_first ? "d4," + other : other + ",d4");
    actions.insert(a);
  }
  EXPECT_EQ(actions.size(), 12u);
  EXPECT_EQ(p.state().action_to_text(p.state().parse_action(" G4 , D4 ")), "d4,g4");
}

TEST(TrellisTurn, PairsNotThreeApartAreRefused) {
  Position p(7);
  const std::string apart =
      "the two stones must be exactly three apart: (±3,0), (0,±3), (±1,±2) or (±2,±1)";
  EXPECT_EQ(p.error("d4,d6"), "illegal move 'd4,d6': " + apart);  // distance 2
  EXPECT_EQ(p.error("d4,f6"), "illegal move 'd4,f6': " + apart);  // (2,2)
  EXPECT_EQ(p.error("d4,e5"), "illegal move 'd4,e5': " + apart);
  EXPECT_EQ(p.error("a1,d4"), "illegal move 'a1,d4': " + apart);  // (3,3)
  EXPECT_EQ(p.error("d4,d4"), "illegal move 'd4,d4': both stones on d4");
  EXPECT_EQ(p.error("e7,h7"), "illegal move 'e7,h7': off-board coordinate 'h7'");
  EXPECT_EQ(p.error("d5,d8"), "illegal move 'd5,d8': off-board coordinate 'd8'");
  EXPECT_EQ(p.error("a1,a0"), "illegal move 'a1,a0': malformed coordinate 'a0'");
  p.play("d4");
  EXPECT_EQ(p.error("d4,g4"), "illegal move 'd4,g4': d4 is occupied");
  EXPECT_EQ(p.error("a4,D4"), "illegal move 'a4,D4': d4 is occupied");
}

TEST(TrellisTurn, SingleStoneAndPass) {
  Position p(7);
  Action single = p.state().parse_action("D4");
  EXPECT_EQ(single, p.site("d4"));
  EXPECT_EQ(p.state().action_to_text(single), "d4");
  EXPECT_EQ(p.state().parse_action(" Pass "), p.game().pass_action());
  EXPECT_EQ(p.state().action_to_text(p.game().pass_action()), "pass");
  p.play("d4");
  EXPECT_EQ(p.state().stone_at(p.site("d4")), kBlack);
  EXPECT_EQ(p.error("d4"), "illegal move 'd4': d4 is occupied");
  p.play("pass");
  EXPECT_EQ(p.state().to_move(), kBlack);
  EXPECT_EQ(p.state().turn_number(), 3);
}

TEST(TrellisTurn, NotationErrors) {
  Position p(7);
  const std::string shape = "malformed move (expected 'd4', 'd4,g4', 'pass' or 'swap')";
  EXPECT_EQ(p.error(""), "illegal move '': " + shape);
  EXPECT_EQ(p.error("d4,g4,a4"), "illegal move 'd4,g4,a4': " + shape);
  EXPECT_EQ(p.error("d4,"), "illegal move 'd4,': " + shape);
  EXPECT_EQ(p.error("z9"), "illegal move 'z9': off-board coordinate 'z9'");
  EXPECT_EQ(p.error("d"), "illegal move 'd': malformed coordinate 'd'");
  EXPECT_EQ(p.error("resign"), "illegal move 'resign': resign is not a board move");
}

TEST(TrellisPie, FirstPlayerMakesThreeTurnsThenSecondChooses) {
  Position p(7);
  TrellisState& s = p.state();
  const std::string too_early = "illegal move 'swap': swap is only allowed as the second player's choice before turn 4";
  EXPECT_EQ(s.to_move(), kBlack);
  EXPECT_EQ(s.seat_to_move(), 0);
  EXPECT_EQ(p.error("swap"), too_early);
  p.play("c3");
  EXPECT_EQ(s.to_move(), kWhite);
  EXPECT_EQ(s.seat_to_move(), 0);  // the first player plays White's turn 2
  EXPECT_EQ(p.error("swap"), too_early);
  p.play("e5");
  EXPECT_EQ(s.to_move(), kBlack);
  EXPECT_EQ(s.seat_to_move(), 0);
  p.play("b6,c4");
  EXPECT_EQ(s.to_move(), kWhite);
  EXPECT_EQ(s.seat_to_move(), 1);  // the second player chooses
  EXPECT_TRUE(s.swap_available());
  EXPECT_TRUE(s.is_legal(p.game().swap_action()));

  // Keeping White: the second player plays White's fourth turn.
  Position keep = p;
  keep.play("f2");
  EXPECT_FALSE(keep.state().seats_swapped());
  EXPECT_EQ(keep.state().to_move(), kBlack);
  EXPECT_EQ(keep.state().seat_to_move(), 0);
  EXPECT_EQ(keep.error("swap"), too_early);

  // Swapping: the second player takes Black; the first player plays White's fourth turn.
  p.play("swap");
  EXPECT_TRUE(s.seats_swapped());
  EXPECT_EQ(s.turn_number(), 4);  // swap is not a turn
  EXPECT_EQ(s.to_move(), kWhite);
  EXPECT_EQ(s.seat_to_move(), 0);
  EXPECT_EQ(s.seat_of_colour(kBlack), 1);
  EXPECT_EQ(p.error("swap"), "illegal move 'swap': swap was already played");
  p.play("f2");
  EXPECT_EQ(s.to_move(), kBlack);
  EXPECT_EQ(s.seat_to_move(), 1);
  p.play("pass");
  EXPECT_EQ(s.seat_to_move(), 0);
}

TEST(TrellisPie, WinnerSeatFollowsTheSwap) {
  Position p(7);
  p.play("a1,a4 pass a2,a5 swap pass a3,a6 pass a7");
  ASSERT_TRUE(p.state().is_terminal());
  EXPECT_EQ(p.state().winner(), kBlack);
  EXPECT_EQ(p.state().winning_seat(), 1);  // the second player took Black
}

// What each action does, as the board JSON of the play server says it; every one is a
// whole turn, so one stone is a whole move too.
TEST(TrellisActions, OneStoneTwoStonesPassAndSwapEachEndATurn) {
  History h(trellis_game(7));
  EXPECT_EQ(ludus::testing::action_facts(h, "e6,d4"), "place d4 e6, ends the turn");
  EXPECT_EQ(ludus::testing::action_facts(h, "d4"), "place d4, ends the turn");
  EXPECT_EQ(ludus::testing::action_facts(h, "pass"), "pass, ends the turn");
  EXPECT_EQ(h.play_turn("d4"), 1);
  // The first player moves on, with White: another turn.
  EXPECT_EQ(h.next_mover().seat, 0);
  EXPECT_EQ(ludus::testing::action_facts(h, "a1"), "place a1, ends the turn");
  EXPECT_EQ(h.current_turn(), 2);
  h.play_moves({"a1,a4", "g7"});
  EXPECT_EQ(ludus::testing::action_facts(h, "swap"), "swap, ends the turn");
  EXPECT_EQ(h.play_turn("swap"), 1);
  EXPECT_EQ(h.current_turn(), 5);
}

}  // namespace
}  // namespace ludus::trellis::test
