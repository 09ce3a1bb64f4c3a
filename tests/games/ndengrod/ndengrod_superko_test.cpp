// SPDX-License-Identifier: Apache-2.0
// Superko (RULES.md §4): a placement may not recreate a position of the game with the
// same colour to move; a player left without a placement passes.
//
// Most cases are on the trapezoid of side 2 with lines of 3, whose five cells make
// cycles short:
//
//     a  1 2 3        a1: a2 b2          b2: a1 a2 b3
//     b    2 3        a2: a1 a3 b2 b3    b3: a2 a3 b2
//                     a3: a2 b3          (only row a holds a line of 3)
//
// No two-ply ko exists on hexagonal cells: for X to take a lone O stone on c by playing p
// and O to retake the lone stone p by playing c, the two cells that neighbour both p and
// c would have to be X (to take c) and then O (to take p).  So a repetition needs a
// longer cycle, like the six plies below.
#include "core/error.h"
#include "games/ndengrod/ndengrod_reference.h"
#include "ndengrod_test_util.h"

namespace ludus::ndengrod {
namespace {

using namespace test;

constexpr int kX = 0, kO = 1;

std::shared_ptr<const NdengrodGame> five_cells() {
  return make({{"shape", "trapezoid"}, {"size", "2"}, {"length", "3"}, {"swap", "off"}});
}

void play(NdengrodState& state, const std::string& moves) {
  for (const auto& move : words(moves)) {
    ASSERT_TRUE(state.is_legal(state.parse_action(move))) << move << "\n" << state.render();
    state.apply(state.parse_action(move));
    ASSERT_FALSE(state.is_terminal()) << move;
  }
}

TEST(NdengrodSuperko, RecaptureThatRecreatesThePositionIsRefused) {
  auto game = five_cells();
  auto state = position(*game, "", "a1 b2", kX);
  // X b3 takes a1 b2 a3; O a1; X a3.  Now O b2 would take X a2 a3 b3 and leave O a1 b2
  // with X to move: the starting position.
  play(*state, "a2 a3 b3");
  EXPECT_EQ(state->last_captures(), 3);
  play(*state, "a1 a3");
  const int b2 = site(*game, "b2");
  EXPECT_TRUE(state->placement_repeats(b2));
  EXPECT_FALSE(state->placement_legal(b2));
  EXPECT_FALSE(state->is_legal(b2));
  EXPECT_EQ(parse_error(*state, "b2"), "illegal move 'b2': repeats an earlier position (superko)");
  // b2 was O's only empty cell, so O has no legal placement: it passes.
  EXPECT_EQ(legal_texts(*state), std::vector<std::string>{"pass"});
  state->apply(state->parse_action("pass"));
  EXPECT_FALSE(state->is_terminal());
  EXPECT_EQ(state->to_move(), kX);
  // X b2 takes O a1 and makes a new position.
  EXPECT_EQ(legal_texts(*state), std::vector<std::string>{"b2"});

  // The reference agrees, cell by cell.
  NdengrodReference reference(game->geometry());
  auto replay = position(*game, "", "a1 b2", kX);
  std::vector<int> cells(game->num_sites());
  for (int s = 0; s < game->num_sites(); ++s) cells[s] = replay->stone_at(s);
  reference.set_position(cells, kX);
  int mover = kX;
  for (const auto& move : words("a2 a3 b3 a1 a3")) {
    reference.place(site(*game, move), mover);
    mover ^= 1;
  }
  EXPECT_TRUE(reference.repeats(b2, kO));
  EXPECT_TRUE(reference.legal_placements(kO).empty());
}

TEST(NdengrodSuperko, TheSameStonesWithTheOtherColourToMoveAreAllowed) {
  auto game = five_cells();
  auto state = position(*game, "b3", "a1 b2", kX);
  // X a2 takes a1 b2; O a1; X a3; O b2 takes a2 a3 b3.  Then X b3 recreates the stones
  // of the start, but with O to move instead of X: allowed.
  play(*state, "a2 a1 a3 b2");
  EXPECT_EQ(state->last_captures(), 3);
  const int b3 = site(*game, "b3");
  EXPECT_FALSE(state->placement_repeats(b3));
  EXPECT_TRUE(state->placement_legal(b3));
  state->apply(b3);
  auto start = position(*game, "b3", "a1 b2", kX);
  for (int s = 0; s < game->num_sites(); ++s) EXPECT_EQ(state->stone_at(s), start->stone_at(s));
  EXPECT_EQ(state->to_move(), kO);
}

// A longer cycle, from a random game on the hex-hex board of side 3 (lines of 5): after
// 43 moves O's b1 would recreate the position after move 22.
TEST(NdengrodSuperko, LongCycleInAGameIsRefused) {
  auto history = played(make({{"size", "3"}, {"swap", "off"}}),
                        "d3 c2 d2 c3 d5 c1 b3 b4 c5 a3 b2 e4 d4 c4 e5 b1 a2 a1 e3 b3 a2 b2 a2 a1 b1 c1 a3 b4 b3 "
                        "c3 b2 c4 a1 c2 b3 b2 a2 a3 b1 a1 a2 b3 pass");
  const auto& state = ndengrod_state(history);
  ASSERT_FALSE(state.is_terminal());
  EXPECT_EQ(state.to_move(), kO);
  EXPECT_TRUE(state.placement_repeats(site(state.ndengrod(), "b1")));
  EXPECT_FALSE(has_move(state, "b1"));
  EXPECT_EQ(parse_error(state, "b1"), "illegal move 'b1': repeats an earlier position (superko)");
  EXPECT_THROW(history.play("b1"), LudusError);

  // Set up from scratch the same stones have no past, so b1 is legal there.
  std::string x, o;
  for (int s = 0; s < state.ndengrod().num_sites(); ++s) {
    if (state.stone_at(s) == kX) x += state.ndengrod().geometry().name(s) + " ";
    if (state.stone_at(s) == kO) o += state.ndengrod().geometry().name(s) + " ";
  }
  EXPECT_TRUE(has_move(*position(state.ndengrod(), x, o, kO), "b1"));
}

TEST(NdengrodSuperko, ClonesKeepTheirOwnPast) {
  auto game = five_cells();
  auto state = position(*game, "", "a1 b2", kX);
  play(*state, "a2 a3 b3 a1");
  auto before = state->clone();
  play(*state, "a3");
  EXPECT_FALSE(state->placement_legal(site(*game, "b2")));
  // The clone, one ply earlier, has not seen the position after X a3.
  auto& earlier = dynamic_cast<NdengrodState&>(*before);
  EXPECT_EQ(legal_texts(earlier), (std::vector<std::string>{"a3", "b2"}));
  play(earlier, "b2");  // X b2 instead: takes O a1
  EXPECT_EQ(earlier.last_captures(), 1);
}

}  // namespace
}  // namespace ludus::ndengrod
