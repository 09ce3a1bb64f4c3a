// SPDX-License-Identifier: Apache-2.0
// Netted's judgement for the search (NettedState::room and win_estimate) on hand-counted
// positions; the room of every position of random games is checked against the plain
// reference in netted_random_test.cpp.
#include <gtest/gtest.h>

#include "core/random.h"
#include "games/netted/netted_test_support.h"

namespace ludus::netted {
namespace {

using namespace test;

float logistic(int lead) { return chance_of_lead(NettedState::kRoomScale, lead); }

TEST(NettedEvaluation, EmptyBoardIsEven) {
  auto game = netted();
  auto s = game->position("", "", kBlack);
  // One region of 60 cells with 24 edge cells (NettedBoard.DefaultIsLimpingFive) and no stones.
  EXPECT_EQ(s->room(kBlack), 23);
  EXPECT_EQ(s->room(kWhite), 23);
  EXPECT_FLOAT_EQ(s->win_estimate(kBlack), 0.5f);
  EXPECT_FLOAT_EQ(s->win_estimate(kWhite), 0.5f);
}

TEST(NettedEvaluation, AnInnerStoneCostsOnlyItsOwnerRoom) {
  auto game = netted();
  // On the edge cell a1: Black keeps its 24 edge cells with one stone (22), White loses a1
  // from its region (23 edge cells, 22).
  auto edge = game->position("a1", "", kWhite);
  EXPECT_EQ(edge->room(kBlack), 22);
  EXPECT_EQ(edge->room(kWhite), 22);
  EXPECT_FLOAT_EQ(edge->win_estimate(kBlack), 0.5f);
  // On the inner cell f5: Black 24 - 1 - 1 = 22, White's 24 edge cells untouched (23).
  auto inner = game->position("f5", "", kWhite);
  EXPECT_EQ(inner->room(kBlack), 22);
  EXPECT_EQ(inner->room(kWhite), 23);
  EXPECT_FLOAT_EQ(inner->win_estimate(kBlack), logistic(-1));
  EXPECT_FLOAT_EQ(inner->win_estimate(kWhite), logistic(1));
}

TEST(NettedEvaluation, AClosedCornerHoldsNoRoom) {
  auto game = netted();
  // White a1 a2 behind the black net a3 (b3 gap) c3 (c2 gap) c1: the corner a1 a2 b1 b2
  // has three edge cells for two stones, so no room; without the white stones, the same
  // corner would give White two.
  auto closed = game->position("a3 c3 c1", "a1 a2", kWhite);
  auto empty_corner = game->position("a3 c3 c1", "", kWhite);
  EXPECT_EQ(empty_corner->room(kWhite) - closed->room(kWhite), 2);
  // White's other region: 51 cells, 19 edge cells (24 less a1 a2 b1 and the black
  // stones a3 c1), no stones: 18.  Black's one region: 58 cells, 22 edge cells, 3 stones: 18.
  EXPECT_EQ(closed->room(kWhite), 18);
  EXPECT_EQ(closed->room(kBlack), 18);
}

TEST(NettedEvaluation, FinishedGamesReadTheirResult) {
  auto game = netted();
  auto dead = game->position("a3 b2 b1", "a1 a2", kWhite);  // white is netted
  ASSERT_TRUE(dead->is_terminal());
  EXPECT_EQ(dead->win_estimate(kBlack), 1.0f);
  EXPECT_EQ(dead->win_estimate(kWhite), 0.0f);
}

TEST(NettedEvaluation, TheTwoColoursSumToOneAndFollowTheLead) {
  auto game = netted();
  Rng rng(5);
  for (int g = 0; g < 50; ++g) {
    History h(game);
    while (!h.is_over()) {
      const auto& s = netted_state(h);
      const int lead = s.room(kBlack) - s.room(kWhite);
      EXPECT_NEAR(s.win_estimate(kBlack) + s.win_estimate(kWhite), 1.0f, 1e-6f);
      EXPECT_EQ(s.win_estimate(kBlack) > 0.5f, lead > 0) << s.render();
      const auto legal = s.legal_actions();
      h.play(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
}

}  // namespace
}  // namespace ludus::netted
