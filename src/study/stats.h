// SPDX-License-Identifier: Apache-2.0
#pragma once
// Statistics of played games, shared by `ludus analyze` (study) and `ludus match` (cli):
// Wilson score intervals for win rates, the Elo difference implied by a score, and a
// summary of a sample (game lengths).  Header-only so the tests can check them directly
// with known values.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace ludus::study {

struct Interval {
  double low = 0;
  double high = 1;
};

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% normal quantile

// Wilson score interval for `successes` out of `n` trials (successes may be fractional:
// a draw counts one half).  [0, 1] when n == 0.
inline Interval wilson_interval(double successes, long long n, double z = kZ95) {
  if (n <= 0) return {0.0, 1.0};
  const double nn = static_cast<double>(n);
  const double p = successes / nn;
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / nn;
  const double centre = (p + z2 / (2.0 * nn)) / denominator;
  const double half = z / denominator * std::sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// Elo difference implied by an expected score in [0, 1]: 400 log10(p / (1 - p)).
// Infinite at 0 and 1.
inline double elo_from_score(double score) {
  if (score <= 0.0) return -std::numeric_limits<double>::infinity();
  if (score >= 1.0) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

struct EloEstimate {
  double elo = 0;
  double low = 0;
  double high = 0;
};

// Elo difference of a player who scored `points` (win 1, draw 1/2) in `games`, with the
// 95% interval mapped from the Wilson interval of the score (the map is monotonic).
inline EloEstimate elo_estimate(double points, long long games) {
  if (games <= 0) return {0.0, -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Interval score = wilson_interval(points, games);
  return {elo_from_score(points / static_cast<double>(games)), elo_from_score(score.low), elo_from_score(score.high)};
}

// "+35", "-120", "0", "+inf", "-inf".
inline std::string format_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  if (std::fabs(elo) < 0.5) return "0";  // never "-0"
  return fmt::format("{:+.0f}", elo);
}

// Mean, sample standard deviation and order statistics of a sample.
struct SampleSummary {
  long long count = 0;
  double mean = 0;
  double stddev = 0;
  double min = 0;
  double median = 0;
  double max = 0;
};

inline SampleSummary summarize(std::vector<double> values) {
  SampleSummary s;
  s.count = static_cast<long long>(values.size());
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / static_cast<double>(values.size());
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  s.stddev = values.size() > 1 ? std::sqrt(squares / static_cast<double>(values.size() - 1)) : 0.0;
  s.min = values.front();
  s.max = values.back();
  const size_t mid = values.size() / 2;
  s.median = values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
  return s;
}

}  // namespace ludus::study
