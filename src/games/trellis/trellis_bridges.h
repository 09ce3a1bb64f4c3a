// SPDX-License-Identifier: Apache-2.0
#pragma once
// Bridge saving for the guided playout: the reply that made Hex programs' playouts
// strongest (MoHex), on Trellis's own link graphs.
//
// A *bridge* of colour C: two of C's stones (or a stone and C's edge) that are not
// linked, with two empty points each linked to both: two ways to join them, so the
// opponent taking one is answered by taking the other.  An opponent turn places its two
// stones exactly three apart, so it never takes both points of one bridge: the answer
// always comes in time.  Each colour has its own links (trellis_cells.h): the orthogonal
// steps and the diagonals of its own squares, so an intrusion is a stone on a point that
// the two ends of a bridge both link to in C's graph.
#include <array>
#include <bit>
#include <cstdint>
#include <utility>

#include "games/trellis/trellis_cells.h"

namespace ludus::trellis::bridges {

// The six cells `cell` links to for `colour`.
inline void links(int stride, int colour, int cell, int out[6]) {
  const int d = cells::diagonal_step(stride, colour, cell);
  out[0] = cell + 1;
  out[1] = cell - 1;
  out[2] = cell + stride;
  out[3] = cell - stride;
  out[4] = cell + d;
  out[5] = cell - d;
}

// An edge cell of the ring (site_of_cell < 0 and a stone code) of `colour`, or a stone.
struct Grid {
  const uint8_t* cells;
  const int16_t* site_of_cell;
  int stride;
  int colour;

  bool own(int cell) const { return (cells[cell] & cells::stone(colour)) != 0; }
  bool edge(int cell) const { return site_of_cell[cell] < 0; }
  // Two own cells that are the same edge (first or goal edge of `colour`).
  bool same_edge(int a, int b) const { return edge(a) && edge(b) && ((cells[a] ^ cells[b]) & cells::kGoal) == 0; }
  // Whether the cells `a` and `b` are one of the colour's links apart (links are
  // symmetric: a diagonal step keeps the parity of the cell, which chooses the diagonal).
  bool adjacent(int a, int b) const {
    const int delta = b - a, d = cells::diagonal_step(stride, colour, a);
    return delta == 1 || delta == -1 || delta == stride || delta == -stride || delta == d || delta == -d;
  }
  // Whether the point `cell` links to `end`: to the stone `end`, or, for an edge cell
  // `end`, to any cell of that edge (an edge is one long stone, and the points next to it
  // touch it orthogonally).
  bool links_to(int cell, int end) const {
    if (!edge(end)) return adjacent(cell, end);
    for (int y : {cell + 1, cell - 1, cell + stride, cell - stride})
      if (own(y) && same_edge(y, end)) return true;
    return false;
  }
};

// The empty point that saves a bridge of `colour` into which the opponent's stone on
// `intruder` has just come: -1 when the stone broke no bridge of `colour`, or when every
// bridge it touched is already joined by another of `colour`'s stones.  When it broke
// several, the first found is answered.  The plain search of the links, for every case
// (bridge_save below is the fast one, and uses this one next to an edge).
inline int bridge_save_by_search(const Grid& grid, int intruder) {
  int around[6];
  links(grid.stride, grid.colour, intruder, around);
  for (int i = 0; i < 6; ++i)
    for (int j = i + 1; j < 6; ++j) {
      int a = around[i], b = around[j];
      if (!grid.own(a) || !grid.own(b)) continue;
      if (grid.edge(b)) std::swap(a, b);  // b is a stone, a a stone or an edge
      if (grid.edge(b) || grid.links_to(b, a)) continue;  // two edges, or linked already
      int save = -1;
      bool joined = false;
      int next_to_b[6];
      links(grid.stride, grid.colour, b, next_to_b);
      for (int y : next_to_b) {
        if (y == intruder || !grid.links_to(y, a)) continue;
        if (grid.own(y)) joined = true;
        else if (cells::is_empty(grid.cells[y])) save = y;
      }
      if (!joined && save >= 0) return save;
    }
  return -1;
}

// The bridges around a point, worked out once on the unbounded lattice.  A colour's links
// from a cell depend only on the cell's class q = (cell ^ colour) & 1, which picks the
// diagonal: (1, 1) for q = 1, (1, -1) for q = 0, in (column, row) steps.  For each class,
// each pair of the six links that are not linked to each other but share one more common
// link (the other carrier) is a bridge pair.
struct BridgeTemplates {
  struct Step {
    int dc = 0, dr = 0;
    constexpr bool operator==(const Step&) const = default;
    constexpr Step operator+(Step o) const { return {dc + o.dc, dr + o.dr}; }
  };
  static constexpr int kPairs = 15;
  std::array<std::array<uint16_t, 64>, 2> bridge_pairs{};  // per class and own-links mask
  std::array<std::array<Step, kPairs>, 2> carrier{};        // per class and pair
  std::array<uint8_t, kPairs> first{}, second{};             // the pair's two links

  static constexpr std::array<Step, 6> link_steps(int q) {
    const Step d = q ? Step{1, 1} : Step{1, -1};
    return {Step{0, 1}, Step{0, -1}, Step{1, 0}, Step{-1, 0}, d, Step{-d.dc, -d.dr}};
  }
  // The class of the point `at` away from a point of class q (a step of odd length
  // changes the cell's parity: the stride is odd).
  static constexpr int class_at(int q, Step at) { return q ^ ((at.dc + at.dr) & 1); }
  static constexpr bool linked(int q, Step a, Step b) {
    for (Step s : link_steps(class_at(q, a)))
      if (a + s == b) return true;
    return false;
  }
  constexpr BridgeTemplates() {
    int pair = 0;
    for (int i = 0; i < 6; ++i)
      for (int j = i + 1; j < 6; ++j, ++pair) {
        first[pair] = static_cast<uint8_t>(i);
        second[pair] = static_cast<uint8_t>(j);
        for (int q = 0; q < 2; ++q) {
          const Step a = link_steps(q)[i], b = link_steps(q)[j];
          if (linked(q, a, b)) continue;
          int carriers = 0;
          for (Step s : link_steps(class_at(q, a)))
            if (a + s != Step{} && linked(q, a + s, b)) carrier[q][pair] = a + s, ++carriers;
          if (carriers > 1) throw "a pair of links with two more common links";  // not on this lattice
          if (carriers == 0) continue;
          for (unsigned mask = 0; mask < 64; ++mask)
            if ((mask >> i & 1u) && (mask >> j & 1u)) bridge_pairs[q][mask] |= static_cast<uint16_t>(1u << pair);
        }
      }
  }
};
inline constexpr BridgeTemplates kBridgeTemplates{};

// bridge_save_by_search, answered from the templates: the six links' stones are read
// without a branch, and the pairs to look at come from one table (most intrusions touch
// fewer than two of the colour's stones, or two that are linked).  Next to an edge, where
// an edge is one long "stone", it hands over to the plain search.
inline int bridge_save(const Grid& grid, int intruder) {
  int around[6];
  links(grid.stride, grid.colour, intruder, around);
  unsigned own_links = 0;
  for (int i = 0; i < 6; ++i) own_links |= ((grid.cells[around[i]] >> grid.colour) & 1u) << i;
  if (std::popcount(own_links) < 2) return -1;
  for (unsigned m = own_links; m; m &= m - 1)
    if (grid.edge(around[std::countr_zero(m)])) return bridge_save_by_search(grid, intruder);
  const int q = (intruder ^ grid.colour) & 1;
  unsigned pairs = kBridgeTemplates.bridge_pairs[q][own_links];
  for (; pairs; pairs &= pairs - 1) {
    const BridgeTemplates::Step step = kBridgeTemplates.carrier[q][std::countr_zero(pairs)];
    const int carrier = intruder + step.dc * grid.stride + step.dr;
    if (cells::is_empty(grid.cells[carrier])) return carrier;
  }
  return -1;
}

}  // namespace ludus::trellis::bridges
