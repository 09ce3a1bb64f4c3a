#pragma once
// One SVG chart per metric comparing the variants of a sweep: a point per variant with
// its 95% interval (or ± one standard deviation across games) as a bar, variants along
// the x axis in sweep order.  Self-contained SVG (no fonts or scripts to fetch).
#include <string>
#include <vector>

#include "study/metric.h"

namespace ludus::study {

struct ChartPoint {
  std::string label;  // the variant: "size=5"
  Metric metric;      // the same key in every point
};

std::string metric_chart_svg(const std::string& title, const std::vector<ChartPoint>& points);

}  // namespace ludus::study
