// SPDX-License-Identifier: Apache-2.0
#pragma once
// Values measured along each game, one per position or per ply (the branching factor
// before every ply, the stones on the board after every ply ...), and the two ways of
// averaging them (docs/metrics.md, "Series along a game"): ludus pools the values of all
// games, so every position weighs the same; Ludii takes the mean within each game and
// then over the games, so every game weighs the same, and also summarises each game's
// series by its median, maximum, trend ... (SeriesAggregate).
#include <vector>

#include "study/metric.h"

namespace ludus::study {

using Series = std::vector<double>;  // one game's values, in order

// One game's series summarised as Ludii's MultiMetricFramework does, corrected where its
// code is defective (the minimum starts from the first value, not from 0; the number of
// direction changes is divided as a real number): 0 for an empty series, and 0 for
// anything but the average, median and extremes of a series shorter than 2.
double aggregate(const Series& series, SeriesAggregate a);

// Ludii's value over a set of games: each game's aggregate, averaged over `games` (a game
// with an empty series counts 0, as in Ludii); kUnknown when no game has a value.
double per_game_aggregate(const std::vector<Series>& games, SeriesAggregate a);

// ludus's value: metric.value = the mean of every value of every game, metric.spread =
// the standard deviation of the games' means (over the games that have values);
// kUnknown when there is no value.
void set_pooled(Metric& metric, const std::vector<Series>& games);

// Ludii's value: metric.ludii = the per-game average of `games` in `unit`, and with
// `with_aggregates` metric.aggregates = every SeriesAggregate of them.
void set_per_game(Metric& metric, const std::vector<Series>& games, MetricUnit unit, bool with_aggregates);

}  // namespace ludus::study
