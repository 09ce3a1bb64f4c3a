// SPDX-License-Identifier: Apache-2.0
#pragma once
// One SVG chart per metric across the settings of an analysis (a variant sweep, each
// variant played by the AI and by the random baseline): the first swept option along
// the x axis (to scale when its values are numbers, else in sweep order), one line per
// AI (the random baseline grey and dashed) with a legend, each point's 95% interval (or
// ± one standard deviation across games) as a band around the line, or as whiskers where
// the x values are not numbers; a second (and third ...) swept option gives one panel per
// value, small multiples sharing the y axis.  Self-contained SVG (nothing to fetch).
#include <string>
#include <utility>
#include <vector>

#include "study/metric.h"

namespace ludus::study {

struct ChartPoint {
  // The swept options of the setting in sweep order: {{"size", "5"}, {"swap", "on"}};
  // empty when nothing was swept.
  std::vector<std::pair<std::string, std::string>> swept;
  std::string series;  // one line per series: the AI ("easy", "random")
  Metric metric;       // the same key in every point
};

std::string metric_chart_svg(const std::string& title, const std::vector<ChartPoint>& points);

}  // namespace ludus::study
