// SPDX-License-Identifier: Apache-2.0
#include "core/board_symmetry.h"

#include <algorithm>
#include <climits>

namespace ludus {
namespace {

// A quarter turn (square) or a sixth of a turn (hex) about the origin, and a reflection,
// in (row, col) coordinates.  Hex: directions (0,1) (1,1) (1,0) (0,-1) (-1,-1) (-1,0) in
// cyclic order; the rotation maps each to the next, the reflection flips rows.
Coord rotate(Topology t, Coord p) {
  return t == Topology::Hex ? Coord{p.col, p.col - p.row} : Coord{p.col, -p.row};
}
Coord reflect(Topology t, Coord p) {
  return t == Topology::Hex ? Coord{-p.row, p.col - p.row} : Coord{-p.row, p.col};
}

}  // namespace

std::vector<std::vector<int>> lattice_symmetries(const Geometry& geometry) {
  const Topology topology = geometry.topology();
  const int turns = topology == Topology::Hex ? 6 : 4;
  const int n = geometry.num_sites();
  std::vector<std::vector<int>> result;
  for (int mirrored = 0; mirrored < 2; ++mirrored) {
    for (int turn = 0; turn < turns; ++turn) {
      std::vector<Coord> image(static_cast<size_t>(n));
      int min_row = INT_MAX, min_col = INT_MAX;
      for (int s = 0; s < n; ++s) {
        Coord p = geometry.coord(s);
        if (mirrored) p = reflect(topology, p);
        for (int k = 0; k < turn; ++k) p = rotate(topology, p);
        image[static_cast<size_t>(s)] = p;
        min_row = std::min(min_row, p.row);
        min_col = std::min(min_col, p.col);
      }
      // The site coordinates start at 0, so a board mapped onto itself has the same minima.
      std::vector<int> perm(static_cast<size_t>(n));
      bool onto = true;
      for (int s = 0; s < n && onto; ++s) {
        const Coord p = image[static_cast<size_t>(s)];
        perm[static_cast<size_t>(s)] = geometry.site_at(p.row - min_row, p.col - min_col);
        onto = perm[static_cast<size_t>(s)] >= 0;
      }
      if (onto && std::find(result.begin(), result.end(), perm) == result.end()) result.push_back(std::move(perm));
    }
  }
  return result;  // turn 0 unmirrored, the identity, comes first
}

}  // namespace ludus
