// SPDX-License-Identifier: Apache-2.0
// Netted rules on hand-made positions: boards and options, the three kinds of
// connection, regions, life and death, suicide, netting, stalemate, notation and drawing.
#include <gtest/gtest.h>

#include "games/netted/netted_reference.h"
#include "games/netted/netted_test_support.h"
#include "support/game_test_support.h"

namespace ludus::netted {
namespace {

using namespace test;

std::string option_error(const std::map<std::string, std::string>& options) {
  try {
    make_game("netted", options);
  } catch (const LudusError& e) {
    return e.what();
  }
  return "accepted";
}

int edge_count(const NettedGame& game) {
  int edges = 0;
  for (int s = 0; s < game.num_sites(); ++s) edges += game.is_edge(s);
  return edges;
}

TEST(NettedBoard, DefaultIsLimpingFive) {
  auto game = netted();
  EXPECT_EQ(game->options().to_string(), "shape=limping size=5");
  EXPECT_EQ(game->num_sites(), 60);
  EXPECT_EQ(game->num_distinct_actions(), 60);
  // Rows a1-a4 ... f1-f9 ... i4-i9, as in the conformance records.
  for (const char* name : {"a1", "a4", "b5", "e8", "f1", "f9", "g2", "g9", "h3", "i4", "i9"})
    EXPECT_NO_THROW(cell(*game, name)) << name;
  for (const char* name : {"a5", "g1", "h2", "i3", "j5", "f10"}) EXPECT_THROW(cell(*game, name), LudusError) << name;
  // Sides of 4, 6, 4, 6, 4, 6 cells: 24 edge cells.
  EXPECT_EQ(edge_count(*game), 24);
  EXPECT_TRUE(game->is_edge(cell(*game, "a1")));
  EXPECT_TRUE(game->is_edge(cell(*game, "f5")) == false);
  EXPECT_TRUE(game->is_edge(cell(*game, "i6")));
}

TEST(NettedBoard, SizesAndShapes) {
  for (int n = 2; n <= 10; ++n) {
    auto limping = netted({{"size", std::to_string(n)}});
    EXPECT_EQ(limping->num_sites(), 3 * n * (n - 1));
    auto hexhex = netted({{"shape", "hexhex"}, {"size", std::to_string(n)}});
    EXPECT_EQ(hexhex->num_sites(), 3 * n * (n - 1) + 1);
    EXPECT_EQ(edge_count(*hexhex), 6 * (n - 1));
    EXPECT_EQ(hexhex->new_initial_state()->legal_actions().size(), static_cast<size_t>(hexhex->num_sites()));
  }
  // Limping 2 is a triangle of six cells, all on the edge.
  EXPECT_EQ(edge_count(*netted({{"size", "2"}})), 6);
}

TEST(NettedBoard, OptionErrors) {
  EXPECT_EQ(option_error({{"size", "1"}}), "bad option: size=1 (expected an integer in 2..10)");
  EXPECT_EQ(option_error({{"size", "11"}}), "bad option: size=11 (expected an integer in 2..10)");
  EXPECT_EQ(option_error({{"shape", "round"}}), "bad option: shape=round (expected limping|hexhex)");
  EXPECT_EQ(option_error({{"swap", "on"}}), "bad option: unknown option 'swap' (options: shape, size)");
  EXPECT_EQ(option_error({{"shape", "HexHex"}, {"size", "10"}}), "accepted");
}

TEST(NettedConnections, AdjacentStonesMakeNoGapAndBlockNoStep) {
  auto game = netted();
  auto s = game->position("c3 c4", "", kWhite);
  for (int a = 0; a < game->num_sites(); ++a) {
    EXPECT_FALSE(s->is_gap(kBlack, a));
    for (int b : game->geometry().neighbours(a)) EXPECT_TRUE(s->step_open(kWhite, a, b));
  }
  EXPECT_EQ(refusal(*s, "c4"), "illegal move 'c4': occupied");
}

TEST(NettedConnections, DiagonalBlocksTheStepBetweenWhateverHoldsIt) {
  auto game = netted();
  const int c3 = cell(*game, "c3"), d3 = cell(*game, "d3");
  // c2 and d4 share the adjacent neighbours c3 and d3.
  auto s = game->position("c2 d4", "", kWhite);
  EXPECT_FALSE(s->step_open(kWhite, c3, d3));
  EXPECT_FALSE(s->step_open(kWhite, d3, c3));
  EXPECT_TRUE(s->step_open(kBlack, c3, d3));  // a net only hinders the opponent
  EXPECT_FALSE(s->is_gap(kBlack, c3));
  EXPECT_FALSE(s->is_gap(kBlack, d3));
  // Still there when the two cells in between are occupied, by either colour.
  EXPECT_FALSE(game->position("c2 d4", "c3 d3", kBlack)->step_open(kWhite, c3, d3));
  EXPECT_FALSE(game->position("c2 d4 c3 d3", "", kWhite)->step_open(kWhite, c3, d3));
  // Stones two apart on a line form a gap, not a diagonal.
  auto line = game->position("c2 c4", "", kWhite);
  for (int a = 0; a < game->num_sites(); ++a)
    for (int b : game->geometry().neighbours(a)) EXPECT_TRUE(line->step_open(kWhite, a, b));
}

TEST(NettedConnections, GapIsTheEmptyCellBetweenTwoStonesOnALine) {
  auto game = netted();
  const int c3 = cell(*game, "c3");
  auto s = game->position("c2 c4", "", kWhite);
  EXPECT_TRUE(s->is_gap(kBlack, c3));
  EXPECT_FALSE(s->is_gap(kWhite, c3));
  // On the other two lines too: a3-c3 (down-left) and b2-d4 (down-right).
  EXPECT_TRUE(game->position("a3 c3", "", kWhite)->is_gap(kBlack, cell(*game, "b3")));
  EXPECT_TRUE(game->position("b2 d4", "", kWhite)->is_gap(kBlack, c3));
  // Not when the cell between is occupied or the stones are three apart.
  EXPECT_FALSE(game->position("c2 c4", "c3", kBlack)->is_gap(kBlack, c3));
  EXPECT_FALSE(game->position("c2 c5", "", kWhite)->is_gap(kBlack, c3));
}

// White a1 a2 in the corner, behind the black net a3 (b3 gap) c3 (c2 gap) c1: the region
// a1 a2 b1 b2 has three edge cells (a1, a2, b1).
constexpr const char* kCornerBlack = "a3 c3 c1";
constexpr const char* kCornerWhite = "a1 a2";

TEST(NettedRegions, GapCellsAreClosedToTheOpponent) {
  auto game = netted();
  auto s = game->position(kCornerBlack, kCornerWhite, kWhite);
  EXPECT_FALSE(s->is_terminal());  // 3 edge cells, 2 stones
  // A third stone in the region would leave 3 edge cells for 3 stones.
  EXPECT_EQ(refusal(*s, "b1"), "illegal move 'b1': suicide");
  EXPECT_EQ(refusal(*s, "B2"), "illegal move 'B2': suicide");
  EXPECT_FALSE(s->is_legal(cell(*game, "b1")));
  // Black may fill the region: its own gaps are part of its net, not obstacles.
  auto b = game->position(kCornerBlack, kCornerWhite, kBlack);
  EXPECT_TRUE(b->is_legal(cell(*game, "b2")));
}

TEST(NettedRegions, GapBrokenByTheOpponent) {
  auto game = netted();
  auto s = game->position(kCornerBlack, kCornerWhite, kWhite);
  const int b3 = cell(*game, "b3");
  ASSERT_TRUE(s->is_legal(b3));
  s->apply(b3);
  EXPECT_FALSE(s->is_gap(kBlack, b3));
  EXPECT_EQ(s->owner(b3), kWhite);
  EXPECT_FALSE(s->is_terminal());
  // The corner now opens through b3 to b4 and c4: room for more white stones.
  s->apply(cell(*game, "i9"));
  EXPECT_TRUE(s->is_legal(cell(*game, "b1")));
  EXPECT_TRUE(s->is_legal(cell(*game, "b2")));
}

TEST(NettedRegions, GapFilledByItsOwner) {
  auto game = netted();
  auto s = game->position(kCornerBlack, kCornerWhite, kBlack);
  const int b3 = cell(*game, "b3");
  s->apply(b3);
  EXPECT_FALSE(s->is_gap(kBlack, b3));
  EXPECT_EQ(s->owner(b3), kBlack);
  EXPECT_FALSE(s->is_terminal());
  EXPECT_FALSE(s->is_legal(cell(*game, "b1")));  // the corner stays closed
  EXPECT_TRUE(s->is_legal(cell(*game, "c2")));   // breaking the other gap opens it
}

TEST(NettedRegions, GapStaysWhenAThirdFriendlyStoneTouchesIt) {
  // Decision of RULES.md (Ludii drops such a gap): b4 touches the gap b3 of a3-c3.
  auto game = netted();
  auto s = game->position(std::string(kCornerBlack) + " b4", kCornerWhite, kWhite);
  EXPECT_TRUE(s->is_gap(kBlack, cell(*game, "b3")));
  EXPECT_EQ(refusal(*s, "b2"), "illegal move 'b2': suicide");
}

TEST(NettedRegions, DiagonalCutsTwoAdjacentOwnStonesApart) {
  auto game = netted();
  const int a1 = cell(*game, "a1"), b2 = cell(*game, "b2");
  // White a1 and b2 touch, but black's diagonal a2-b1 passes between them: a1 is alone
  // in a region with one edge cell, so white is netted.
  auto cut = game->position("a2 b1", "a1 b2", kWhite);
  EXPECT_FALSE(cut->step_open(kWhite, a1, b2));
  EXPECT_TRUE(cut->step_open(kBlack, a1, b2));
  EXPECT_TRUE(cut->is_terminal());
  EXPECT_EQ(cut->winner(), kBlack);
  EXPECT_EQ(cut->netted_stones(), 1);
  EXPECT_EQ(cut->netted_edges(), 1);
  NettedReference ref(game->geometry());
  NettedReference::Cells cells(game->num_sites());
  for (int c = 0; c < game->num_sites(); ++c) cells[c] = cut->owner(c);
  EXPECT_EQ(ref.region(cells, ref.nets(cells), kWhite, a1), std::vector<int>{a1});
  // Without the diagonal a1 shares b2's open region.
  auto open = game->position("a2", "a1 b2", kWhite);
  EXPECT_TRUE(open->step_open(kWhite, a1, b2));
  EXPECT_FALSE(open->is_terminal());
}

TEST(NettedLife, EdgesEqualToStonesPlusOneLiveEdgesEqualToStonesDie) {
  auto game = netted();
  // Black a3 b2 b1 close the corner a1 a2 (a3-b2 is a diagonal across a2-b3).
  auto alive = game->position("a3 b2 b1", "a1", kWhite);  // 2 edge cells, 1 stone
  EXPECT_FALSE(alive->is_terminal());
  EXPECT_EQ(refusal(*alive, "a2"), "illegal move 'a2': suicide");
  auto dead = game->position("a3 b2 b1", "a1 a2", kWhite);  // 2 edge cells, 2 stones
  EXPECT_TRUE(dead->is_terminal());
  EXPECT_EQ(dead->winner(), kBlack);
  EXPECT_EQ(dead->end_reason(), "white is netted (2 stones, 2 edge cells)");
}

TEST(NettedEnd, NettingByCuttingOffACornerWithThreeStones) {
  auto game = netted();
  History h = played(game, "b2 a1 b1 a2");
  EXPECT_FALSE(h.is_over());
  h.play("a3");
  ASSERT_TRUE(h.is_over());
  EXPECT_EQ(h.result_text(), "black");
  EXPECT_EQ(h.status(), "Black (first player) wins: white is netted (2 stones, 2 edge cells)");
  EXPECT_TRUE(h.state().legal_actions().empty());
  EXPECT_EQ(refusal(h.state(), "e5"), "illegal move 'e5': the game is over");
  EXPECT_THROW(h.play("e5"), LudusError);
}

TEST(NettedEnd, SuicideIsRefusedEvenWhenItWouldNet) {
  // Limping 3: black e5 would leave white e4 (with d4) netted, but black's own region
  // e5 d5 d4 c3 c4 b3 would hold 4 stones for 4 edge cells.
  auto game = netted({{"size", "3"}});
  History h = played(game, "d5 e4 e3 c2 c4 b2 c3 a2");
  const int e5 = cell(*game, "e5");
  EXPECT_FALSE(h.state().is_legal(e5));
  EXPECT_EQ(refusal(h.state(), "e5"), "illegal move 'e5': suicide");
  EXPECT_THROW(h.play("e5"), LudusError);
  NettedReference ref(game->geometry());
  NettedReference::Cells cells(game->num_sites());
  for (int c = 0; c < game->num_sites(); ++c) cells[c] = netted_state(h).owner(c);
  cells[e5] = kBlack;
  EXPECT_TRUE(ref.has_netted_group(cells, kWhite));
}

TEST(NettedEnd, PlayerWithoutLegalPlacementLoses) {
  // Limping 2 (six edge cells): black's only empty cells a1 and c1 are both suicide.
  auto game = netted({{"size", "2"}});
  History h = played(game, "c2 b2 c3");
  EXPECT_FALSE(h.is_over());
  h.play("b1");
  ASSERT_TRUE(h.is_over());
  EXPECT_EQ(h.result_text(), "white");
  EXPECT_EQ(h.status(), "White (second player) wins: black has no legal placement");
  EXPECT_EQ(netted_state(h).netted_stones(), 0);
}

TEST(NettedBoard, PositionHelperRefusesRepeatedCells) {
  auto game = netted();
  EXPECT_THROW(game->position("a1 a1", "", kWhite), LudusError);
  EXPECT_THROW(game->position("a1", "A1", kWhite), LudusError);
  EXPECT_THROW(game->position("a5", "", kWhite), LudusError);
}

TEST(NettedNotation, MovesAndErrors) {
  auto game = netted();
  auto s = game->new_initial_state();
  EXPECT_EQ(s->legal_actions().size(), 60u);
  EXPECT_EQ(s->action_to_text(0), "a1");
  EXPECT_EQ(s->action_to_text(59), "i9");
  EXPECT_EQ(s->parse_action(" F9 "), cell(*game, "f9"));
  EXPECT_EQ(refusal(*s, "a5"), "illegal move 'a5': off-board coordinate 'a5'");
  EXPECT_EQ(refusal(*s, "5a"), "illegal move '5a': malformed coordinate '5a'");
  EXPECT_EQ(refusal(*s, "pass"), "illegal move 'pass': there is no pass in Netted");
  EXPECT_EQ(refusal(*s, "swap"), "illegal move 'swap': there is no swap in Netted");
  EXPECT_EQ(describe_status(*s), "Black to move (first player)");
}

TEST(NettedRender, StonesGapsAndEdgeCells) {
  auto game = netted({{"size", "3"}});
  History h = played(game, "d5 e4 e3 c2 c4 b2 c3 a2");
  EXPECT_EQ(h.state().render(),
            "       1 2 3 4 5\n"
            "   a  :(O) a\n"  // a2, the last move
            "  b  : O :  b\n"
            " c  : O X X  c\n"
            "d  : . * . X  d\n"
            " e  : X O :  e\n"
            "   2 3 4 5\n"
            "X black, O white, x/o black/white gap (* both), : empty edge cell, . empty inner cell\n");
  auto limping5 = netted();  // states refer to their game: keep it alive
  auto s = limping5->position("c2 c4", "b1 d1", kBlack);
  std::string board = s->render();
  EXPECT_NE(board.find("o X x X"), std::string::npos) << board;  // and white gap c1 between b1 and d1
}

// What each action does, as the board JSON of the play server says it.
TEST(NettedActions, APlacementEndsTheTurn) {
  History h(make_game("netted"));
  EXPECT_EQ(ludus::testing::action_facts(h, "e5"), "place e5, ends the turn");
  h.play_turn("e5");
  EXPECT_EQ(ludus::testing::action_facts(h, "a1"), "place a1, ends the turn");
}

}  // namespace
}  // namespace ludus::netted
