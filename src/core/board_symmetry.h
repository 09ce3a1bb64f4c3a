// SPDX-License-Identifier: Apache-2.0
#pragma once
// The symmetries of a board as site permutations, for games to declare which of them
// keep their rules (Game::board_symmetries) and for exact search to merge mirror images.
#include <vector>

#include "core/geometry.h"

namespace ludus {

// Every rotation and reflection of the board's lattice (8 on squares, 12 on the hex /
// triangular lattice) that maps the site set onto itself, up to a translation, as
// permutations perm[site] = image; identity first, duplicates removed.  These keep
// adjacency, straight lines and the edge, so they keep every rule stated in those terms.
std::vector<std::vector<int>> lattice_symmetries(const Geometry& geometry);

}  // namespace ludus
