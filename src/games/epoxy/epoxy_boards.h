// SPDX-License-Identifier: Apache-2.0
#pragma once
// The six Epoxy boards (RULES.md §5, ../shared/epoxy-boards.txt): perforated
// triangular lattices kept as data and converted to a Geometry::hex site set.
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.h"

namespace ludus::epoxy {

// Option values of `size`, smallest first ("xs" is the default).
const std::vector<std::string>& board_sizes();

// The board of one size.  Throws LudusError for an unknown size.
Geometry make_board(std::string_view size);

// Points and lattice edges as listed in epoxy-boards.txt (for tests).
struct BoardFigures {
  int points;
  int edges;
};
BoardFigures board_figures(std::string_view size);

}  // namespace ludus::epoxy
