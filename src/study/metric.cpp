// SPDX-License-Identifier: Apache-2.0
#include "study/metric.h"

#include <cmath>

#include <fmt/format.h>

#include "study/board_graph.h"
#include "study/duration_metrics.h"
#include "study/evaluation_metrics.h"
#include "study/outcome_metrics.h"
#include "study/play_metrics.h"

namespace ludus::study {
namespace {

struct AggregateName {
  const char* key;
  const char* ludii;
};
constexpr AggregateName kAggregateNames[kSeriesAggregates] = {
    {"average", "Average"},
    {"median", "Median"},
    {"maximum", "Maximum"},
    {"minimum", "Minimum"},
    {"variance", "Variance"},
    {"change_average", "ChangeAverage"},
    {"change_sign", "ChangeSign"},
    {"change_line_best_fit", "ChangeLineBestFit"},
    {"change_num_times", "ChangeNumTimes"},
    {"max_increase", "MaxIncrease"},
    {"max_decrease", "MaxDecrease"},
};

}  // namespace

const char* aggregate_key(SeriesAggregate a) { return kAggregateNames[static_cast<int>(a)].key; }
const char* aggregate_ludii_name(SeriesAggregate a) { return kAggregateNames[static_cast<int>(a)].ludii; }

Metric named_metric(std::string key, std::string title, MetricUnit unit, std::string ludii_class) {
  Metric m{std::move(key), std::move(title), unit};
  m.ludii_class = std::move(ludii_class);
  return m;
}

Metric ludii_twin(const Metric& m) {
  Metric twin = named_metric(m.key + "_ludii", m.title + " (Ludii's definition)", MetricUnit::kNumber, m.ludii_class);
  if (m.ludii) {
    twin.unit = m.ludii->unit;
    twin.value = m.ludii->value;
  }
  return twin;
}

MetricContext metric_context(const Game& game) {
  MetricContext context;
  context.swap_offered = game.offers_pie();
  if (const Geometry* g = game.board_geometry()) context.board_elements = board_graph(*g, game.info().stones_on).elements();
  return context;
}

MeanSpread mean_spread(const std::vector<double>& values) {
  MeanSpread out;
  double sum = 0;
  for (double v : values)
    if (known(v)) sum += v, ++out.count;
  if (out.count == 0) return out;
  out.mean = sum / static_cast<double>(out.count);
  double squares = 0;
  for (double v : values)
    if (known(v)) squares += (v - out.mean) * (v - out.mean);
  out.spread = out.count > 1 ? std::sqrt(squares / static_cast<double>(out.count - 1)) : 0.0;
  return out;
}

std::vector<Metric> compute_metrics(const std::vector<GameTrace>& games, const MetricContext& context) {
  std::vector<Metric> out = outcome_metrics(games, context);
  for (auto* part : {&duration_metrics, &play_metrics, &evaluation_metrics})
    for (auto& m : (*part)(games, context)) out.push_back(std::move(m));
  return out;
}

const Metric* find_metric(const std::vector<Metric>& metrics, const std::string& key) {
  for (const auto& m : metrics)
    if (m.key == key) return &m;
  return nullptr;
}

std::string format_value(double v, MetricUnit unit) {
  if (!known(v)) return "n/a";
  switch (unit) {
    case MetricUnit::kShare: return fmt::format("{:.1f}%", 100 * v);
    case MetricUnit::kLog10: return fmt::format("10^{:.1f}", v);
    case MetricUnit::kNumber: break;
  }
  // Whole numbers as they are; else three significant digits, never in exponent form
  // (Trellis branches ~1000 ways).
  const double size = std::fabs(v);
  if (size < 1e12 && v == std::round(v)) return fmt::format("{:.0f}", v + 0.0);  // + 0.0: never "-0"
  if (size >= 100) return fmt::format("{:.0f}", v);
  if (size >= 10) return fmt::format("{:.1f}", v);
  if (size < 1e-9) return "0";  // never "-0" or "1.2e-17"
  return fmt::format("{:.3g}", v);
}

std::string format_metric(const Metric& m, bool with_spread) {
  if (!known(m.value)) return "n/a";
  std::string text = format_value(m.value, m.unit);
  if (with_spread && known(m.spread)) {
    text += m.unit == MetricUnit::kShare ? fmt::format(" ±{:.1f}", 100 * m.spread) : fmt::format(" ±{:.2g}", m.spread);
  }
  if (with_spread && known(m.low) && m.unit == MetricUnit::kShare)
    text += fmt::format(" [{:.0f}-{:.0f}]", 100 * m.low, 100 * m.high);
  return text;
}

}  // namespace ludus::study
