// SPDX-License-Identifier: Apache-2.0
#include "study/opening_map.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/error.h"
#include "core/geometry.h"
#include "study/svg_plot.h"

namespace ludus::study {
namespace {

constexpr double kUnit = 36;  // pixels between neighbouring sites
const double kSqrt3 = std::sqrt(3.0);

// Red (second player wins) through white to blue (first player wins).
std::string heat_colour(double score) {
  if (!known(score)) return "#e4e4e4";
  auto mix = [](int from, int to, double t) { return static_cast<int>(std::lround(from + (to - from) * t)); };
  const double t = std::clamp(score, 0.0, 1.0);
  if (t < 0.5) {
    const double u = t / 0.5;  // 0 red .. 1 white
    return fmt::format("#{:02x}{:02x}{:02x}", mix(0xd6, 0xff, u), mix(0x27, 0xff, u), mix(0x28, 0xff, u));
  }
  const double u = (t - 0.5) / 0.5;  // 0 white .. 1 blue
  return fmt::format("#{:02x}{:02x}{:02x}", mix(0xff, 0x1f, u), mix(0xff, 0x77, u), mix(0xff, 0xb4, u));
}

struct Point {
  double x, y;
};

}  // namespace

std::map<std::string, OpeningStats> opening_stats(const std::vector<GameTrace>& games) {
  std::map<std::string, OpeningStats> out;
  for (const auto& g : games) {
    if (g.first_move.empty()) continue;
    auto& s = out[g.first_move];
    ++s.games;
    s.first_seat_points += g.winning_seat == 0 ? 1.0 : g.winning_seat == kDraw ? 0.5 : 0.0;
    if (g.swap_taken) ++s.swaps;
  }
  return out;
}

std::string opening_map_svg(const Game& game, const std::map<std::string, OpeningStats>& stats, const std::string& title,
                            const std::string& subtitle) {
  const Geometry* g = game.board_geometry();
  if (!g) throw LudusError("game '" + game.name() + "' does not expose its board, so it has no opening map");
  const bool hex = g->topology() == Topology::Hex;
  // Site centres in units of the distance between neighbours (web/board.js does the same).
  std::vector<Point> at(static_cast<size_t>(g->num_sites()));
  double min_x = 1e300, max_x = -1e300, max_y = 0;
  for (int s = 0; s < g->num_sites(); ++s) {
    const Coord c = g->coord(s);
    Point p = hex ? Point{c.col - c.row / 2.0, c.row * kSqrt3 / 2} : Point{static_cast<double>(c.col), static_cast<double>(g->num_rows() - 1 - c.row)};
    at[static_cast<size_t>(s)] = p;
    min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x), max_y = std::max(max_y, p.y);
  }
  const double margin = 40, legend = 60, title_height = subtitle.empty() ? 34 : 50;
  const double board_width = (max_x - min_x + 1) * kUnit;
  const double width = std::max(board_width + 2 * margin, 620.0);
  const double left = (width - board_width) / 2;
  const double board_height = (max_y + 1) * kUnit;
  const double height = title_height + board_height + legend;
  auto px = [&](const Point& p) { return Point{left + (p.x - min_x + 0.5) * kUnit, title_height + (p.y + 0.5) * kUnit}; };

  std::string s = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" viewBox="0 0 {0:.0f} {1:.0f}" font-family="sans-serif">)"
      "\n<rect width=\"{0:.0f}\" height=\"{1:.0f}\" fill=\"white\"/>\n",
      width, height);
  s += fmt::format(R"(<text x="{:.1f}" y="22" text-anchor="middle" font-size="14">{}</text>)" "\n", width / 2,
                   xml_escape(title));
  if (!subtitle.empty())
    s += fmt::format(R"(<text x="{:.1f}" y="40" text-anchor="middle" font-size="12" fill="#444">{}</text>)" "\n", width / 2,
                     xml_escape(subtitle));
  const bool labels = g->num_sites() <= 400;
  for (int site = 0; site < g->num_sites(); ++site) {
    const Point c = px(at[static_cast<size_t>(site)]);
    const std::string name = g->name(site);
    auto it = stats.find(name);
    const OpeningStats* st = it == stats.end() ? nullptr : &it->second;
    const double score = st ? st->score() : kUnknown;
    std::string tip = st ? fmt::format("{}: first player {:.0f}% in {} games", name, 100 * score, st->games)
                         : name + ": not measured";
    if (st && st->swaps) tip += fmt::format(", swapped {} times", st->swaps);
    if (hex) {
      std::string pts;
      for (int k = 0; k < 6; ++k) {
        const double a = M_PI / 180 * (60 * k - 90);
        pts += fmt::format("{:.1f},{:.1f} ", c.x + kUnit / kSqrt3 * std::cos(a), c.y + kUnit / kSqrt3 * std::sin(a));
      }
      s += fmt::format(R"(<polygon points="{}" fill="{}" stroke="#777" stroke-width="1"><title>{}</title></polygon>)" "\n",
                       pts, heat_colour(score), xml_escape(tip));
    } else {
      s += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}" stroke="#777"><title>{}</title></rect>)" "\n",
                       c.x - kUnit / 2, c.y - kUnit / 2, kUnit, kUnit, heat_colour(score), xml_escape(tip));
    }
    if (st && st->swaps)
      s += fmt::format(R"(<circle cx="{:.1f}" cy="{:.1f}" r="{:.1f}" fill="#222" fill-opacity="0.6"/>)" "\n", c.x, c.y + kUnit * 0.22,
                       kUnit * 0.16 * std::sqrt(static_cast<double>(st->swaps) / st->games) + 1);
    if (labels && st)
      s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="10">{:.0f}</text>)" "\n", c.x, c.y + 1,
                       100 * score);
  }
  // Legend: the colour scale and the swap dot.
  const double ly = title_height + board_height + 24, lx = 20;
  for (int i = 0; i <= 20; ++i)
    s += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="10" height="14" fill="{}"/>)" "\n", lx + 10 * i, ly,
                     heat_colour(i / 20.0));
  s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" font-size="11">0%</text>)" "\n", lx, ly + 28);
  s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" font-size="11" text-anchor="end">100% first-player score</text>)" "\n",
                   lx + 210, ly + 28);
  if (game.offers_pie())
    s += fmt::format(R"(<circle cx="{:.1f}" cy="{:.1f}" r="5" fill="#222" fill-opacity="0.6"/><text x="{:.1f}" y="{:.1f}" font-size="11">dot: the second player swapped (size: how often)</text>)" "\n",
                     lx + 235, ly + 7, lx + 245, ly + 11);
  return s + "</svg>\n";
}

}  // namespace ludus::study
