// SPDX-License-Identifier: Apache-2.0
#include "study/series.h"

#include <algorithm>
#include <cmath>

namespace ludus::study {
namespace {

double mean_of(const Series& s) {
  double sum = 0;
  for (double v : s) sum += v;
  return sum / static_cast<double>(s.size());
}

// The direction of a step; a step within kFlat is rounding, no change (2 |2 * 0.7 - 1|
// and 2 |2 * 0.3 - 1| differ in the last bit).
constexpr double kFlat = 1e-9;
int sign(double v) { return v > kFlat ? 1 : v < -kFlat ? -1 : 0; }

// Least-squares slope of the values against their index 0, 1, 2 ...
double slope(const Series& s) {
  const double n = static_cast<double>(s.size());
  const double mean_x = (n - 1) / 2, mean_y = mean_of(s);
  double covariance = 0, variance = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const double dx = static_cast<double>(i) - mean_x;
    covariance += dx * (s[i] - mean_y);
    variance += dx * dx;
  }
  return covariance / variance;
}

}  // namespace

double aggregate(const Series& s, SeriesAggregate a) {
  if (s.empty()) return 0;
  const double steps = static_cast<double>(s.size()) - 1;
  switch (a) {
    case SeriesAggregate::kAverage: return mean_of(s);
    case SeriesAggregate::kMedian: {
      Series sorted = s;
      std::sort(sorted.begin(), sorted.end());
      return sorted[sorted.size() / 2];  // Ludii's: the upper of the two middle values
    }
    case SeriesAggregate::kMaximum: return *std::max_element(s.begin(), s.end());
    case SeriesAggregate::kMinimum: return *std::min_element(s.begin(), s.end());
    default: break;
  }
  if (s.size() < 2) return 0;
  switch (a) {
    case SeriesAggregate::kVariance: {
      const double mean = mean_of(s);
      double squares = 0;
      for (double v : s) squares += (v - mean) * (v - mean);
      return squares / static_cast<double>(s.size());
    }
    case SeriesAggregate::kChangeAverage: return (s.back() - s.front()) / steps;
    case SeriesAggregate::kChangeSign: {
      int total = 0;
      for (size_t i = 1; i < s.size(); ++i) total += sign(s[i] - s[i - 1]);
      return total / steps;
    }
    case SeriesAggregate::kChangeLineBestFit: return slope(s);
    case SeriesAggregate::kChangeNumTimes: {
      // A step in a direction other than the previous step's counts; a flat step has no
      // direction, so the step after it counts whenever it moves (as in Ludii).
      int changes = 0, previous = 0;
      for (size_t i = 1; i < s.size(); ++i) {
        const int direction = sign(s[i] - s[i - 1]);
        if (direction != 0 && direction != previous) ++changes;
        previous = direction;
      }
      return changes / steps;
    }
    case SeriesAggregate::kMaxIncrease:
    case SeriesAggregate::kMaxDecrease: {
      double most = 0;
      for (size_t i = 1; i < s.size(); ++i)
        most = a == SeriesAggregate::kMaxIncrease ? std::max(most, s[i] - s[i - 1]) : std::min(most, s[i] - s[i - 1]);
      return most;
    }
    default: return 0;
  }
}

double per_game_aggregate(const std::vector<Series>& games, SeriesAggregate a) {
  const bool any = std::any_of(games.begin(), games.end(), [](const Series& s) { return !s.empty(); });
  if (!any) return kUnknown;
  double sum = 0;
  for (const auto& s : games) sum += aggregate(s, a);
  return sum / static_cast<double>(games.size());
}

void set_pooled(Metric& metric, const std::vector<Series>& games) {
  double sum = 0;
  long long count = 0;
  std::vector<double> game_means;
  for (const auto& s : games) {
    if (s.empty()) continue;
    for (double v : s) sum += v;
    count += static_cast<long long>(s.size());
    game_means.push_back(mean_of(s));
  }
  if (count == 0) return;
  metric.value = sum / static_cast<double>(count);
  metric.spread = mean_spread(game_means).spread;
}

void set_per_game(Metric& metric, const std::vector<Series>& games, MetricUnit unit, bool with_aggregates) {
  metric.ludii = LudiiValue{per_game_aggregate(games, SeriesAggregate::kAverage), unit};
  if (!with_aggregates) return;
  SeriesAggregates all;
  for (int a = 0; a < kSeriesAggregates; ++a) all[static_cast<size_t>(a)] = per_game_aggregate(games, static_cast<SeriesAggregate>(a));
  metric.aggregates = all;
}

}  // namespace ludus::study
