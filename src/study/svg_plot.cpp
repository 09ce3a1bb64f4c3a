// SPDX-License-Identifier: Apache-2.0
#include "study/svg_plot.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace ludus::study {
namespace {

const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
constexpr double kPanelWidth = 480, kPanelHeight = 340;
constexpr double kLeft = 60, kRight = 20, kTop = 50, kBottom = 50;

std::string colour(size_t i) { return kColours[i % std::size(kColours)]; }
std::string stroke(const SeriesStyle& style) {
  return "stroke=\"" + colour(style.colour) + "\"" + (style.dashed ? " stroke-dasharray=\"5,3\"" : "");
}
constexpr double kLegendColumn = 320, kLegendRow = 16;

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '&') out += "&amp;";
    else if (ch == '<') out += "&lt;";
    else if (ch == '>') out += "&gt;";
    else if (ch == '"') out += "&quot;";
    else out += ch;
  }
  return out;
}

namespace {

std::string escape(const std::string& text) { return xml_escape(text); }

std::string number(double v) { return std::fabs(v - std::round(v)) < 1e-9 ? fmt::format("{:.0f}", v) : fmt::format("{:g}", v); }

// Maps data coordinates into one panel's plot area and draws its frame, ticks and labels.
struct Panel {
  double x0, x_min, x_max, y_max;  // x0: left edge of the panel in the document
  double left() const { return x0 + kLeft; }
  double right() const { return x0 + kPanelWidth - kRight; }
  double top() const { return kTop; }
  double bottom() const { return kPanelHeight - kBottom; }
  double x(double v) const { return left() + (v - x_min) / std::max(x_max - x_min, 1e-9) * (right() - left()); }
  double y(double v) const { return bottom() - v / std::max(y_max, 1e-9) * (bottom() - top()); }

  std::string axes(const std::string& title, const std::string& x_label, const std::string& y_label) const {
    std::string s;
    s += fmt::format(R"(<text x="{:.1f}" y="28" text-anchor="middle" font-size="15">{}</text>)" "\n",
                     (left() + right()) / 2, escape(title));
    s += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="none" stroke="#444"/>)" "\n",
                     left(), top(), right() - left(), bottom() - top());
    const double ys = nice_step(y_max, 5);
    for (double v = 0; v <= y_max + 1e-9; v += ys) {
      s += fmt::format(R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="#ddd"/>)" "\n", left(), y(v),
                       right(), y(v));
      s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="end" font-size="11">{}</text>)" "\n", left() - 5,
                       y(v) + 4, number(v));
    }
    const double xs = nice_step(x_max - x_min, 6);
    for (double v = std::ceil(x_min / xs) * xs; v <= x_max + 1e-9; v += xs) {
      s += fmt::format(R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="#444"/>)" "\n", x(v), bottom(),
                       x(v), bottom() + 4);
      s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11">{}</text>)" "\n", x(v),
                       bottom() + 17, number(v));
    }
    s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="12">{}</text>)" "\n",
                     (left() + right()) / 2, bottom() + 36, escape(x_label));
    const double ly = (top() + bottom()) / 2;
    s += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="12" transform="rotate(-90 {:.1f} {:.1f})">{}</text>)svg" "\n",
                     x0 + 16, ly, x0 + 16, ly, escape(y_label));
    return s;
  }

};

std::string histogram_panel(double x0, const std::vector<HistogramSeries>& series) {
  double lo = 1e300, hi = -1e300;
  for (const auto& s : series)
    for (double v : s.values) lo = std::min(lo, v), hi = std::max(hi, v);
  if (lo > hi) lo = 0, hi = 1;
  // Integer-aligned bins, about 25 of them.
  const double width = std::max(1.0, std::ceil((hi - lo + 1) / 25.0));
  const double start = std::floor(lo);
  const int bins = static_cast<int>(std::floor((hi - start) / width)) + 1;
  std::vector<std::vector<int>> counts(series.size(), std::vector<int>(static_cast<size_t>(bins), 0));
  int top = 1;
  for (size_t i = 0; i < series.size(); ++i)
    for (double v : series[i].values) {
      int b = std::clamp(static_cast<int>((v - start) / width), 0, bins - 1);
      top = std::max(top, ++counts[i][static_cast<size_t>(b)]);
    }
  Panel p{x0, start, start + width * bins, static_cast<double>(top) * 1.1};
  std::string s = p.axes("Game length", "plies", "games");
  if (series.size() == 1) {
    for (int b = 0; b < bins; ++b) {
      const int c = counts[0][static_cast<size_t>(b)];
      if (!c) continue;
      s += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}" fill-opacity="0.8"/>)" "\n",
                       p.x(start + width * b) + 0.5, p.y(c), std::max(p.x(start + width) - p.x(start) - 1.0, 0.5),
                       p.bottom() - p.y(c), colour(series[0].style.colour));
    }
    return s;
  }
  // Several series: the outline of each one's bars, so none hides another.
  for (size_t i = 0; i < series.size(); ++i) {
    std::string path = fmt::format("M{:.1f},{:.1f}", p.x(start), p.y(0));
    for (int b = 0; b < bins; ++b)
      path += fmt::format("V{:.1f}H{:.1f}", p.y(counts[i][static_cast<size_t>(b)]), p.x(start + width * (b + 1)));
    path += fmt::format("V{:.1f}", p.y(0));
    s += fmt::format(R"(<path d="{}" fill="none" {} stroke-width="1.5"/>)" "\n", path, stroke(series[i].style));
  }
  return s;
}

std::string line_panel(double x0, const std::vector<LineSeries>& series) {
  double x_max = 1, y_max = 1;
  for (const auto& s : series) {
    x_max = std::max(x_max, static_cast<double>(s.y.size()));
    for (double v : s.y) y_max = std::max(y_max, v);
  }
  Panel p{x0, 1, x_max, y_max * 1.1};
  std::string s = p.axes("Branching factor by ply", "ply", "mean legal moves");
  for (size_t i = 0; i < series.size(); ++i) {
    std::string points;
    for (size_t k = 0; k < series[i].y.size(); ++k)
      points += fmt::format("{:.1f},{:.1f} ", p.x(static_cast<double>(k + 1)), p.y(series[i].y[k]));
    s += fmt::format(R"(<polyline points="{}" fill="none" {} stroke-width="1.5"/>)" "\n", points, stroke(series[i].style));
  }
  return s;
}

// Columns of the legend: two when the series come in pairs of an AI (solid) and the
// baseline (dashed), so each row is one variant; else three.
size_t legend_columns(const std::vector<HistogramSeries>& series) {
  for (size_t i = 0; i < series.size(); ++i)
    if (series[i].style.dashed != (i % 2 == 1)) return 3;
  return series.size() % 2 == 0 ? 2 : 3;
}

// The series' labels under the panels, in columns, each beside its line.
std::string legend(double top, const std::vector<HistogramSeries>& series) {
  std::string s;
  if (series.size() < 2) return s;
  const size_t columns = legend_columns(series);
  for (size_t i = 0; i < series.size(); ++i) {
    const double x = kLeft + kLegendColumn * static_cast<double>(i % columns), y = top + kLegendRow * static_cast<double>(i / columns);
    s += fmt::format(R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" {} stroke-width="2.5"/>)" "\n", x, y - 4, x + 24,
                     y - 4, stroke(series[i].style));
    s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" font-size="12">{}</text>)" "\n", x + 30, y, escape(series[i].label));
  }
  return s;
}

}  // namespace

double nice_step(double range, int ticks) {
  if (!(range > 0)) return 1;
  const double raw = range / std::max(ticks, 1);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return std::max(m * power, 1e-12);
  return 10 * power;
}

std::string analysis_plot_svg(const std::string& title, const std::vector<HistogramSeries>& lengths,
                              const std::vector<LineSeries>& branching) {
  const size_t columns = legend_columns(lengths), legend_rows = lengths.size() < 2 ? 0 : (lengths.size() + columns - 1) / columns;
  const double width = 2 * kPanelWidth, height = kPanelHeight + 30 + kLegendRow * static_cast<double>(legend_rows) + 8;
  std::string s = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" viewBox="0 0 {0:.0f} {1:.0f}" font-family="sans-serif">)"
      "\n",
      width, height);
  s += fmt::format(R"(<rect width="{:.0f}" height="{:.0f}" fill="white"/>)" "\n", width, height);
  s += "<g transform=\"translate(0,30)\">\n";
  s += histogram_panel(0, lengths);
  s += line_panel(kPanelWidth, branching);
  s += legend(kPanelHeight + 4, lengths);
  s += "</g>\n";
  s += fmt::format(R"(<text x="{:.0f}" y="24" text-anchor="middle" font-size="17" font-weight="bold">{}</text>)" "\n",
                   width / 2, escape(title));
  return s + "</svg>\n";
}

}  // namespace ludus::study
