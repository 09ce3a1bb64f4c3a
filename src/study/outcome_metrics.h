// SPDX-License-Identifier: Apache-2.0
#pragma once
// Metrics of the results alone: first-player advantage, balance, completion,
// drawishness, timeouts, outcome uniformity and the pie rule's use (docs/metrics.md,
// "Outcomes").
#include <vector>

#include "study/metric.h"

namespace ludus::study {

std::vector<Metric> outcome_metrics(const std::vector<GameTrace>& games, const MetricContext& context);

// First seat's score (win 1, draw 1/2) over `games`, with its 95% Wilson interval.
Metric first_player_score(const std::vector<GameTrace>& games, std::string key, std::string title);

}  // namespace ludus::study
