// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Trellis board as a padded byte grid, and connection detection on it.
//
// Cell (col + kBorder) * stride + (row + kBorder), stride = size + 2 * kBorder, for a
// point (col, row).  The ring just outside the board holds edge codes: below row 0 Black's
// first edge, above the top row Black's goal, left of column 0 White's first edge, right of
// the last column White's goal.  Further out are walls, so every link (one step) and every
// pair partner (up to three steps) of a point is a cell, with no bounds checks.
//
// Connection: each colour keeps the set of its stones joined to its first edge, marked
// kReached in the stone's cell (the first-edge cells count as reached stones).  A new stone
// that touches a reached stone floods its group into the set; the colour has connected
// exactly when a flood touches a goal-edge cell.  A stone touching no reached stone cannot
// be joined to the first edge (any path would run through one of its neighbours).  Every
// cell carries, per colour, a flag "linked to a reached stone of this colour", set by the
// flood on all six neighbours of each stone it reaches (links are symmetric), and on the
// first row or column from the start, so a new stone tests one bit to know whether it
// floods; each stone is flooded at most once per game.
//
// Links: four orthogonal steps, and the diagonals across squares of the colour's home
// shade.  The square up-right of (c, r) is dark iff c + r is odd, so Black (dark) links
// ±(1, 1) from points with c + r odd and ±(1, -1) from the others; White the other way.
// Because stride is odd, the parity of a cell index is the parity of c + r.
#include <array>
#include <cstdint>

namespace ludus::trellis {

constexpr int kBorder = 3;  // pair partners are at most three steps away
constexpr int kMaxStride = 25 + 2 * kBorder;
constexpr int kMaxCells = kMaxStride * kMaxStride;
using CellGrid = std::array<uint8_t, kMaxCells>;

namespace cells {

// A cell code is a set of bits: a stone (or edge) of a colour, kReached, kGoal, kWall,
// kTouched (below), and the two "linked to a reached stone" flags, which do not make a
// cell occupied.
constexpr uint8_t kReached = 4;  // with a stone code: joined to the colour's first edge
constexpr uint8_t kWall = 32;    // beyond the edge ring: occupied, links nothing
constexpr uint8_t kGoal = 64;    // with a stone code: the colour's goal edge
constexpr uint8_t stone(int colour) { return static_cast<uint8_t>(1 << colour); }  // 1, 2
constexpr uint8_t first_edge(int colour) { return stone(colour) | kReached; }
constexpr uint8_t goal_edge(int colour) { return stone(colour) | kGoal; }
constexpr uint8_t next_to_reached(int colour) { return static_cast<uint8_t>(8 << colour); }  // 8, 16
constexpr uint8_t kOccupied = stone(0) | stone(1) | kWall;
constexpr bool is_empty(uint8_t code) { return (code & kOccupied) == 0; }
// Colour of the stone in a cell code, -1 for anything else.
constexpr int colour(uint8_t code) { return code & stone(0) ? 0 : code & stone(1) ? 1 : -1; }

// Cell step of the diagonal links of `colour` from `cell` (the other one is its negative).
inline int diagonal_step(int stride, int colour, int cell) { return ((cell ^ colour) & 1) ? stride + 1 : stride - 1; }

// What a flood of `colour` does to a neighbour, by the neighbour's code: the new code
// in bits 0-7 (the colour's flag set; an unreached stone of the colour also reached; the
// colour's goal edge also marked kTouched, which is how a flood reports the win), and
// kPush when that stone must be flooded in turn.
constexpr uint8_t kTouched = 128;  // on a goal-edge cell: a flood of its colour touched it
constexpr unsigned kPush = 1u << 8;
constexpr std::array<std::array<uint16_t, 256>, 2> make_flood_steps() {
  std::array<std::array<uint16_t, 256>, 2> table{};
  for (int colour = 0; colour < 2; ++colour)
    for (unsigned code = 0; code < 256; ++code) {
      unsigned entry = code | next_to_reached(colour);
      const unsigned stone_bits = code & (stone(0) | stone(1) | kReached | kGoal | kWall);
      if (stone_bits == goal_edge(colour)) entry |= kTouched;
      else if (stone_bits == stone(colour)) entry |= kReached | kPush;
      table[colour][code] = static_cast<uint16_t>(entry);
    }
  return table;
}
inline constexpr auto kFloodSteps = make_flood_steps();

// Floods the colour's unreached stones joined to the reached stone on `cell` into the
// reached set; returns whether they touch the colour's goal edge.  Depth-first, each stone
// pushed once, when it is marked.  Branch-free steps: every neighbour is written to the
// stack, and the top only advances when the step table says so.
inline bool flood(uint8_t* grid, int stride, int colour, int cell) {
  const uint16_t* steps = kFloodSteps[colour].data();
  std::array<int16_t, kMaxCells> stack;
  int top = 0;
  stack[top++] = static_cast<int16_t>(cell);
  unsigned seen = 0;
  while (top > 0) {
    const int x = stack[--top];
    const int dx = diagonal_step(stride, colour, x);
    auto visit = [&](int y) {
      const unsigned step = steps[grid[y]];
      grid[y] = static_cast<uint8_t>(step);
      seen |= step;
      stack[top] = static_cast<int16_t>(y);
      top += static_cast<int>(step >> 8);
    };
    visit(x + 1);
    visit(x - 1);
    visit(x + stride);
    visit(x - stride);
    visit(x + dx);
    visit(x - dx);
  }
  return (seen & kTouched) != 0;
}

// Puts a stone of `colour` on the empty `cell`; returns whether it connects the colour's
// two edges.
[[gnu::always_inline]] inline bool place_stone(uint8_t* grid, int stride, int colour, int cell) {
  const uint8_t code = grid[cell];
  if (!(code & next_to_reached(colour))) {
    grid[cell] = code | stone(colour);
    return false;
  }
  grid[cell] = code | first_edge(colour);
  return flood(grid, stride, colour, cell);
}

}  // namespace cells
}  // namespace ludus::trellis
