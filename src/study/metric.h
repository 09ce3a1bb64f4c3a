// SPDX-License-Identifier: Apache-2.0
#pragma once
// One measured value of the designer's analysis (docs/metrics.md defines every key):
// a value, optionally the spread across games (standard deviation) and a 95% interval;
// the Ludii metric it corresponds to and, where Ludii defines it differently, the value
// under Ludii's definition (reported beside it as KEY_ludii).  Unknown values (no
// evaluations with random play, no decisive game ...) are kUnknown and shown as "n/a".
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "study/game_trace.h"

namespace ludus::study {

enum class MetricUnit {
  kShare,   // a fraction in [0, 1], shown as a percentage
  kNumber,  // shown with three significant digits
  kLog10,   // an order of magnitude, shown as 10^x
};

// Ludii's ways of summarising a series of values along one game (its multi-value
// metrics, MultiMetricValue), each taken within every game and then averaged over the
// games.  docs/metrics.md, "Series along a game", defines each.
enum class SeriesAggregate {
  kAverage,
  kMedian,
  kMaximum,
  kMinimum,
  kVariance,
  kChangeAverage,
  kChangeSign,
  kChangeLineBestFit,
  kChangeNumTimes,
  kMaxIncrease,
  kMaxDecrease,
};
constexpr int kSeriesAggregates = 11;
// JSON key ("change_line_best_fit") and Ludii's name ("ChangeLineBestFit").
const char* aggregate_key(SeriesAggregate a);
const char* aggregate_ludii_name(SeriesAggregate a);
using SeriesAggregates = std::array<double, kSeriesAggregates>;  // indexed by SeriesAggregate

// A value under Ludii's definition, in its own unit (Ludii's evaluations run from -1 to
// 1 where ludus's win probabilities run from 0 to 1).
struct LudiiValue {
  double value = kUnknown;
  MetricUnit unit = MetricUnit::kNumber;
};

struct Metric {
  std::string key;    // stable name for JSON and the report: "balance"
  std::string title;  // for people: "Balance"
  MetricUnit unit = MetricUnit::kNumber;
  double value = kUnknown;
  double spread = kUnknown;  // standard deviation across games
  double low = kUnknown;     // 95% interval
  double high = kUnknown;
  // The Ludii metric (class or concept name) this corresponds to; "" for ludus's own.
  std::string ludii_class{};
  // Present where Ludii's definition differs from ludus's; absent where they agree.
  std::optional<LudiiValue> ludii{};
  // For a series along each game: Ludii's aggregates of it (the average is `ludii`'s value).
  std::optional<SeriesAggregates> aggregates{};
};

// A metric not measured yet: its key, title, unit and Ludii metric ("" for ludus's own).
Metric named_metric(std::string key, std::string title, MetricUnit unit, std::string ludii_class);

// The "under Ludii's definition" twin of a metric that has one: key KEY_ludii, its title,
// unit and value; no spread or interval.
Metric ludii_twin(const Metric& metric);

// Facts about the games that the traces do not carry.
struct MetricContext {
  bool swap_offered = false;  // the pie rule was on
  // Vertices, edges and faces of the board's graph (study/board_graph.h), 0 when unknown.
  int board_elements = 0;
  // IdealDuration's range of turns (Ludii's defaults: 0 to 1000).
  double ideal_min_turns = 0;
  double ideal_max_turns = 1000;
};

// The context of one variant of a game (its pie rule and board graph), with Ludii's ideal
// duration range.
MetricContext metric_context(const Game& game);

// Mean and sample standard deviation of the known values (kUnknown when none).
struct MeanSpread {
  double mean = kUnknown;
  double spread = kUnknown;
  long long count = 0;
};
MeanSpread mean_spread(const std::vector<double>& values);

// Every metric of docs/metrics.md over the games of one variant, in a fixed order.
std::vector<Metric> compute_metrics(const std::vector<GameTrace>& games, const MetricContext& context);

// The metric named `key` in `metrics`, or nullptr.
const Metric* find_metric(const std::vector<Metric>& metrics, const std::string& key);

// "52.0%", "12.3", "10^14.2" or "n/a" (with " ± spread" and "[interval]" when
// `with_spread` and known).
std::string format_metric(const Metric& metric, bool with_spread = true);
// One value in a unit, as format_metric shows it.
std::string format_value(double value, MetricUnit unit);

}  // namespace ludus::study
