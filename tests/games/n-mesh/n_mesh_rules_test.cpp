// SPDX-License-Identifier: Apache-2.0
// N-Mesh rules around the positions: options, liberty layouts, the pie, notation and
// error messages, and the recorded reference games.
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "core/error.h"
#include "core/history.h"
#include "n_mesh_test_util.h"
#include "support/error_text.h"
#include "support/game_test_support.h"

namespace ludus::nmesh {
namespace {

using testing::mesh_game;
using testing::names;
using testing::site;

using ludus::testing::error_of;

// --- options ------------------------------------------------------------------------

TEST(NMeshOptions, DefaultIsSixAndRangeIsThreeToNineteen) {
  auto game = std::dynamic_pointer_cast<const NMeshGame>(make_game("n-mesh"));
  ASSERT_TRUE(game);
  EXPECT_EQ(game->size(), 6);
  EXPECT_EQ(game->num_distinct_actions(), 37);
  EXPECT_EQ(game->colour_name(kBlack), "black");
  EXPECT_EQ(game->colour_name(kWhite), "white");
  EXPECT_EQ(mesh_game(3)->size(), 3);
  EXPECT_EQ(mesh_game(19)->geometry().num_sites(), 361);
}

TEST(NMeshOptions, Errors) {
  EXPECT_EQ(error_of([] { make_game("n-mesh", {{"size", "2"}}); }),
            "bad option: size=2 (expected an integer in 3..19)");
  EXPECT_EQ(error_of([] { make_game("n-mesh", {{"size", "20"}}); }),
            "bad option: size=20 (expected an integer in 3..19)");
  EXPECT_EQ(error_of([] { make_game("n-mesh", {{"size", "six"}}); }),
            "bad option: size=six (expected an integer in 3..19)");
  EXPECT_EQ(error_of([] { make_game("n-mesh", {{"shape", "hexhex"}}); }),
            "bad option: unknown option 'shape' (options: size)");
}

// --- liberty layouts ------------------------------------------------------------------

// The formula of RULES.md, written out again here independently of the game.
std::set<std::string> formula_liberties(int n) {
  std::set<std::string> out;
  int k = ((n - 1) % 5 == 0) ? 1 : 0;
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r)
      if ((c + 2 * r + k) % 5 == 0) out.insert(std::string(1, static_cast<char>('a' + c)) + std::to_string(r + 1));
  return out;
}

std::set<std::string> game_liberties(const NMeshGame& game) {
  std::set<std::string> out;
  for (int s = 0; s < game.geometry().num_sites(); ++s)
    if (game.is_liberty(s)) out.insert(game.geometry().name(s));
  return out;
}

TEST(NMeshLiberties, SixBySixAsInRules) {
  auto game = mesh_game(6);
  EXPECT_EQ(game_liberties(*game), (std::set<std::string>{"e1", "c2", "a3", "f3", "d4", "b5", "e6"}));
  EXPECT_EQ(game_liberties(*game), formula_liberties(6));
}

TEST(NMeshLiberties, FiveByFive) {
  // n-1 = 4: k = 0.  (c + 2r) mod 5 = 0: a1, d2, b3, e4, c5 - one per row and column.
  auto game = mesh_game(5);
  EXPECT_EQ(game_liberties(*game), (std::set<std::string>{"a1", "d2", "b3", "e4", "c5"}));
  EXPECT_EQ(game_liberties(*game), formula_liberties(5));
}

TEST(NMeshLiberties, ElevenByEleven) {
  // n-1 = 10: k = 1.  Row 1: c = 4, 9 (e1, j1); row 2: c2, h2; row 3: a3, f3, k3;
  // row 11 (r = 10): c + 21 = 0 mod 5, c = 4, 9 (e11, j11).
  auto game = mesh_game(11);
  EXPECT_EQ(game_liberties(*game), formula_liberties(11));
  for (const char* cell : {"e1", "j1", "c2", "h2", "a3", "f3", "k3", "e11", "j11"})
    EXPECT_TRUE(game->is_liberty(site(*game, cell))) << cell;
  for (const char* cell : {"a1", "d1", "k1", "a2", "k11"}) EXPECT_FALSE(game->is_liberty(site(*game, cell))) << cell;
  EXPECT_EQ(game_liberties(*game).size(), 24u);
}

TEST(NMeshLiberties, NineteenByNineteen) {
  // n-1 = 18: k = 0.  Row 1: a1, f1, k1, p1; row 19 (r = 18): c = 4, 9, 14 -> e19 j19 o19.
  auto game = mesh_game(19);
  EXPECT_EQ(game_liberties(*game), formula_liberties(19));
  for (const char* cell : {"a1", "f1", "k1", "p1", "d2", "i2", "s2", "e19", "j19", "o19"})
    EXPECT_TRUE(game->is_liberty(site(*game, cell))) << cell;
  for (const char* cell : {"s1", "s19", "a19", "e18"}) EXPECT_FALSE(game->is_liberty(site(*game, cell))) << cell;
}

TEST(NMeshLiberties, SixteenUsesTheShiftedPattern) {
  // n-1 = 15 is a multiple of 5, like 6 and 11: k = 1.
  auto game = mesh_game(16);
  EXPECT_EQ(game_liberties(*game), formula_liberties(16));
  EXPECT_TRUE(game->is_liberty(site(*game, "e1")));
  EXPECT_FALSE(game->is_liberty(site(*game, "a1")));
}

// --- turns and the pie ----------------------------------------------------------------

TEST(NMeshTurns, EveryEmptyCellAndNoPass) {
  auto game = mesh_game(6);
  auto state = game->new_initial_state();
  EXPECT_EQ(state->to_move(), kBlack);
  EXPECT_EQ(state->legal_actions().size(), 36u);
  EXPECT_EQ(error_of([&] { state->parse_action("pass"); }), "illegal move 'pass': there is no pass in N-Mesh");
  state->apply(state->parse_action("D4"));
  EXPECT_EQ(state->to_move(), kWhite);
  EXPECT_EQ(state->parse_action("d4"), game->swap_action());  // the pie, by cell name
  state->apply(state->parse_action("a1"));
  state->apply(state->parse_action("b1"));
  EXPECT_EQ(error_of([&] { state->parse_action("d4"); }), "illegal move 'd4': occupied");
  EXPECT_EQ(error_of([&] { state->parse_action("a1"); }), "illegal move 'a1': occupied");
  EXPECT_EQ(error_of([&] { state->parse_action("g1"); }), "illegal move 'g1': off-board coordinate 'g1'");
  EXPECT_EQ(error_of([&] { state->parse_action("4d"); }), "illegal move '4d': malformed coordinate '4d'");
}

TEST(NMeshPie, SwapConvertsBlacksStoneAndBlackMovesNext) {
  History h(mesh_game(6));
  h.play("c3");
  auto legal = h.state().legal_actions();
  EXPECT_EQ(legal.size(), 36u);  // 35 empty cells and swap
  EXPECT_EQ(h.state().action_to_text(legal.back()), "swap");
  h.play("swap");
  const auto& state = dynamic_cast<const NMeshState&>(h.state());
  EXPECT_EQ(state.stone_at(site(state.mesh_game(), "c3")), kWhite);
  EXPECT_TRUE(state.stones()[kBlack].none());
  EXPECT_EQ(state.to_move(), kBlack);
  EXPECT_FALSE(state.seats_swapped());
  EXPECT_EQ(state.seat_to_move(), 0);
  EXPECT_FALSE(state.is_terminal());
  EXPECT_EQ(describe_status(state), "Black to move (first player)");
  // No second swap, and the converted stone is simply occupied now.
  EXPECT_EQ(state.legal_actions().size(), 35u);
  EXPECT_EQ(error_of([&] { h.play("swap"); }),
            "illegal move 'swap': swap is only allowed as move 2 (White's first turn)");
  EXPECT_EQ(error_of([&] { h.play("c3"); }), "illegal move 'c3': occupied");
}

TEST(NMeshPie, BlacksCellNameMeansSwap) {
  History h(mesh_game(6));
  h.play("c3");
  h.play("C3");
  EXPECT_EQ(h.moves().back(), "swap");
  const auto& state = dynamic_cast<const NMeshState&>(h.state());
  EXPECT_EQ(state.stone_at(site(state.mesh_game(), "c3")), kWhite);
  EXPECT_EQ(state.to_move(), kBlack);
}

TEST(NMeshPie, SwapOnlyAsMoveTwo) {
  History h(mesh_game(6));
  EXPECT_EQ(error_of([&] { h.play("swap"); }),
            "illegal move 'swap': swap is only allowed as move 2 (White's first turn)");
  h.play("a1");
  h.play("b1");  // White places instead
  EXPECT_EQ(error_of([&] { h.play("swap"); }),
            "illegal move 'swap': swap is only allowed as move 2 (White's first turn)");
  EXPECT_EQ(error_of([&] { h.play("a1"); }), "illegal move 'a1': occupied");
  h.play("f6");
  // White's second turn: Black's stones are just occupied cells.
  EXPECT_EQ(error_of([&] { h.play("f6"); }), "illegal move 'f6': occupied");
}

TEST(NMeshPie, NoEndTestAfterTheConversion) {
  // Undo a swap and replay: the move count and the position match the record.
  History h(mesh_game(4));
  h.play("b2");
  h.play("swap");
  h.play("d2");
  ASSERT_TRUE(h.undo_turn());
  EXPECT_EQ(h.moves(), (std::vector<std::string>{"b2", "swap"}));
  EXPECT_EQ(h.state().to_move(), kBlack);
}

TEST(NMeshTurns, GameOverRefusesMoves) {
  History h(mesh_game(3));
  h.play("a1");
  h.play("b3");
  ASSERT_TRUE(h.state().is_terminal());
  EXPECT_TRUE(h.state().legal_actions().empty());
  EXPECT_EQ(error_of([&] { h.state().parse_action("c1"); }), "illegal move 'c1': the game is over");
}

TEST(NMeshInfo, RegisteredWithRulesText) {
  const auto& entry = find_game("N-Mesh");
  EXPECT_EQ(entry.info->name, "n-mesh");
  EXPECT_NE(entry.info->rules.find("knight connection"), std::string::npos);
  EXPECT_EQ(entry.info->options.size(), 1u);
}

// --- the recorded reference games -------------------------------------------------------

TEST(NMeshConformance, AllRecordedGamesReplay) { ludus::testing::expect_conformance("n-mesh-"); }

// What each action does, as the board JSON of the play server says it.
TEST(NMeshActions, APlacementAndTheSwapOfBlacksStone) {
  History h(mesh_game(6));
  EXPECT_EQ(ludus::testing::action_facts(h, "c4"), "place c4, ends the turn");
  h.play_turn("c3");
  EXPECT_EQ(ludus::testing::action_facts(h, "swap"), "swap c3, ends the turn");
  EXPECT_EQ(ludus::testing::action_facts(h, "c3"), "swap c3, ends the turn");  // naming Black's stone is the swap
  EXPECT_EQ(ludus::testing::action_facts(h, "a1"), "place a1, ends the turn");
}

}  // namespace
}  // namespace ludus::nmesh
