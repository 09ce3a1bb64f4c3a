// SPDX-License-Identifier: Apache-2.0
// Ndengrod's judgement for the search (NdengrodState::line_potential and win_estimate) on
// hand-counted positions; every position of the stress test's random games is checked
// against the plain reference's count (ndengrod_stress_test.cpp).
#include "ndengrod_test_util.h"

namespace ludus::ndengrod {
namespace {

using namespace test;

float logistic(int lead) { return chance_of_lead(NdengrodState::kPotentialScale, lead); }

TEST(NdengrodEvaluation, WindowWeightsTripleWithEachStone) {
  EXPECT_EQ(NdengrodState::window_weight(0), 0);
  EXPECT_EQ(NdengrodState::window_weight(1), 1);
  EXPECT_EQ(NdengrodState::window_weight(2), 3);
  EXPECT_EQ(NdengrodState::window_weight(4), 27);
}

TEST(NdengrodEvaluation, EmptyBoardIsEvenAndTheCentreStoneHasFifteenWindows) {
  auto game = make();
  auto empty = position(*game, "", "", 0);
  EXPECT_EQ(empty->line_potential(0), 0);
  EXPECT_FLOAT_EQ(empty->win_estimate(0), 0.5f);
  // e5 lies on three lines of nine cells, in five windows of five on each.
  auto centre = position(*game, "e5", "", 1);
  EXPECT_EQ(centre->line_potential(0), 15);
  EXPECT_EQ(centre->line_potential(1), 0);
  EXPECT_FLOAT_EQ(centre->win_estimate(0), logistic(15));
  EXPECT_FLOAT_EQ(centre->win_estimate(1), logistic(-15));
}

TEST(NdengrodEvaluation, AStoneThatClosesAFourTakesItsWeight) {
  auto game = make();
  // Row a has five cells: one window, holding X's four.  An O stone on a5 closes it; the
  // other windows through a5 hold no X stone, and two of them (one on each diagonal
  // through the corner) now count for O.
  auto open = position(*game, "a1 a2 a3 a4", "", 1);
  auto closed = position(*game, "a1 a2 a3 a4", "a5", 0);
  EXPECT_EQ(open->line_potential(0) - closed->line_potential(0), 27);
  EXPECT_EQ(closed->line_potential(1), 2);
}

// With a tempo the side to move's potential counts that many times: after X's e5 O moves,
// so O's (empty) potential is scaled and X's 15 stays; with O's stone on a1 too, X moves.
TEST(NdengrodEvaluation, TheTempoWeighsTheMoversOwnPotential) {
  auto game = make();
  auto centre = position(*game, "e5", "", 1);
  EXPECT_FLOAT_EQ(centre->win_estimate(0, 1.0f), centre->win_estimate(0));
  EXPECT_FLOAT_EQ(centre->win_estimate(0, 1.25f), logistic(15)) << "O to move holds no potential";
  auto both = position(*game, "e5", "a1", 0);
  const int x = both->line_potential(0), o = both->line_potential(1);
  ASSERT_GT(o, 0);
  EXPECT_FLOAT_EQ(both->win_estimate(0, 1.25f),
                  1.0f / (1.0f + std::exp(-NdengrodState::kPotentialScale * (1.25f * static_cast<float>(x) - static_cast<float>(o)))));
  EXPECT_GT(both->win_estimate(0, 1.25f), both->win_estimate(0));
  EXPECT_NEAR(both->win_estimate(0, 1.25f) + both->win_estimate(1, 1.25f), 1.0f, 1e-6f);
}

TEST(NdengrodEvaluation, FinishedGamesReadTheirResult) {
  auto history = played(make({{"swap", "off"}}), "e1 a1 e2 c7 e3 g3 e4 i9 e5");
  const auto& state = ndengrod_state(history);
  ASSERT_TRUE(state.is_terminal());
  EXPECT_EQ(state.win_estimate(0), 1.0f);
  EXPECT_EQ(state.win_estimate(1), 0.0f);
}

}  // namespace
}  // namespace ludus::ndengrod
