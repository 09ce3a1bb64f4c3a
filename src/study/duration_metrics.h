// SPDX-License-Identifier: Apache-2.0
#pragma once
// How long games last: turns and moves (plies) per game, their spread and extremes, the
// turns of the games that ended by the rules, and the share of an ideal length the games
// keep to (docs/metrics.md, "Duration").
#include <vector>

#include "study/metric.h"

namespace ludus::study {

std::vector<Metric> duration_metrics(const std::vector<GameTrace>& games, const MetricContext& context);

// Ludii's IdealDuration score of one game of `turns` turns: 1 inside [min, max], rising
// linearly from 0 below min, falling linearly to 0 at twice max above it.
double ideal_duration_score(double turns, double min_turns, double max_turns);

}  // namespace ludus::study
