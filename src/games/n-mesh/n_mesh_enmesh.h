// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fast enmeshment test of N-Mesh, run after every placement.  Instead of searching
// from every stone, it flood-fills on bitboards from the empty liberty cells over the
// cells a colour may enter; the orthogonal steps that opponent knight connections block
// are computed for the whole board at once as two edge masks.  Stones the fill never
// reaches are enmeshed.  (n_mesh_reference.cpp is the slow, literal version.)
//
// Bit layout = the geometry's site order for squares (column-major): cell (c, r) is bit
// c*n + r, so a step up is +1 and a step right is +n.
#include <array>

#include "core/bitboard.h"

namespace ludus::nmesh {

constexpr int kMaxSize = 19;
using Board = Bitboard<6>;  // 19 * 19 = 361 cells fit in 384 bits
static_assert(Board::kBits >= kMaxSize * kMaxSize);

// Per-board-size masks, built once by the game.
struct EnmeshTables {
  int n = 0;
  int words = 1;               // 64-bit words actually used: ceil(n*n / 64)
  Board cells;                 // every cell
  Board liberties;             // shaded cells
  Board top_row;               // r == n-1: no step up (the next bit is another column)
  Board vertical_edge_knights;   // cells (c, r) whose edge to (c, r+1) two knights can cross
  Board horizontal_edge_knights; // cells (c, r) whose edge to (c+1, r) two knights can cross

  static EnmeshTables build(int n, const Board& liberties);
};

// The enmeshed stones of `colour` (0 or 1), given both colours' stones.
Board enmeshed_stones(const EnmeshTables& tables, const std::array<Board, 2>& stones, int colour);

// The enmeshed stones of each colour.
inline std::array<Board, 2> enmeshed_stones(const EnmeshTables& tables, const std::array<Board, 2>& stones) {
  return {enmeshed_stones(tables, stones, 0), enmeshed_stones(tables, stones, 1)};
}

}  // namespace ludus::nmesh
