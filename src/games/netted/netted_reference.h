// SPDX-License-Identifier: Apache-2.0
#pragma once
// Plain Netted rules written straight from RULES.md §2, with no incremental state and no
// bitboards: the yardstick the fast engine is checked against after every move of many
// random games.  Every question is answered from the cells alone; never used in play.
#include <array>
#include <vector>

#include "core/geometry.h"

namespace ludus::netted {

class NettedReference {
 public:
  // A position: the colour on every cell (-1 empty, 0 black, 1 white).
  using Cells = std::vector<int>;

  // Each player's net as it matters to the other player's regions.
  struct Nets {
    // gap[colour][cell]: the empty cell lies between two stones of `colour` on a line.
    std::vector<char> gap[2];
    // crossed[colour][a * 6 + dir]: the step from a in direction dir passes between the
    // two stones of a diagonal of `colour`.
    std::vector<char> crossed[2];
  };

  explicit NettedReference(const Geometry& geometry);

  bool is_edge(int cell) const { return geometry_.num_neighbours(cell) < 6; }
  Nets nets(const Cells& cells) const;

  // The region of `cell` for `colour`: the cells reachable by steps between adjacent
  // cells that never enter an opposing stone or gap and never cross an opposing
  // diagonal, in no particular order.  Empty when `cell` is an opposing stone or gap.
  std::vector<int> region(const Cells& cells, const Nets& nets, int colour, int cell) const;
  // Whether the stones of `colour` in the region of `cell` live: its edge cells outnumber them.
  bool region_lives(const Cells& cells, const Nets& nets, int colour, int cell) const;
  // Whether some group of `colour` is dead.
  bool has_netted_group(const Cells& cells, int colour) const;
  // Over the regions of `colour`: edge cells less its stones less one, never below 0
  // (NettedState::room).
  int room(const Cells& cells, int colour) const;
  // Empty cells where `colour` may place: every placement that is not suicide.
  std::vector<int> legal_placements(Cells cells, int colour) const;

 private:
  const Geometry& geometry_;
  // between_[a * 6 + dir]: the two cells adjacent to both a and its neighbour b in
  // direction dir, when both exist and are not adjacent to each other; so they are the
  // two cells that share the neighbours a and b, which are adjacent: a diagonal across
  // the step a-b.  {-1, -1} otherwise.
  std::vector<std::array<int, 2>> between_;
};

}  // namespace ludus::netted
