// SPDX-License-Identifier: Apache-2.0
#include "study/board_graph.h"

#include <algorithm>
#include <array>
#include <set>
#include <utility>
#include <vector>

namespace ludus::study {
namespace {

using Point = std::pair<int, int>;  // (row, col), possibly off the board

Point moved(Coord c, Coord delta) { return {c.row + delta.row, c.col + delta.col}; }

template <size_t N>
std::array<Point, N> sorted(std::array<Point, N> points) {
  std::sort(points.begin(), points.end());
  return points;
}

// Stones on square cells: the cells' corners and sides.
BoardGraph square_cells(const Geometry& g) {
  std::set<Point> corners, horizontal, vertical;
  for (int s = 0; s < g.num_sites(); ++s) {
    const Coord c = g.coord(s);
    for (int dr = 0; dr < 2; ++dr)
      for (int dc = 0; dc < 2; ++dc) corners.insert({c.row + dr, c.col + dc});
    horizontal.insert({c.row, c.col}), horizontal.insert({c.row + 1, c.col});
    vertical.insert({c.row, c.col}), vertical.insert({c.row, c.col + 1});
  }
  return {static_cast<int>(corners.size()), static_cast<int>(horizontal.size() + vertical.size()), g.num_sites()};
}

// Stones on hexagonal cells: a side is shared with the neighbour across it, a corner with
// the two neighbours in consecutive directions, whether or not they are on the board.
BoardGraph hex_cells(const Geometry& g) {
  std::set<std::array<Point, 2>> sides;
  std::set<std::array<Point, 3>> corners;
  for (int s = 0; s < g.num_sites(); ++s) {
    const Coord c = g.coord(s);
    const Point here{c.row, c.col};
    for (int d = 0; d < Geometry::kHexDirs; ++d) {
      const Point next = moved(c, g.delta(d)), after = moved(c, g.delta((d + 1) % Geometry::kHexDirs));
      sides.insert(sorted<2>({here, next}));
      corners.insert(sorted<3>({here, next, after}));
    }
  }
  return {static_cast<int>(corners.size()), static_cast<int>(sides.size()), g.num_sites()};
}

// Stones on points: lines join neighbouring points; a face is a smallest square (square
// grid) or triangle (triangular lattice) whose corners are all points of the board.
BoardGraph lattice_points(const Geometry& g) {
  int links = 0;
  for (int s = 0; s < g.num_sites(); ++s) links += g.num_neighbours(s);
  std::set<std::vector<Point>> faces;
  const bool hex = g.topology() == Topology::Hex;
  for (int s = 0; s < g.num_sites(); ++s) {
    const Coord c = g.coord(s);
    std::vector<std::vector<Point>> candidates;
    if (hex) {
      for (int d = 0; d < Geometry::kHexDirs; ++d)
        candidates.push_back({{c.row, c.col}, moved(c, g.delta(d)), moved(c, g.delta((d + 1) % Geometry::kHexDirs))});
    } else {
      candidates.push_back({{c.row, c.col}, {c.row + 1, c.col}, {c.row, c.col + 1}, {c.row + 1, c.col + 1}});
    }
    for (auto& face : candidates) {
      const bool on_board = std::all_of(face.begin(), face.end(), [&g](const Point& p) { return g.site_at(p.first, p.second) >= 0; });
      if (!on_board) continue;
      std::sort(face.begin(), face.end());
      faces.insert(face);
    }
  }
  return {g.num_sites(), links / 2, static_cast<int>(faces.size())};
}

}  // namespace

BoardGraph board_graph(const Geometry& g, StoneSites stones_on) {
  if (stones_on == StoneSites::Points) return lattice_points(g);
  return g.topology() == Topology::Hex ? hex_cells(g) : square_cells(g);
}

}  // namespace ludus::study
