// SPDX-License-Identifier: Apache-2.0
#include "cli/opening_svg.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "core/geometry.h"

namespace ludus::cli {
namespace {

using ai::solver::Value;

// Centre of a cell in units of one cell width; hex rows are offset half a cell each.
std::pair<double, double> centre(const Geometry& g, int site) {
  const Coord c = g.coord(site);
  if (g.topology() == Topology::Hex) return {c.col - 0.5 * c.row, c.row * 0.866};
  return {static_cast<double>(c.col), static_cast<double>(g.num_rows() - 1 - c.row)};
}

std::string cell_shape(const Geometry& g, double x, double y, double size, const std::string& fill) {
  if (g.topology() == Topology::Hex) {
    std::string points;
    for (int k = 0; k < 6; ++k) {
      const double a = M_PI / 180.0 * (60 * k + 30);
      points += fmt::format("{:.1f},{:.1f} ", x + size * 0.577 * std::cos(a), y + size * 0.577 * std::sin(a));
    }
    return fmt::format(R"(<polygon points="{}" fill="{}" stroke="#333" stroke-width="1"/>)", points, fill);
  }
  return fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}" stroke="#333" stroke-width="1"/>)",
                     x - size / 2, y - size / 2, size, size, fill);
}

// Light to dark as the proof grows: `shade` in [0, 1].
std::string fill_for(Value v, double shade) {
  const int light = static_cast<int>(235 - 135 * shade);
  switch (v) {
    case Value::kWin: return fmt::format("rgb({},{},{})", light / 3, light, light / 3);
    case Value::kLoss: return fmt::format("rgb({},{},{})", light, light / 3, light / 3);
    case Value::kDraw: return fmt::format("rgb({0},{0},{0})", light);
    case Value::kUnknown: return "#ffffff";
  }
  return "#ffffff";
}

}  // namespace

std::string opening_svg(const Game& game, const std::vector<ai::solver::OpeningResult>& openings, bool pie,
                        const std::string& title) {
  const Geometry& g = *game.board_geometry();
  const double cell = 40, margin = 30;
  double min_x = 1e9, max_x = -1e9, max_y = 0;
  for (int s = 0; s < g.num_sites(); ++s) {
    auto [x, y] = centre(g, s);
    min_x = std::min(min_x, x), max_x = std::max(max_x, x), max_y = std::max(max_y, y);
  }
  const double width = std::max(760.0, (max_x - min_x + 1) * cell + 2 * margin), height = (max_y + 1) * cell + 2 * margin + 40;
  // Shading spans the openings' range of proof sizes (log scale).
  double min_log = 1e9, max_log = 0;
  for (const auto& o : openings) {
    min_log = std::min(min_log, std::log10(1.0 + o.nodes));
    max_log = std::max(max_log, std::log10(1.0 + o.nodes));
  }
  const double span = std::max(1e-9, max_log - min_log);
  // Site of each opening move (placements only: an action that is a site of the board).
  std::map<int, const ai::solver::OpeningResult*> at_site;
  auto start = game.new_initial_state();
  for (const auto& o : openings)
    for (Action a : o.moves) {
      const int site = g.parse(start->action_to_text(a), nullptr);
      if (site >= 0) at_site[site] = &o;
    }
  std::string out = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{:.0f}" height="{:.0f}" font-family="sans-serif">)"
      "\n<text x=\"{:.0f}\" y=\"20\" font-size=\"13\">{}</text>\n",
      width, height, margin, title);
  for (int s = 0; s < g.num_sites(); ++s) {
    auto [cx, cy] = centre(g, s);
    const double x = margin + (cx - min_x + 0.5) * cell, y = margin + 10 + (cy + 0.5) * cell;
    const auto it = at_site.find(s);
    Value v = Value::kUnknown;
    double shade = 0;
    bool swap = false;
    if (it != at_site.end()) {
      v = it->second->first_without_pie();
      shade = (std::log10(1.0 + it->second->nodes) - min_log) / span;
      swap = pie && it->second->second_should_swap();
    }
    out += cell_shape(g, x, y, cell, fill_for(v, shade)) + "\n";
    out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" font-size="10" text-anchor="middle">{}{}</text>)", x, y + 4,
                       g.name(s), swap ? "*" : "") + "\n";
  }
  out += fmt::format(R"(<text x="{:.0f}" y="{:.0f}" font-size="11">first player without pie: green win, red loss, grey draw; darker: more nodes{}</text>)",
                     margin, height - 12, pie ? "; * the second player swaps it" : "") + "\n</svg>\n";
  return out;
}

}  // namespace ludus::cli
