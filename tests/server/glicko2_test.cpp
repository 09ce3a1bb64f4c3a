// SPDX-License-Identifier: Apache-2.0
// Glicko-2 against the worked example of its published description (Glickman, "Example
// of the Glicko-2 system", 2012), and the known first game of two new players.
#include <gtest/gtest.h>

#include <vector>

#include "server/domain/play/glicko2.h"

namespace ludus::server::glicko2 {
namespace {

TEST(Glicko2, GlickmansWorkedExample) {
  // A 1500 player (RD 200, volatility 0.06) beats a 1400 (RD 30) and loses to a 1550
  // (RD 100) and a 1700 (RD 300), tau 0.5: r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
  // The paper rounds its intermediate steps to four digits; without rounding the same
  // steps give 1464.0507, 151.5165 and 0.0599960.
  const std::vector<Game> period = {{1400, 30, 1.0}, {1550, 100, 0.0}, {1700, 300, 0.0}};
  const Rating after = update({1500, 200, 0.06}, period);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
  EXPECT_NEAR(after.rating, 1464.0507, 0.0001);
  EXPECT_NEAR(after.deviation, 151.5165, 0.0001);
  EXPECT_NEAR(after.volatility, 0.0599960, 0.0000001);
}

TEST(Glicko2, FirstGameOfTwoNewPlayers) {
  // 1500/350 against 1500/350 in no time at all: the winner gains 162 points, the loser
  // loses as many, and both deviations fall to 290.
  const Game won{1500, 350, 1.0}, lost{1500, 350, 0.0}, drawn{1500, 350, 0.5};
  const Rating winner = update({1500, 350, 0.06}, {&won, 1}, 0.0);
  const Rating loser = update({1500, 350, 0.06}, {&lost, 1}, 0.0);
  const Rating draw = update({1500, 350, 0.06}, {&drawn, 1}, 0.0);
  EXPECT_NEAR(winner.rating, 1662.2, 0.2);
  EXPECT_NEAR(winner.deviation, 290.2, 0.2);
  EXPECT_NEAR(loser.rating, 3000 - winner.rating, 1e-9);
  EXPECT_NEAR(loser.deviation, winner.deviation, 1e-9);
  EXPECT_NEAR(draw.rating, 1500, 1e-9);
  EXPECT_LT(draw.deviation, 350);
}

TEST(Glicko2, InactivityOnlyWidensTheDeviationUpToTheMaximum) {
  const Rating player{1700, 200, 0.06};
  const Rating idle = update(player, {}, 1.0);
  EXPECT_EQ(idle.rating, 1700);
  EXPECT_EQ(idle.volatility, 0.06);
  EXPECT_NEAR(idle.deviation, 200.27, 0.005);  // sqrt(200^2 + (173.7178 * 0.06)^2)
  EXPECT_NEAR(deviation_after(player, 1.0), idle.deviation, 1e-9);
  EXPECT_EQ(deviation_after(player, 0.0), 200);
  EXPECT_EQ(deviation_after(player, 1e6), 350);  // never less known than a new player
}

TEST(Glicko2, AnUpsetMovesMoreThanAnExpectedResult) {
  const Game beat_stronger{1900, 60, 1.0}, beat_weaker{1100, 60, 1.0};
  const Rating me{1500, 80, 0.06};
  const double upset = update(me, {&beat_stronger, 1}).rating - 1500;
  const double expected = update(me, {&beat_weaker, 1}).rating - 1500;
  EXPECT_GT(upset, 0);
  EXPECT_GT(expected, 0);
  EXPECT_GT(upset, 5 * expected);
}

}  // namespace
}  // namespace ludus::server::glicko2
