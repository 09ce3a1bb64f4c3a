// SPDX-License-Identifier: Apache-2.0
// Hand-made N-Mesh positions with known answers: each kind of connection, broken and
// unbroken knights, and how the game ends (suicide, simultaneous enmeshment, ties,
// covering the last liberty).  Both the fast test and the reference are checked.
#include <gtest/gtest.h>

#include "core/history.h"
#include "games/n-mesh/n_mesh_reference.h"
#include "n_mesh_test_util.h"

namespace ludus::nmesh {
namespace {

using testing::mesh_game;
using testing::names;
using testing::site;

// The 6x6 board, row 6 first; liberties are e1 c2 a3 f3 d4 b5 e6:
//      a b c d e f
//   6  . . . . + .
//   5  . + . . . .
//   4  . . . + . .
//   3  + . . . . +
//   2  . . + . . .
//   1  . . . . + .
class Position : public ::testing::Test {
 protected:
  std::shared_ptr<const NMeshGame> game = mesh_game(6);

  std::unique_ptr<NMeshState> diagram(const std::vector<std::string>& rows, int to_move = kBlack) {
    return NMeshState::from_diagram(*game, rows, to_move);
  }

  // Enmeshed stones of each colour by the fast test and by the reference.
  void expect_enmeshed(const NMeshState& state, const std::string& black, const std::string& white) {
    auto fast = state.enmeshed();
    EXPECT_EQ(names(*game, fast[kBlack]), black) << state.render();
    EXPECT_EQ(names(*game, fast[kWhite]), white) << state.render();
    EXPECT_EQ(names(*game, reference_enmeshed(state, kBlack)), black) << state.render();
    EXPECT_EQ(names(*game, reference_enmeshed(state, kWhite)), white) << state.render();
  }
};

TEST_F(Position, NothingEnmeshedWithFreeStones) {
  auto s = diagram({"x.....", "......", "...o..", "......", "..x...", ".....o"});
  expect_enmeshed(*s, "", "");
}

TEST_F(Position, OrthogonalNeighboursBlock) {
  // Black b1 has white on all three orthogonal sides.
  auto s = diagram({"......", "......", "......", "......", ".o....", "oxo..."});
  expect_enmeshed(*s, "b1", "");
}

TEST_F(Position, DiagonalPairsSealACorner) {
  // White a3-b2-c1 is a chain of diagonal pairs; orthogonal steps cannot slip between
  // them, so black a1 is shut in with the empty a2 and b1, where there is no liberty.
  auto s = diagram({"......", "......", "......", "o.....", ".o....", "x.o..."});
  expect_enmeshed(*s, "a1", "");
  // Without b2 the corner is open.
  s = diagram({"......", "......", "......", "o.....", "......", "x.o..."});
  expect_enmeshed(*s, "", "");
}

TEST_F(Position, KnightConnectionBlocksTheStepBetweenItsMiddleCells) {
  // White a2 and c1 are a knight's move apart; the move passes over b1 and b2, so the
  // step b1-b2 is blocked: black a1 is confined to a1 and b1.
  auto s = diagram({"......", "......", "......", "......", "o.....", "x.o..."});
  expect_enmeshed(*s, "a1", "");
}

TEST_F(Position, KnightConnectionsOfTheOtherOrientation) {
  // White e6 and f4: the vertical knight passes over e5 and f5 and blocks f5-e5,
  // so black f6 (whose other neighbour e6 is white) cannot leave f6 and f5.
  auto s = diagram({"....ox", "......", ".....o", "......", "......", "......"});
  expect_enmeshed(*s, "f6", "");
  // Mirrored along the diagonal on the other side: white b1 and a3 block a2-b2.
  s = diagram({"......", "......", "......", "o.....", "......", "xo...."});
  expect_enmeshed(*s, "a1", "");
}

TEST_F(Position, KnightBrokenByTwoOwnStonesBetween) {
  // Both passed-over cells (b1, b2) hold black stones: the connection is broken and
  // black escapes through b2 to the liberty c2.
  auto s = diagram({"......", "......", "......", "......", "ox....", "xxo..."});
  expect_enmeshed(*s, "", "");
}

TEST_F(Position, KnightNotBrokenByOneOwnStoneBetween) {
  // b1 black, b2 empty: the step b1-b2 stays blocked, a1 and b1 are enmeshed.
  auto s = diagram({"......", "......", "......", "......", "o.....", "xxo..."});
  expect_enmeshed(*s, "a1 b1", "");
  // b2 black, b1 empty: a1 cannot reach b2 through b1; b2 itself is free.
  s = diagram({"......", "......", "......", "......", "ox....", "x.o..."});
  expect_enmeshed(*s, "a1", "");
}

TEST_F(Position, KnightsDoNotWrapAroundTheBoard) {
  // In the column-major bit order a6 is the bit just below b1, so a6 and c2 look like
  // a knight pair over b1-c1 to careless shifting.  They are not: a1/b1 get out via c1.
  auto s = diagram({"o.....", "......", "......", "......", "ooo...", "xx...."});
  expect_enmeshed(*s, "", "");
}

TEST_F(Position, OwnKnightDoesNotBlockOwnStones) {
  // Black's own knight a2-c1 does not hinder black a1.
  auto s = diagram({"......", "......", "......", "......", "x.....", "x.x..."});
  expect_enmeshed(*s, "", "");
}

TEST_F(Position, StoneOnALibertyRemovesItForBoth) {
  // a3 is the corner's liberty; with a black stone on it, black a1/a2/a3 have to reach
  // another liberty and white a4 and b1-b3 wall them in: the whole group is enmeshed.
  auto s = diagram({"......", "......", "o.....", "xo....", "xo....", "xo...."});
  expect_enmeshed(*s, "a1 a2 a3", "");
}

TEST_F(Position, SuicideIsLegalAndLoses) {
  // Black b1 steps into the pocket a1/b1 sealed by white's knight a2-c1.
  History h(game);
  for (const char* m : {"f6", "a2", "f5", "c1"}) h.play(m);
  EXPECT_FALSE(h.state().is_terminal());
  h.play("b1");
  ASSERT_TRUE(h.state().is_terminal());
  EXPECT_EQ(h.result_text(), "white");
  EXPECT_EQ(h.state().end_reason(), "enmeshed stones: black 1, white 0");
}

TEST_F(Position, OrthogonalBlockEndsAGame) {
  History h(game);
  for (const char* m : {"a1", "a2", "d1"}) h.play(m);
  EXPECT_FALSE(h.state().is_terminal());
  h.play("b1");  // white's diagonal pair a2-b1 seals a1
  ASSERT_TRUE(h.state().is_terminal());
  EXPECT_EQ(h.result_text(), "white");
}

TEST_F(Position, SimultaneousEnmeshmentWonByFewerEnmeshed) {
  // White plays into black's pocket around the liberty e1: the white stone there is
  // enmeshed, but so are the three black stones that needed e1.
  auto s = diagram({"......", "......", "......", "....o.", "...oxo", "..ox.x"}, kWhite);
  expect_enmeshed(*s, "", "");
  s->apply(site(*game, "e1"));
  expect_enmeshed(*s, "d1 e2 f1", "e1");
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), kWhite);
  EXPECT_EQ((s->final_enmeshed_counts()), (std::array<int, 2>{3, 1}));
}

TEST_F(Position, TieLosesForTheMover) {
  // Black e1 enmeshes itself (white d1, e2, f1 around it) and white f1 (black e1, f2).
  auto s = diagram({"......", "......", "......", "......", "....ox", "...o.o"});
  expect_enmeshed(*s, "", "");
  s->apply(site(*game, "e1"));
  expect_enmeshed(*s, "e1", "f1");
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), kWhite);
  EXPECT_EQ(s->end_reason(), "enmeshed stones: black 1, white 1; the tie loses for black, who moved last");
}

TEST(NMeshEnd, CoveringTheLastLibertyEnmeshesEveryStone) {
  // 3x3: liberties a1 and b3.
  auto game = mesh_game(3);
  History h(game);
  h.play("a2");
  h.play("a1");
  EXPECT_FALSE(h.state().is_terminal());
  h.play("b3");
  ASSERT_TRUE(h.state().is_terminal());
  EXPECT_EQ(h.result_text(), "white");  // black 2 enmeshed, white 1
  EXPECT_EQ(h.state().end_reason(), "enmeshed stones: black 2, white 1");
}

TEST(NMeshEnd, CoveringTheLastLibertyWithEqualStonesLosesForTheMover) {
  auto game = mesh_game(3);
  History h(game);
  h.play("a1");
  h.play("b3");
  ASSERT_TRUE(h.state().is_terminal());
  EXPECT_EQ(h.result_text(), "black");
  EXPECT_EQ(h.state().end_reason(), "enmeshed stones: black 1, white 1; the tie loses for white, who moved last");
}

TEST_F(Position, RenderMarksEnmeshedStonesAtTheEnd) {
  auto s = diagram({"......", "......", "......", "......", "o.....", "x....."}, kWhite);
  EXPECT_EQ(s->render(),
            "    a b c d e f\n"
            " 6  . . . . + .  6\n"
            " 5  . + . . . .  5\n"
            " 4  . . . + . .  4\n"
            " 3  + . . . . +  3\n"
            " 2  o . + . . .  2\n"
            " 1  x . . . + .  1\n"
            "    a b c d e f\n"
            "x black  o white  + empty liberty  . empty\n");
  s->apply(site(*game, "c1"));
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->render(),
            "    a b c d e f\n"
            " 6  . . . . + .  6\n"
            " 5  . + . . . .  5\n"
            " 4  . . . + . .  4\n"
            " 3  + . . . . +  3\n"
            " 2  o . + . . .  2\n"
            " 1  X .(o). + .  1\n"  // the enmeshed stone in capitals, the last one bracketed
            "    a b c d e f\n"
            "x black  o white  + empty liberty  . empty  X O enmeshed\n");
}

}  // namespace
}  // namespace ludus::nmesh
