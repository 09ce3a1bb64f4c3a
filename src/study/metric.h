#pragma once
// One measured value of the designer's analysis (docs/metrics.md defines every key):
// a value, optionally the spread across games (standard deviation) and a 95% interval.
// Unknown values (no evaluations with random play, no decisive game ...) are kUnknown
// and shown as "n/a".
#include <string>
#include <vector>

#include "study/game_trace.h"

namespace ludus::study {

enum class MetricUnit {
  kShare,   // a fraction in [0, 1], shown as a percentage
  kNumber,  // shown with one decimal
  kLog10,   // an order of magnitude, shown as 10^x
};

struct Metric {
  std::string key;    // stable name for JSON and the report: "balance"
  std::string title;  // for people: "Balance"
  MetricUnit unit = MetricUnit::kNumber;
  double value = kUnknown;
  double spread = kUnknown;  // standard deviation across games
  double low = kUnknown;     // 95% interval
  double high = kUnknown;
};

// Facts about the games that the traces do not carry.
struct MetricContext {
  bool swap_offered = false;  // the pie rule was on
};

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

// "52.0%", "12.3", "10^14.2" or "n/a" (with " ± spread" when `with_spread` and known).
std::string format_metric(const Metric& metric, bool with_spread = true);

}  // namespace ludus::study
