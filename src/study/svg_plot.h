#pragma once
// Hand-written SVG for `ludus analyze --plot`: a histogram of game lengths and a line
// chart of the mean branching factor by ply, side by side, one colour per series (one
// series per analysed option setting, e.g. swap=on / swap=off).
#include <string>
#include <vector>

namespace ludus::study {

struct HistogramSeries {
  std::string label;
  std::vector<double> values;  // one per game
};

struct LineSeries {
  std::string label;
  std::vector<double> y;  // y[k] is the value at x = k + 1
};

std::string analysis_plot_svg(const std::string& title, const std::vector<HistogramSeries>& lengths,
                              const std::vector<LineSeries>& branching);

// Text made safe inside SVG/HTML elements and attribute values.
std::string xml_escape(const std::string& text);

// A round tick step (1, 2 or 5 times a power of ten) giving about `ticks` ticks over `range`.
double nice_step(double range, int ticks);

}  // namespace ludus::study
