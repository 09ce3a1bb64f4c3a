// SPDX-License-Identifier: Apache-2.0
// Hand-made Ndengrod positions with known answers (RULES.md §4): captures, suicide,
// lines, swap, forced passes, options.
#include "core/error.h"
#include "ndengrod_test_util.h"
#include "support/game_test_support.h"

namespace ludus::ndengrod {
namespace {

using namespace test;

const std::map<std::string, std::string> kNoSwap = {{"swap", "off"}};

std::vector<std::string> stones_of(const NdengrodState& state, int colour) {
  std::vector<std::string> out;
  for (int s = 0; s < state.ndengrod().num_sites(); ++s)
    if (state.stone_at(s) == colour) out.push_back(state.ndengrod().geometry().name(s));
  return out;
}

// --- captures and suicide --------------------------------------------------------------

TEST(NdengrodCapture, SurroundedStoneInTheCornerIsRemoved) {
  // O's corner stone a1 loses its last freedom b2; the board edge gives none.
  auto history = played(make(kNoSwap), "a2 a1 b1 e5 b2");
  const auto& state = ndengrod_state(history);
  EXPECT_EQ(state.last_captures(), 1);
  EXPECT_EQ(state.stone_at(site(state.ndengrod(), "a1")), NdengrodState::kEmpty);
  EXPECT_EQ(stones_of(state, 0), (std::vector<std::string>{"a2", "b1", "b2"}));
  EXPECT_EQ(stones_of(state, 1), (std::vector<std::string>{"e5"}));
  EXPECT_EQ(state.to_move(), 1);
}

TEST(NdengrodCapture, StoneWithAFreedomLeftStays) {
  auto history = played(make(kNoSwap), "a2 a1 b1");
  const auto& state = ndengrod_state(history);
  EXPECT_EQ(state.last_captures(), 0);
  EXPECT_EQ(state.stone_at(site(state.ndengrod(), "a1")), 1);
}

TEST(NdengrodCapture, SuicideIsRefusedWithTheReason) {
  auto history = played(make(kNoSwap), "a2 a1 b1 e5 b2");
  // a1 again: no empty neighbour, the X group a2-b1-b2 keeps freedoms, nothing is taken.
  EXPECT_EQ(parse_error(history.state(), "a1"), "illegal move 'a1': suicide");
  EXPECT_FALSE(has_move(history.state(), "a1"));
  EXPECT_EQ(legal_texts(history.state()).size(), 61u - 5u);
  EXPECT_THROW(history.play("a1"), LudusError);
  EXPECT_EQ(parse_error(history.state(), "a2"), "illegal move 'a2': occupied");
}

TEST(NdengrodCapture, OnePlacementTakesTwoGroups) {
  auto game = make(kNoSwap);
  auto state = position(*game, "b1 b2 b3 b4 a4", "a1 a3", 0);
  state->apply(state->parse_action("a2"));
  EXPECT_EQ(state->last_captures(), 2);
  EXPECT_EQ(stones_of(*state, 1), std::vector<std::string>{});
  EXPECT_FALSE(state->is_terminal());
}

TEST(NdengrodCapture, CaptureGivesTheNewStoneItsFreedom) {
  // X a1 touches only O stones, but their group's last freedom is a1: it is removed, so
  // the placement is not suicide.
  auto game = make(kNoSwap);
  auto state = position(*game, "a3 b3 c1 c2 c3", "a2 b1 b2", 0);
  EXPECT_TRUE(has_move(*state, "a1"));
  state->apply(state->parse_action("a1"));
  EXPECT_EQ(state->last_captures(), 3);
  EXPECT_EQ(stones_of(*state, 1), std::vector<std::string>{});
  EXPECT_EQ(stones_of(*state, 0), (std::vector<std::string>{"a1", "a3", "b3", "c1", "c2", "c3"}));
}

TEST(NdengrodCapture, WithoutTheCaptureTheSamePlacementIsSuicide) {
  auto game = make(kNoSwap);
  auto state = position(*game, "a3 b3 c1 c2", "a2 b1 b2", 0);  // O keeps c3
  EXPECT_FALSE(has_move(*state, "a1"));
  EXPECT_EQ(parse_error(*state, "a1"), "illegal move 'a1': suicide");
}

TEST(NdengrodCapture, JoiningFriendsWithoutFreedomIsSuicideButTheOpponentCaptures) {
  // X a2 and b1 each have a1 as their last freedom.
  auto game = make(kNoSwap);
  auto x_to_move = position(*game, "a2 b1", "a3 b2 b3 c1 c2", 0);
  EXPECT_EQ(parse_error(*x_to_move, "a1"), "illegal move 'a1': suicide");
  auto o_to_move = position(*game, "a2 b1", "a3 b2 b3 c1 c2", 1);
  o_to_move->apply(o_to_move->parse_action("a1"));
  EXPECT_EQ(o_to_move->last_captures(), 2);
  EXPECT_EQ(stones_of(*o_to_move, 0), std::vector<std::string>{});
}

TEST(NdengrodCapture, FriendlyGroupWithAnotherFreedomMakesItLegal) {
  auto game = make(kNoSwap);
  auto state = position(*game, "a2", "b1 b2 b3", 0);  // a2 still has a3
  EXPECT_TRUE(has_move(*state, "a1"));
  state->apply(state->parse_action("a1"));
  EXPECT_EQ(state->last_captures(), 0);
}

// --- lines -------------------------------------------------------------------------------

void expect_win(const History& history, int colour, const std::string& reason) {
  const State& state = history.state();
  ASSERT_TRUE(state.is_terminal()) << state.render();
  EXPECT_EQ(state.winner(), colour);
  EXPECT_EQ(state.end_reason(), reason);
  EXPECT_TRUE(state.legal_actions().empty());
  EXPECT_EQ(parse_error(state, "a3"), "illegal move 'a3': the game is over");
}

TEST(NdengrodLine, FiveAlongARowWins) {
  auto history = played(make(kNoSwap), "e1 a1 e2 c7 e3 g3 e4 i9");
  EXPECT_FALSE(history.state().is_terminal());  // four is not enough
  history.play("e5");
  expect_win(history, 0, "line of 5");
  EXPECT_EQ(history.result_text(), "x");
  EXPECT_EQ(history.status(), "X (first player) wins: line of 5");
}

TEST(NdengrodLine, FiveAlongTheDownLeftDiagonalWins) {
  // a5 b5 c5 d5 e5: each is the down-left neighbour of the one before.
  auto history = played(make(kNoSwap), "a5 a1 b5 c7 c5 g3 d5 i9 e5");
  expect_win(history, 0, "line of 5");
}

TEST(NdengrodLine, FiveAlongTheDownRightDiagonalWins) {
  // a1 b2 c3 d4 e5: each is the down-right neighbour of the one before.
  auto history = played(make(kNoSwap), "a1 a5 b2 c7 c3 g3 d4 i5 e5");
  expect_win(history, 0, "line of 5");
}

TEST(NdengrodLine, FillingTheGapMakesALongerLineThatAlsoWins) {
  auto history = played(make(kNoSwap), "e1 a1 e2 c7 e3 g3 e5 i9 e6 a5");
  EXPECT_FALSE(history.state().is_terminal());
  history.play("e4");
  expect_win(history, 0, "line of 6");
}

TEST(NdengrodLine, LengthOptionSetsTheTarget) {
  auto history = played(make({{"length", "3"}, {"swap", "off"}}), "a1 e1 a5 e2 i9");
  EXPECT_FALSE(history.state().is_terminal());
  history.play("e3");
  expect_win(history, 1, "line of 3");
  EXPECT_EQ(history.result_text(), "o");

  auto seven = played(make({{"length", "7"}, {"swap", "off"}}), "e1 a1 e2 a2 e3 a3 e4 i9 e5 i8 e6 i7");
  EXPECT_FALSE(seven.state().is_terminal());
  seven.play("e7");
  expect_win(seven, 0, "line of 7");
}

TEST(NdengrodLine, BentOrBrokenRowsDoNotCount) {
  // e1 e2 e3 + d4 + e5: the bend at d4 and the gap at e4 make no line of five.
  auto history = played(make(kNoSwap), "e1 a1 e2 c7 e3 g3 d4 i9 e5 a5 e6");
  EXPECT_FALSE(history.state().is_terminal());
}

// --- swap --------------------------------------------------------------------------------

TEST(NdengrodSwap, OnlyTheSecondMoveMaySwap) {
  auto game = make();
  History history(game);
  EXPECT_FALSE(has_move(history.state(), "swap"));
  EXPECT_EQ(parse_error(history.state(), "swap"), "illegal move 'swap': swap is only allowed as the second move");
  history.play("e5");
  EXPECT_TRUE(has_move(history.state(), "swap"));
  EXPECT_EQ(legal_texts(history.state()).size(), 61u);  // 60 cells and swap
  history.play("d4");
  EXPECT_FALSE(has_move(history.state(), "swap"));
  EXPECT_EQ(parse_error(history.state(), "SWAP"), "illegal move 'SWAP': swap is only allowed as the second move");
}

TEST(NdengrodSwap, SwapExchangesSeatsAndTheFirstPlayerMovesAsO) {
  auto game = make();
  History history(game);
  history.play("e5");
  history.play("Swap");
  const auto& state = ndengrod_state(history);
  EXPECT_TRUE(state.seats_swapped());
  EXPECT_EQ(state.to_move(), 1);        // O moves ...
  EXPECT_EQ(state.seat_to_move(), 0);   // ... played by the first player
  EXPECT_EQ(describe_status(state), "O to move (first player)");
  EXPECT_EQ(stones_of(state, 0), std::vector<std::string>{"e5"});  // stones stay
  EXPECT_EQ(legal_texts(state).size(), 60u);
  EXPECT_EQ(history.moves(), (std::vector<std::string>{"e5", "swap"}));
  EXPECT_NE(state.render().find("e  . . . . x . . . ."), std::string::npos);

  for (const auto& m : words("a1 g3 a2 c7 a3 i9 a4 h4 a5")) history.play(m);
  ASSERT_TRUE(state.is_terminal());
  EXPECT_EQ(state.winner(), 1);
  EXPECT_EQ(state.winning_seat(), 0);
  EXPECT_EQ(history.status(), "O (first player) wins: line of 5");
}

TEST(NdengrodSwap, SwapOffRefusesIt) {
  auto history = played(make(kNoSwap), "e5");
  EXPECT_FALSE(has_move(history.state(), "swap"));
  EXPECT_EQ(legal_texts(history.state()).size(), 60u);
  EXPECT_EQ(parse_error(history.state(), "swap"), "illegal move 'swap': swap is off in this game");
}

// --- passes ------------------------------------------------------------------------------

TEST(NdengrodPass, PlayerWithoutLegalPlacementMustPass) {
  // Side-2 board, lines of 3.  After X b3, O a1, X c2, O b1, X b2 both empty cells (a2,
  // c3) are suicide for O.
  auto game = make({{"size", "2"}, {"length", "3"}, {"swap", "off"}});
  auto history = played(game, "b3 a1 c2 b1 b2");
  EXPECT_EQ(legal_texts(history.state()), std::vector<std::string>{"pass"});
  EXPECT_EQ(parse_error(history.state(), "a2"), "illegal move 'a2': suicide");
  EXPECT_EQ(parse_error(history.state(), "c3"), "illegal move 'c3': suicide");
  history.play("PASS");
  EXPECT_FALSE(history.state().is_terminal());
  EXPECT_EQ(history.state().to_move(), 0);
  EXPECT_EQ(legal_texts(history.state()), (std::vector<std::string>{"a2", "c3"}));
  EXPECT_EQ(parse_error(history.state(), "pass"), "illegal move 'pass': pass is only allowed when no placement is legal");
  history.play("a2");  // takes a1 and b1, and makes the line a2-b2-c2
  EXPECT_EQ(ndengrod_state(history).last_captures(), 2);
  EXPECT_EQ(history.moves(), (std::vector<std::string>{"b3", "a1", "c2", "b1", "b2", "pass", "a2"}));
  EXPECT_EQ(history.status(), "X (first player) wins: line of 3");
}

TEST(NdengrodPass, PassIsNeverLegalWhileAPlacementIs) {
  auto game = make();
  auto state = game->new_initial_state();
  EXPECT_FALSE(state->is_legal(game->pass_action()));
  EXPECT_FALSE(has_move(*state, "pass"));
}

TEST(NdengrodPass, TwoPassesInARowDraw) {
  // A full board (in play, superko can also leave both colours without a placement).
  auto game = make({{"size", "2"}, {"length", "3"}});
  auto state = position(*game, "a1 a2 b1 b3 c3", "b2 c2", 1);
  EXPECT_EQ(legal_texts(*state), std::vector<std::string>{"pass"});
  state->apply(state->parse_action("pass"));
  EXPECT_FALSE(state->is_terminal());
  EXPECT_EQ(legal_texts(*state), std::vector<std::string>{"pass"});
  state->apply(state->parse_action("pass"));
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(state->winner(), kDraw);
  EXPECT_EQ(state->end_reason(), "two passes");
  EXPECT_EQ(describe_status(*state), "Draw: two passes");
}

// --- boards and options ------------------------------------------------------------------

TEST(NdengrodOptions, TrapezoidGameUsesPentalathsBoard) {
  auto game = make({{"shape", "trapezoid"}, {"size", "7"}});
  History history(game);
  EXPECT_EQ(legal_texts(history.state()).size(), 70u);
  for (const auto& m : words("a1 g7 a2 g13 a3 d7 a4 b2")) history.play(m);
  EXPECT_FALSE(history.state().is_terminal());
  EXPECT_EQ(parse_error(history.state(), "g6"), "illegal move 'g6': off-board coordinate 'g6'");
  EXPECT_EQ(parse_error(history.state(), "h7"), "illegal move 'h7': off-board coordinate 'h7'");
  history.play("a5");
  EXPECT_EQ(history.status(), "X (first player) wins: line of 5");
}

std::string creation_error(const std::map<std::string, std::string>& options) {
  try {
    make_game("ndengrod", options);
  } catch (const LudusError& e) {
    return e.what();
  }
  return "";
}

TEST(NdengrodOptions, DefaultsAndBadValues) {
  auto game = make();
  EXPECT_EQ(game->options().to_string(), "length=5 shape=hexhex size=5 swap=on");
  EXPECT_EQ(game->num_distinct_actions(), 63);
  EXPECT_EQ(game->info().colours, (std::array<std::string, 2>{"x", "o"}));
  EXPECT_EQ(creation_error({{"size", "1"}}), "bad option: size=1 (expected an integer in 2..13)");
  EXPECT_EQ(creation_error({{"size", "14"}}), "bad option: size=14 (expected an integer in 2..13)");
  EXPECT_EQ(creation_error({{"length", "2"}}), "bad option: length=2 (expected an integer in 3..9)");
  EXPECT_EQ(creation_error({{"length", "10"}}), "bad option: length=10 (expected an integer in 3..9)");
  EXPECT_EQ(creation_error({{"shape", "round"}}), "bad option: shape=round (expected hexhex|trapezoid)");
  EXPECT_EQ(creation_error({{"swap", "yes"}}), "bad option: swap=yes (expected on|off)");
  EXPECT_NE(creation_error({{"colour", "red"}}).find("unknown option 'colour'"), std::string::npos);
  EXPECT_EQ(creation_error({{"size", "13"}, {"shape", "TRAPEZOID"}, {"length", "9"}, {"swap", "Off"}}), "");
}

TEST(NdengrodOptions, BoardsWithoutRoomForALineAreRefused) {
  EXPECT_EQ(creation_error({{"size", "2"}, {"length", "4"}}),
            "bad option: length=4 (no line of 4 cells fits on the hexhex board of size 2, whose longest line has 3 "
            "cells)");
  EXPECT_EQ(creation_error({{"size", "2"}}),
            "bad option: length=5 (no line of 5 cells fits on the hexhex board of size 2, whose longest line has 3 "
            "cells)");
  EXPECT_EQ(creation_error({{"shape", "trapezoid"}, {"size", "4"}, {"length", "8"}}),
            "bad option: length=8 (no line of 8 cells fits on the trapezoid board of size 4, whose longest line has "
            "7 cells)");
  // Every option set in range: either a line fits or the set is refused in one line.
  for (int size = 2; size <= 13; ++size)
    for (const char* shape : {"hexhex", "trapezoid"})
      for (int length = 3; length <= 9; ++length) {
        const std::map<std::string, std::string> options = {
            {"size", std::to_string(size)}, {"shape", shape}, {"length", std::to_string(length)}};
        const std::string error = creation_error(options);
        const bool fits = 2 * size - 1 >= length;  // both shapes' longest line: the middle row
        EXPECT_EQ(error.empty(), fits) << size << " " << shape << " " << length;
        if (fits) {
          EXPECT_GE(make(options)->longest_line(), length);
        } else {
          EXPECT_EQ(error.find('\n'), std::string::npos);
          EXPECT_EQ(error.rfind("bad option: length=" + std::to_string(length) + " (", 0), 0u) << error;
        }
      }
}

TEST(NdengrodOptions, ResignIsLeftToTheRecord) {
  auto game = make();
  History history(game);
  history.play("e5");
  EXPECT_NE(parse_error(history.state(), "resign").find("illegal move 'resign'"), std::string::npos);
  EXPECT_THROW(history.play("resign"), LudusError);
  history.resign(1);
  EXPECT_EQ(history.result_text(), "x");
}

// What each action does, as the board JSON of the play server says it.
TEST(NdengrodActions, APlacementAndTheSwap) {
  History h(make_game("ndengrod"));
  EXPECT_EQ(ludus::testing::action_facts(h, "e5"), "place e5, ends the turn");
  h.play_turn("e5");
  EXPECT_EQ(ludus::testing::action_facts(h, "swap"), "swap, ends the turn");  // the seats change, the stones stay
}

}  // namespace
}  // namespace ludus::ndengrod
