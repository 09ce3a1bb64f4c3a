// SPDX-License-Identifier: Apache-2.0
// Hand-made XS positions with known answers (board: see epoxy_board_test.cpp).
//
//           2 3 4
//       a  . . . 5
//     b 1 . . . . 6
//   c  . . .   . .        holes: c4, e3, f6
//  d  . . . . . . 7
// e  . .   . . . . 8
//  f  . . . .   . .
//   g  . . . . . .
//        h  . . .
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/history.h"
#include "epoxy_test_support.h"
#include "support/game_test_support.h"

namespace ludus::epoxy {
namespace {

using testing::epoxy_game;
using testing::error_of;
using testing::is_legal_text;
using testing::position;

constexpr int kMaroon = 0, kGrey = 1;

// --- line of sight --------------------------------------------------------------------------

TEST(EpoxySight, BlockedByAStoneOfEitherColour) {
  auto game = epoxy_game();
  // Grey d1 sees along row d up to maroon d3, not beyond it.
  auto maroon_moves = position(*game, "d3", "d1", kMaroon);
  EXPECT_FALSE(is_legal_text(*maroon_moves, "d2"));
  EXPECT_EQ(error_of(*maroon_moves, "d2"), "illegal move 'd2': seen by a grey stone");
  EXPECT_TRUE(is_legal_text(*maroon_moves, "d4"));
  EXPECT_TRUE(is_legal_text(*maroon_moves, "d6"));
  // The same with the colours exchanged: maroon d1's sight ends at grey d3.
  auto grey_moves = position(*game, "d1", "d3", kGrey);
  EXPECT_FALSE(is_legal_text(*grey_moves, "d2"));
  EXPECT_TRUE(is_legal_text(*grey_moves, "d4"));
  EXPECT_TRUE(is_legal_text(*grey_moves, "d6"));
}

TEST(EpoxySight, BlockedByAHole) {
  auto game = epoxy_game();
  // Grey e2 looks east into the hole e3, so e4..e7 are hidden from it; without a hole in
  // between (grey e4) the same row is seen.
  auto state = position(*game, "", "e2", kMaroon);
  for (const char* p : {"e4", "e5", "e6", "e7"}) EXPECT_TRUE(is_legal_text(*state, p)) << p;
  EXPECT_FALSE(is_legal_text(*state, "e1"));
  auto open_row = position(*game, "", "e4", kMaroon);
  for (const char* p : {"e5", "e6", "e7"}) EXPECT_FALSE(is_legal_text(*open_row, p)) << p;
}

TEST(EpoxySight, EndsAtTheEdge) {
  auto game = epoxy_game();
  // Grey d6 sees along its row to the far end d1, but the line does not go on past the
  // edge into the next row (e1 follows d6 in site order).
  auto state = position(*game, "", "d6", kMaroon);
  EXPECT_FALSE(is_legal_text(*state, "d1"));
  EXPECT_TRUE(is_legal_text(*state, "e1"));
  EXPECT_TRUE(is_legal_text(*state, "c1"));
}

// --- slides ---------------------------------------------------------------------------------

TEST(EpoxySlide, RefusedThroughAStoneOrAHole) {
  auto game = epoxy_game();
  auto state = position(*game, "d1 e2", "d3 f8", kMaroon);
  EXPECT_EQ(error_of(*state, "d1-d5"), "illegal move 'd1-d5': blocked by the stone on d3");
  EXPECT_EQ(error_of(*state, "e2-e4"), "illegal move 'e2-e4': the line from e2 to e4 crosses a hole");
  EXPECT_EQ(error_of(*state, "d1-f4"), "illegal move 'd1-f4': d1 and f4 are not on one line");
  EXPECT_EQ(error_of(*state, "d3-d4"), "illegal move 'd3-d4': no maroon stone on d3");
  EXPECT_EQ(error_of(*state, "d1-e2"), "illegal move 'd1-e2': e2 is occupied");
  for (const char* m : {"d1-d4", "d1-d5", "d1-d6", "e2-e4", "e2-e5"}) EXPECT_FALSE(is_legal_text(*state, m)) << m;
}

TEST(EpoxySlide, LegalByMoreAdjacentOpponents) {
  auto game = epoxy_game();
  // d1 touches no grey stone, d4 touches d5: condition A.
  auto state = position(*game, "d1", "d5", kMaroon);
  EXPECT_TRUE(is_legal_text(*state, "d1-d4"));
  EXPECT_EQ(state->parse_action("D1-D4"), game->slide_action(game->geometry().parse("d1", nullptr),
                                                            game->geometry().parse("d4", nullptr)));
  // Fewer adjacent opponents is refused even with more lines to them: c3 touches grey d4
  // (its one line); c2 touches nothing but sees a2 and h7.
  auto fewer = position(*game, "c3", "d4 a2 h7", kMaroon);
  EXPECT_EQ(error_of(*fewer, "c3-c2"),
            "illegal move 'c3-c2': the slide does not gain contact with grey (adjacent grey stones 1 -> 0, lines to "
            "grey stones 1 -> 2)");
}

TEST(EpoxySlide, LegalOnlyByMoreLinesToOpponents) {
  auto game = epoxy_game();
  // No grey stone touches d1 or d3, but from d3 the south-east line reaches grey g6.
  auto state = position(*game, "d1", "g6", kMaroon);
  EXPECT_TRUE(is_legal_text(*state, "d1-d3"));
  // d2 sees no grey stone: equal counts, refused.
  EXPECT_EQ(error_of(*state, "d1-d2"),
            "illegal move 'd1-d2': the slide does not gain contact with grey (adjacent grey stones 0 -> 0, lines to "
            "grey stones 0 -> 0)");
}

TEST(EpoxySlide, VacatedStartOpensTheLineBehind) {
  auto game = epoxy_game();
  // d4 sees grey d6 (one line).  After d4-d2, d2 sees d6 through the vacated d4 and grey
  // a2 up its column: two lines, so the slide is legal.  Counting d2 with the stone still
  // on d4 would give one line and refuse it.
  auto state = position(*game, "d4", "d6 a2", kMaroon);
  EXPECT_TRUE(is_legal_text(*state, "d4-d2"));
}

TEST(EpoxySlide, RefusedWhenVacatingTheStartChangesNothing) {
  auto game = epoxy_game();
  // Away from the opponent: d4 sees grey d6; d2 sees it too, through the vacated d4, and
  // nothing else.  One line before, one after: refused.
  auto away = position(*game, "d4", "d6", kMaroon);
  EXPECT_FALSE(is_legal_text(*away, "d4-d2"));
  EXPECT_FALSE(is_legal_text(*away, "d4-d3"));
  // Towards it: d1 and d3 both see grey d5 (counted from d1 before the move, with d3
  // still empty), neither touches it: refused.  Only d4, next to d5, is a legal target.
  auto towards = position(*game, "d1", "d5", kMaroon);
  EXPECT_EQ(error_of(*towards, "d1-d3"),
            "illegal move 'd1-d3': the slide does not gain contact with grey (adjacent grey stones 0 -> 0, lines to "
            "grey stones 1 -> 1)");
  EXPECT_FALSE(is_legal_text(*towards, "d1-d2"));
  EXPECT_TRUE(is_legal_text(*towards, "d1-d4"));
}

// --- turns and the end ----------------------------------------------------------------------

TEST(EpoxyTurns, OneActionThenTwoWithAnOptionalPass) {
  auto game = epoxy_game();
  History h(game);
  EXPECT_EQ(error_of(h.state(), "pass"), "illegal move 'pass': pass is only allowed as the second action of a turn");
  h.play("d1");  // Maroon's opening turn: one action
  EXPECT_EQ(h.state().to_move(), kGrey);
  EXPECT_FALSE(is_legal_text(h.state(), "pass"));
  EXPECT_EQ(error_of(h.state(), "pass"), "illegal move 'pass': pass is only allowed as the second action of a turn");
  h.play("h8");
  EXPECT_EQ(h.state().to_move(), kGrey);  // the same player's second action
  EXPECT_TRUE(is_legal_text(h.state(), "pass"));
  h.play("pass");
  EXPECT_EQ(h.state().to_move(), kMaroon);
  EXPECT_FALSE(is_legal_text(h.state(), "pass"));
  h.play("a2");
  h.play("a4");  // the second action may be another placement or a slide
  EXPECT_EQ(h.state().to_move(), kGrey);
  EXPECT_EQ(h.moves(), (std::vector<std::string>{"d1", "h8", "pass", "a2", "a4"}));
}

TEST(EpoxyTurns, WholeTurnTextSplitsIntoActions) {
  auto game = epoxy_game();
  EXPECT_EQ(game->new_initial_state()->split_turn_text(" D3 , Pass "), (std::vector<std::string>{"d3", "pass"}));
  History h(game);
  for (const char* turn : {"d1", "h8,pass", "a2, a4"})
    for (const auto& action : h.state().split_turn_text(turn)) h.play(action);
  EXPECT_EQ(h.num_moves(), 5);
  EXPECT_EQ(error_of(h.state(), "b2,b3"), "illegal move 'b2,b3': one action at a time");
}

TEST(EpoxyEnd, TheLastPlayerToPlayWinsAtTheEndOfATurn) {
  auto game = epoxy_game();
  // Maroon sees every empty point but c6.  Placing a4 (which sees c6 along a4-b5-c6)
  // leaves grey without a legal first action, but the turn is not over yet.
  auto state = position(*game, "a2 d1 e5 f8 g7 h6", "", kMaroon);
  EXPECT_EQ(state->count_first_actions(kGrey), 1);
  state->apply(state->parse_action("a4"));
  EXPECT_EQ(state->count_first_actions(kGrey), 0);
  EXPECT_FALSE(state->is_terminal());
  EXPECT_EQ(state->to_move(), kMaroon);
  EXPECT_TRUE(is_legal_text(*state, "pass"));
  state->apply(state->parse_action("pass"));
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(state->winner(), kMaroon);
  EXPECT_EQ(describe_status(*state), "Maroon (first player) wins: grey has no legal action");
  EXPECT_TRUE(state->legal_actions().empty());
  EXPECT_EQ(error_of(*state, "b2"), "illegal move 'b2': the game is over");
}

TEST(EpoxyEnd, NoWinWhileTheOpponentCanStillAct) {
  auto game = epoxy_game();
  // The same position with maroon placing elsewhere: c6 stays open to grey, so grey
  // moves next.
  auto state = position(*game, "a2 d1 e5 f8 g7 h6", "", kMaroon);
  state->apply(state->parse_action("b2"));
  state->apply(state->parse_action("pass"));
  EXPECT_FALSE(state->is_terminal());
  EXPECT_EQ(state->to_move(), kGrey);
  EXPECT_EQ(testing::legal_texts(*state), (std::vector<std::string>{"c6"}));
}

// --- notation errors ------------------------------------------------------------------------

TEST(EpoxyNotation, ErrorsNameTheProblem) {
  auto game = epoxy_game();
  auto state = position(*game, "d1", "d5", kMaroon);
  EXPECT_EQ(error_of(*state, "z9"), "illegal move 'z9': off-board coordinate 'z9'");
  EXPECT_EQ(error_of(*state, "c4"), "illegal move 'c4': off-board coordinate 'c4'");  // a hole
  EXPECT_EQ(error_of(*state, "4d"), "illegal move '4d': malformed coordinate '4d'");
  EXPECT_EQ(error_of(*state, "d5"), "illegal move 'd5': occupied");
  EXPECT_EQ(error_of(*state, "d1-"), "illegal move 'd1-': malformed move");
  EXPECT_EQ(error_of(*state, "d1-d2-d3"), "illegal move 'd1-d2-d3': malformed move");
  EXPECT_EQ(error_of(*state, "swap"), "illegal move 'swap': epoxy has no swap");
  EXPECT_EQ(state->action_to_text(state->parse_action(" D1-D4 ")), "d1-d4");
  EXPECT_EQ(state->action_to_text(game->pass_action()), "pass");
}

// What each action does, as the board JSON of the play server says it.
TEST(EpoxyActions, PlacementsAndSlidesEndTheTurnOnlyAsItsLastAction) {
  auto game = epoxy_game();
  History h(game);
  EXPECT_EQ(ludus::testing::action_facts(h, "d1"), "place d1, ends the turn");  // Maroon's first turn: one action
  h.play("d1");
  EXPECT_EQ(ludus::testing::action_facts(h, "h8"), "place h8, the turn goes on");
  h.play("h8");
  EXPECT_EQ(ludus::testing::action_facts(h, "pass"), "pass, ends the turn");
  auto first = position(*game, "d1", "d5", kMaroon);
  EXPECT_EQ(ludus::testing::action_facts(*first, first->parse_action("d1-d4")), "slide d1 d4, the turn goes on");
  auto second = position(*game, "d1", "d5", kMaroon, true);
  EXPECT_EQ(ludus::testing::action_facts(*second, second->parse_action("d1-d4")), "slide d1 d4, ends the turn");
}

// A move is a whole turn: half of one is refused with the whole form, and nothing is played.
TEST(EpoxyTurns, HalfATurnIsRefusedWithTheWholeForm) {
  History h(epoxy_game());
  EXPECT_EQ(h.play_turn("d1"), 1);  // Maroon's first turn is one action: whole
  try {
    h.play_turn(" H8 ");
    ADD_FAILURE() << "half a turn was played";
  } catch (const LudusError& e) {
    EXPECT_STREQ(e.what(), "illegal move 'H8': not a whole turn; send all of it, e.g. 'h8,pass'");
  }
  EXPECT_EQ(h.num_moves(), 1);
  EXPECT_EQ(h.current_turn(), 2);
  EXPECT_EQ(h.play_turn("h8,pass"), 2);
  // Collected action by action (`ludus play`), the turn's rest is then a whole move.
  EXPECT_EQ(h.play_actions("a2"), 1);
  EXPECT_TRUE(h.mid_turn());
  EXPECT_EQ(h.current_turn(), 3);
  EXPECT_EQ(h.play_turn("a4"), 1);
  EXPECT_EQ(h.current_turn(), 4);
  EXPECT_EQ(h.moves(), (std::vector<std::string>{"d1", "h8", "pass", "a2", "a4"}));
}

}  // namespace
}  // namespace ludus::epoxy
