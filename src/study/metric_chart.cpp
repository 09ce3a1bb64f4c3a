#include "study/metric_chart.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "study/svg_plot.h"

namespace ludus::study {
namespace {

constexpr double kWidth = 520, kHeight = 300;
constexpr double kLeft = 70, kRight = 20, kTop = 40, kBottom = 70;

// Shown value: shares as percentages, the rest as they are.
double shown(const Metric& m, double v) { return m.unit == MetricUnit::kShare ? 100 * v : v; }

}  // namespace

std::string metric_chart_svg(const std::string& title, const std::vector<ChartPoint>& points) {
  // Range of the values and their bars.
  double lo = 0, hi = 0;
  bool any = false;
  for (const auto& p : points) {
    const Metric& m = p.metric;
    if (!known(m.value)) continue;
    double a = m.value, b = m.value;
    if (known(m.low)) a = m.low, b = m.high;
    else if (known(m.spread)) a = m.value - m.spread, b = m.value + m.spread;
    a = shown(m, a), b = shown(m, b);
    lo = any ? std::min(lo, a) : std::min(0.0, a);
    hi = any ? std::max(hi, b) : b;
    any = true;
  }
  if (!any || hi <= lo) hi = lo + 1;
  const double step = nice_step(hi - lo, 5);
  lo = std::floor(lo / step) * step;
  hi = std::ceil(hi / step) * step;
  const double left = kLeft, right = kWidth - kRight, top = kTop, bottom = kHeight - kBottom;
  auto y = [&](double v) { return bottom - (v - lo) / (hi - lo) * (bottom - top); };
  const double slot = (right - left) / static_cast<double>(std::max<size_t>(points.size(), 1));
  auto x = [&](size_t i) { return left + slot * (static_cast<double>(i) + 0.5); };

  std::string s = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" viewBox="0 0 {0:.0f} {1:.0f}" font-family="sans-serif">)"
      "\n<rect width=\"{0:.0f}\" height=\"{1:.0f}\" fill=\"white\"/>\n",
      kWidth, kHeight);
  s += fmt::format(R"(<text x="{:.1f}" y="24" text-anchor="middle" font-size="15">{}</text>)" "\n", kWidth / 2,
                   xml_escape(title));
  s += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="none" stroke="#444"/>)" "\n", left,
                   top, right - left, bottom - top);
  for (double v = lo; v <= hi + step / 2; v += step) {
    s += fmt::format(R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="#ddd"/>)" "\n", left, y(v), right, y(v));
    s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="end" font-size="11">{:g}</text>)" "\n", left - 5, y(v) + 4,
                     std::round(v / step) * step);
  }
  std::string line;
  for (size_t i = 0; i < points.size(); ++i) {
    const Metric& m = points[i].metric;
    s += fmt::format(R"svg(<text x="{0:.1f}" y="{1:.1f}" text-anchor="end" font-size="11" transform="rotate(-35 {0:.1f} {1:.1f})">{2}</text>)svg" "\n",
                     x(i) + 4, bottom + 14, xml_escape(points[i].label));
    if (!known(m.value)) {
      s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11" fill="#888">n/a</text>)" "\n", x(i),
                       (top + bottom) / 2);
      continue;
    }
    double a = kUnknown, b = kUnknown;
    if (known(m.low)) a = m.low, b = m.high;
    else if (known(m.spread)) a = m.value - m.spread, b = m.value + m.spread;
    if (known(a))
      s += fmt::format(R"(<line x1="{0:.1f}" y1="{1:.1f}" x2="{0:.1f}" y2="{2:.1f}" stroke="#1f77b4" stroke-width="2" stroke-opacity="0.5"/>)" "\n",
                       x(i), y(shown(m, a)), y(shown(m, b)));
    s += fmt::format(R"(<circle cx="{:.1f}" cy="{:.1f}" r="4" fill="#1f77b4"><title>{}: {}</title></circle>)" "\n", x(i),
                     y(shown(m, m.value)), xml_escape(points[i].label), xml_escape(format_metric(m)));
    line += fmt::format("{:.1f},{:.1f} ", x(i), y(shown(m, m.value)));
  }
  if (points.size() > 1 && !line.empty())
    s += fmt::format(R"(<polyline points="{}" fill="none" stroke="#1f77b4" stroke-opacity="0.4"/>)" "\n", line);
  const char* unit = points.empty() ? "" : points.front().metric.unit == MetricUnit::kShare ? "%" : points.front().metric.unit == MetricUnit::kLog10 ? "log10" : "";
  if (*unit)
    s += fmt::format(R"svg(<text x="14" y="{0:.1f}" text-anchor="middle" font-size="12" transform="rotate(-90 14 {0:.1f})">{1}</text>)svg" "\n",
                     (top + bottom) / 2, unit);
  return s + "</svg>\n";
}

}  // namespace ludus::study
