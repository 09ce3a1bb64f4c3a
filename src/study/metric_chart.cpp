// SPDX-License-Identifier: Apache-2.0
#include "study/metric_chart.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "study/svg_plot.h"

namespace ludus::study {
namespace {

constexpr double kLeft = 64, kRight = 16, kTop = 72, kBottom = 46;  // margins around the panels
constexpr double kGap = 18;                                          // between panels
constexpr int kColumns = 3;                                          // panels per row

// Shown value: shares as percentages, the rest as they are.
double shown(const Metric& m, double v) { return m.unit == MetricUnit::kShare ? 100 * v : v; }

// The interval drawn around a value: the 95% interval, else ± one standard deviation.
bool interval_of(const Metric& m, double& a, double& b) {
  if (known(m.low)) a = m.low, b = m.high;
  else if (known(m.spread)) a = m.value - m.spread, b = m.value + m.spread;
  else return false;
  a = shown(m, a), b = shown(m, b);
  return true;
}

bool parse_number(const std::string& text, double& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

std::string number_text(double v) { return std::fabs(v - std::round(v)) < 1e-9 ? fmt::format("{:.0f}", v) : fmt::format("{:g}", v); }

bool is_baseline(const std::string& series) { return series.rfind("random", 0) == 0; }

std::string series_colour(const std::vector<std::string>& series, size_t i) {
  static const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
  if (is_baseline(series[i])) return "#7f7f7f";
  size_t rank = 0;  // colours go to the AIs in order, skipping the baseline
  for (size_t j = 0; j < i; ++j) rank += is_baseline(series[j]) ? 0 : 1;
  return kColours[rank % std::size(kColours)];
}

// The settings laid out: x values, panels and series in first-seen order.
struct Layout {
  std::string x_name;               // the first swept option ("" when none)
  std::vector<std::string> x_values;
  bool numeric = false;             // every x value is a number: positions to scale
  std::vector<double> x_numbers;
  std::vector<std::string> panels;  // the other swept options of each panel ("" when one panel)
  std::vector<std::string> series;

  explicit Layout(const std::vector<ChartPoint>& points) {
    auto add = [](std::vector<std::string>& list, const std::string& v) {
      if (std::find(list.begin(), list.end(), v) == list.end()) list.push_back(v);
    };
    for (const auto& p : points) {
      if (!p.swept.empty()) x_name = p.swept.front().first;
      add(x_values, x_of(p));
      add(panels, panel_of(p));
      add(series, p.series);
    }
    numeric = !x_name.empty();
    for (const auto& v : x_values) {
      double d = 0;
      numeric = numeric && parse_number(v, d);
      x_numbers.push_back(d);
    }
  }
  static std::string x_of(const ChartPoint& p) { return p.swept.empty() ? "" : p.swept.front().second; }
  static std::string panel_of(const ChartPoint& p) {
    std::string label;
    for (size_t i = 1; i < p.swept.size(); ++i) label += (label.empty() ? "" : " ") + p.swept[i].first + "=" + p.swept[i].second;
    return label;
  }
  size_t x_index(const ChartPoint& p) const { return static_cast<size_t>(std::find(x_values.begin(), x_values.end(), x_of(p)) - x_values.begin()); }
};

}  // namespace

std::string metric_chart_svg(const std::string& title, const std::vector<ChartPoint>& points) {
  const Layout layout(points);
  // The y range of every value and interval, shared by the panels.
  double lo = 0, hi = 0;
  bool any = false;
  for (const auto& p : points) {
    const Metric& m = p.metric;
    if (!known(m.value)) continue;
    double a = shown(m, m.value), b = a;
    interval_of(m, a, b);
    a = std::min(a, shown(m, m.value)), b = std::max(b, shown(m, m.value));
    lo = any ? std::min(lo, a) : std::min(0.0, a);
    hi = any ? std::max(hi, b) : b;
    any = true;
  }
  if (!any || hi <= lo) hi = lo + 1;
  const double step = nice_step(hi - lo, 5);
  lo = std::floor(lo / step) * step;
  hi = std::ceil(hi / step) * step;

  const size_t panels = std::max<size_t>(layout.panels.size(), 1);
  const size_t columns = std::min<size_t>(panels, kColumns), rows = (panels + columns - 1) / columns;
  const double panel_width = panels == 1 ? 440 : 250, panel_height = panels == 1 ? 240 : 180;
  const double width = kLeft + static_cast<double>(columns) * (panel_width + kGap) - kGap + kRight;
  const double height = kTop + static_cast<double>(rows) * (panel_height + kBottom + (panels > 1 ? 18 : 0));
  const Metric& first = points.empty() ? Metric{} : points.front().metric;

  std::string s = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" viewBox="0 0 {0:.0f} {1:.0f}" font-family="sans-serif">)"
      "\n<rect width=\"{0:.0f}\" height=\"{1:.0f}\" fill=\"white\"/>\n",
      width, height);
  s += fmt::format(R"(<text x="{:.1f}" y="22" text-anchor="middle" font-size="15">{}</text>)" "\n", width / 2, xml_escape(title));
  // Legend: one entry per series, then what the bands or whiskers show.
  double lx = kLeft;
  for (size_t i = 0; i < layout.series.size(); ++i) {
    const std::string colour = series_colour(layout.series, i);
    s += fmt::format(R"(<line x1="{:.1f}" y1="42" x2="{:.1f}" y2="42" stroke="{}" stroke-width="2.5"{}/>)" "\n", lx, lx + 22, colour,
                     is_baseline(layout.series[i]) ? R"( stroke-dasharray="5,3")" : "");
    const std::string label = layout.series[i].empty() ? "all games" : layout.series[i];
    s += fmt::format(R"(<text x="{:.1f}" y="46" font-size="12">{}</text>)" "\n", lx + 27, xml_escape(label));
    lx += 40 + 7.0 * static_cast<double>(label.size());
  }
  const bool intervals = known(first.low), spreads = !intervals && known(first.spread);
  if (intervals || spreads)
    s += fmt::format(R"(<text x="{:.1f}" y="46" font-size="11" fill="#555">{}: {}</text>)" "\n", lx + 6,
                     layout.numeric ? "bands" : "whiskers", intervals ? "95% interval" : "± one standard deviation across games");
  const char* unit = first.unit == MetricUnit::kShare ? "%" : first.unit == MetricUnit::kLog10 ? "log10" : "";

  for (size_t panel = 0; panel < panels; ++panel) {
    const double left = kLeft + static_cast<double>(panel % columns) * (panel_width + kGap);
    const double top = kTop + static_cast<double>(panel / columns) * (panel_height + kBottom + (panels > 1 ? 18 : 0)) +
                       (panels > 1 ? 18 : 0);
    const double right = left + panel_width, bottom = top + panel_height;
    auto y = [&](double v) { return bottom - (v - lo) / (hi - lo) * (bottom - top); };
    // x: to scale between the smallest and largest number (padded by half the mean gap),
    // else one slot per value.
    double x_lo = 0, x_hi = 1;
    if (layout.numeric) {
      x_lo = *std::min_element(layout.x_numbers.begin(), layout.x_numbers.end());
      x_hi = *std::max_element(layout.x_numbers.begin(), layout.x_numbers.end());
      const double pad = x_hi > x_lo ? (x_hi - x_lo) / std::max<double>(static_cast<double>(layout.x_values.size()) - 1, 1) / 2 : 1;
      x_lo -= pad, x_hi += pad;
    }
    const double slot = (right - left) / static_cast<double>(std::max<size_t>(layout.x_values.size(), 1));
    auto x_at = [&](size_t i) {
      return layout.numeric ? left + (layout.x_numbers[i] - x_lo) / (x_hi - x_lo) * (right - left)
                            : left + slot * (static_cast<double>(i) + 0.5);
    };
    // Whiskers of different series at one x value stand side by side.
    const double dodge = layout.numeric ? 0 : std::min(14.0, slot / static_cast<double>(layout.series.size() + 1));
    auto x_of_series = [&](size_t i, size_t series) {
      return x_at(i) + dodge * (static_cast<double>(series) - (static_cast<double>(layout.series.size()) - 1) / 2);
    };

    if (panels > 1)
      s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="12" font-weight="bold">{}</text>)" "\n",
                       (left + right) / 2, top - 6, xml_escape(layout.panels[panel]));
    s += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="none" stroke="#444"/>)" "\n", left, top,
                     right - left, bottom - top);
    for (double v = lo; v <= hi + step / 2; v += step) {
      s += fmt::format(R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="#ddd"/>)" "\n", left, y(v), right, y(v));
      if (panel % columns == 0)
        s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="end" font-size="11">{}</text>)" "\n", left - 5, y(v) + 4,
                         number_text(std::round(v / step) * step));
    }
    for (size_t i = 0; i < layout.x_values.size(); ++i) {
      s += fmt::format(R"(<line x1="{0:.1f}" y1="{1:.1f}" x2="{0:.1f}" y2="{2:.1f}" stroke="#444"/>)" "\n", x_at(i), bottom, bottom + 4);
      s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11">{}</text>)" "\n", x_at(i), bottom + 16,
                       xml_escape(layout.x_values[i]));
    }
    if (!layout.x_name.empty())
      s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="12">{}</text>)" "\n", (left + right) / 2,
                       bottom + 34, xml_escape(layout.x_name));
    if (panel % columns == 0 && *unit) {
      const double ly = (top + bottom) / 2;
      s += fmt::format(R"svg(<text x="{0:.1f}" y="{1:.1f}" text-anchor="middle" font-size="12" transform="rotate(-90 {0:.1f} {1:.1f})">{2}</text>)svg" "\n",
                       left - 46, ly, unit);
    }

    bool drawn = false;
    for (size_t k = 0; k < layout.series.size(); ++k) {
      // This series' points in this panel, by x value.
      std::map<size_t, const ChartPoint*> by_x;
      for (const auto& p : points)
        if (p.series == layout.series[k] && Layout::panel_of(p) == (layout.panels.empty() ? "" : layout.panels[panel]))
          by_x[layout.x_index(p)] = &p;
      const std::string colour = series_colour(layout.series, k);
      const char* dash = is_baseline(layout.series[k]) ? R"( stroke-dasharray="5,3")" : "";
      // Runs of consecutive known values: a line (and a band) each; unknowns break them.
      std::vector<std::vector<size_t>> runs(1);
      for (size_t i = 0; i < layout.x_values.size(); ++i) {
        auto it = by_x.find(i);
        if (it == by_x.end() || !known(it->second->metric.value)) {
          if (!runs.back().empty()) runs.emplace_back();
          continue;
        }
        runs.back().push_back(i);
      }
      for (const auto& run : runs) {
        if (run.empty()) continue;
        double a = 0, b = 0;
        const bool band = layout.numeric && run.size() > 1 && interval_of(by_x[run.front()]->metric, a, b);
        if (band) {
          std::string upper, lower;
          for (size_t i : run) {
            interval_of(by_x[i]->metric, a, b);
            upper += fmt::format("{:.1f},{:.1f} ", x_at(i), y(b));
            lower = fmt::format("{:.1f},{:.1f} ", x_at(i), y(a)) + lower;
          }
          s += fmt::format(R"(<polygon points="{}{}" fill="{}" fill-opacity="0.15" stroke="none"/>)" "\n", upper, lower, colour);
        }
        std::string line;
        for (size_t i : run) {
          const Metric& m = by_x[i]->metric;
          const double px = x_of_series(i, k), py = y(shown(m, m.value));
          if (!band && interval_of(m, a, b))
            s += fmt::format(R"(<path d="M{0:.1f},{1:.1f}V{2:.1f}M{3:.1f},{1:.1f}H{4:.1f}M{3:.1f},{2:.1f}H{4:.1f}" stroke="{5}" stroke-width="1.5" fill="none"/>)" "\n",
                             px, y(a), y(b), px - 4, px + 4, colour);
          s += fmt::format(R"(<circle cx="{:.1f}" cy="{:.1f}" r="3.5" fill="{}"><title>{}{}: {}</title></circle>)" "\n", px, py, colour,
                           xml_escape(layout.series[k].empty() ? "" : layout.series[k] + " "),
                           xml_escape(layout.x_name.empty() ? "" : layout.x_name + "=" + layout.x_values[i]), xml_escape(format_metric(m)));
          line += fmt::format("{:.1f},{:.1f} ", px, py);
          drawn = true;
        }
        if (run.size() > 1)
          s += fmt::format(R"(<polyline points="{}" fill="none" stroke="{}" stroke-width="2"{}/>)" "\n", line, colour, dash);
      }
    }
    if (!drawn)
      s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="12" fill="#888">n/a</text>)" "\n", (left + right) / 2,
                       (top + bottom) / 2);
  }
  return s + "</svg>\n";
}

}  // namespace ludus::study
