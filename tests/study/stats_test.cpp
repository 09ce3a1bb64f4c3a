// SPDX-License-Identifier: Apache-2.0
// The statistics shared by match and analyze, against values computed by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "study/stats.h"

namespace ludus::study {
namespace {

TEST(Wilson, KnownIntervals) {
  Interval half = wilson_interval(5, 10);  // textbook: 0.2366 .. 0.7634
  EXPECT_NEAR(half.low, 0.2366, 1e-4);
  EXPECT_NEAR(half.high, 0.7634, 1e-4);
  Interval none = wilson_interval(0, 10);  // 0 .. z^2/(n+z^2) = 0.2775
  EXPECT_DOUBLE_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
  Interval all = wilson_interval(10, 10);
  EXPECT_NEAR(all.low, 0.7225, 1e-4);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
  Interval big = wilson_interval(550, 1000);  // 0.5190 .. 0.5806
  EXPECT_NEAR(big.low, 0.5190, 1e-4);
  EXPECT_NEAR(big.high, 0.5806, 1e-4);
}

TEST(Wilson, DrawsCountHalfAndNoGamesIsEverything) {
  Interval with_draws = wilson_interval(4 + 0.5 * 2, 10);
  Interval same = wilson_interval(5, 10);
  EXPECT_DOUBLE_EQ(with_draws.low, same.low);
  Interval empty = wilson_interval(0, 0);
  EXPECT_EQ(empty.low, 0.0);
  EXPECT_EQ(empty.high, 1.0);
}

TEST(Elo, KnownDifferences) {
  EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-9);
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);  // 400 log10(3)
  EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
  EXPECT_NEAR(elo_from_score(10.0 / 11.0), 400.0, 1e-9);  // odds 10:1
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
}

TEST(Elo, EstimateMapsTheScoreInterval) {
  EloEstimate e = elo_estimate(75, 100);
  EXPECT_NEAR(e.elo, 190.85, 0.01);
  Interval score = wilson_interval(75, 100);
  EXPECT_NEAR(e.low, elo_from_score(score.low), 1e-9);
  EXPECT_NEAR(e.high, elo_from_score(score.high), 1e-9);
  EXPECT_LT(e.low, e.elo);
  EXPECT_GT(e.high, e.elo);
  EloEstimate perfect = elo_estimate(6, 6);
  EXPECT_TRUE(std::isinf(perfect.elo));
  EXPECT_TRUE(std::isfinite(perfect.low));
}

TEST(Elo, Formatting) {
  EXPECT_EQ(format_elo(190.85), "+191");
  EXPECT_EQ(format_elo(-35.2), "-35");
  EXPECT_EQ(format_elo(-0.2), "0");
  EXPECT_EQ(format_elo(elo_from_score(1.0)), "+inf");
  EXPECT_EQ(format_elo(elo_from_score(0.0)), "-inf");
}

TEST(Summary, MeanSpreadAndOrderStatistics) {
  SampleSummary s = summarize({4, 1, 3, 2});
  EXPECT_EQ(s.count, 4);
  EXPECT_DOUBLE_EQ(s.mean, 2.5);
  EXPECT_NEAR(s.stddev, std::sqrt(5.0 / 3.0), 1e-12);  // sample standard deviation
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.median, 2.5);
  EXPECT_DOUBLE_EQ(s.max, 4);
  SampleSummary odd = summarize({7, 1, 5});
  EXPECT_DOUBLE_EQ(odd.median, 5);
  SampleSummary one = summarize({3});
  EXPECT_DOUBLE_EQ(one.stddev, 0);
  EXPECT_EQ(summarize({}).count, 0);
}

}  // namespace
}  // namespace ludus::study
