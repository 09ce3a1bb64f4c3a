// SPDX-License-Identifier: Apache-2.0
#include "study/duration_metrics.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "study/stats.h"

namespace ludus::study {
namespace {

Metric number(std::string key, std::string title, std::string ludii_class, double value) {
  Metric m = named_metric(std::move(key), std::move(title), MetricUnit::kNumber, std::move(ludii_class));
  m.value = value;
  return m;
}

}  // namespace

double ideal_duration_score(double turns, double min_turns, double max_turns) {
  if (turns < min_turns) return turns / min_turns;
  if (turns > max_turns) return 1.0 - std::min(1.0, (turns - max_turns) / max_turns);
  return 1.0;
}

std::vector<Metric> duration_metrics(const std::vector<GameTrace>& games, const MetricContext& context) {
  std::vector<double> turns, plies, finished_turns, ideal;
  for (const auto& g : games) {
    turns.push_back(g.turns);
    plies.push_back(g.num_plies());
    if (!g.adjudicated) finished_turns.push_back(g.turns);
    ideal.push_back(ideal_duration_score(g.turns, context.ideal_min_turns, context.ideal_max_turns));
  }
  std::vector<Metric> out;
  const MeanSpread t = mean_spread(turns);
  Metric mean_turns = number("duration_turns", "Duration (turns)", "DurationTurns", t.mean);
  mean_turns.spread = t.spread;
  out.push_back(mean_turns);
  const SampleSummary summary = summarize(turns);
  const bool any = !games.empty();
  // ludus's spread is the sample standard deviation (n - 1); Ludii's the population one (n).
  Metric sd = number("duration_turns_std_dev", "Duration (turns), standard deviation", "DurationTurnsStdDev", t.spread);
  const double n = static_cast<double>(turns.size());
  sd.ludii = LudiiValue{any ? t.spread * std::sqrt((n - 1) / n) : kUnknown, MetricUnit::kNumber};
  out.push_back(sd);
  out.push_back(number("duration_turns_median", "Duration (turns), median", "", any ? summary.median : kUnknown));
  out.push_back(number("duration_turns_min", "Duration (turns), shortest", "", any ? summary.min : kUnknown));
  out.push_back(number("duration_turns_max", "Duration (turns), longest", "", any ? summary.max : kUnknown));
  out.push_back(number("duration_turns_not_timeouts", "Duration (turns) of games not stopped", "DurationTurnsNotTimeouts",
                       mean_spread(finished_turns).mean));
  const MeanSpread p = mean_spread(plies);
  Metric moves = number("duration_moves", "Duration (moves)", "DurationMoves", p.mean);
  moves.spread = p.spread;
  out.push_back(moves);
  Metric within = named_metric("ideal_duration",
                               fmt::format("Ideal duration ({:g}-{:g} turns)", context.ideal_min_turns, context.ideal_max_turns),
                               MetricUnit::kShare, "IdealDuration");
  within.value = mean_spread(ideal).mean;
  out.push_back(within);
  return out;
}

}  // namespace ludus::study
