// SPDX-License-Identifier: Apache-2.0
#pragma once
// Hand-written SVG for `ludus analyze --plot`: a histogram of game lengths and a line
// chart of the mean branching factor by ply, side by side, one series per analysed
// setting (a variant played by an AI or by the random baseline).
#include <string>
#include <vector>

namespace ludus::study {

// How a series is drawn: a colour of the palette and a solid or dashed line.  Settings of
// one variant share a colour; the random baseline is dashed.
struct SeriesStyle {
  size_t colour = 0;
  bool dashed = false;
};

struct HistogramSeries {
  std::string label;
  std::vector<double> values;  // one per game
  SeriesStyle style;
};

struct LineSeries {
  std::string label;
  std::vector<double> y;  // y[k] is the value at x = k + 1
  SeriesStyle style;
};

// One histogram of several series draws each as the outline of its bars; the legend (the
// histogram's labels) sits under both panels.
std::string analysis_plot_svg(const std::string& title, const std::vector<HistogramSeries>& lengths,
                              const std::vector<LineSeries>& branching);

// Text made safe inside SVG/HTML elements and attribute values.
std::string xml_escape(const std::string& text);

// A round tick step (1, 2 or 5 times a power of ten) giving about `ticks` ticks over `range`.
double nice_step(double range, int ticks);

}  // namespace ludus::study
