#include "study/metric.h"

#include <cmath>

#include <fmt/format.h>

#include "study/evaluation_metrics.h"
#include "study/outcome_metrics.h"
#include "study/play_metrics.h"

namespace ludus::study {

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
  for (auto& m : play_metrics(games)) out.push_back(std::move(m));
  for (auto& m : evaluation_metrics(games)) out.push_back(std::move(m));
  return out;
}

const Metric* find_metric(const std::vector<Metric>& metrics, const std::string& key) {
  for (const auto& m : metrics)
    if (m.key == key) return &m;
  return nullptr;
}

std::string format_metric(const Metric& m, bool with_spread) {
  if (!known(m.value)) return "n/a";
  auto one = [&m](double v) {
    switch (m.unit) {
      case MetricUnit::kShare: return fmt::format("{:.1f}%", 100 * v);
      case MetricUnit::kLog10: return fmt::format("10^{:.1f}", v);
      case MetricUnit::kNumber: break;
    }
    // Three significant digits, never in exponent form (Trellis branches ~1000 ways).
    const double size = std::fabs(v);
    return size >= 100 ? fmt::format("{:.0f}", v) : size >= 10 ? fmt::format("{:.1f}", v) : fmt::format("{:.3g}", v);
  };
  std::string text = one(m.value);
  if (with_spread && known(m.spread)) {
    text += m.unit == MetricUnit::kShare ? fmt::format(" ±{:.1f}", 100 * m.spread) : fmt::format(" ±{:.2g}", m.spread);
  }
  if (with_spread && known(m.low) && m.unit == MetricUnit::kShare)
    text += fmt::format(" [{:.0f}-{:.0f}]", 100 * m.low, 100 * m.high);
  return text;
}

}  // namespace ludus::study
