// SPDX-License-Identifier: Apache-2.0
#include "games/netted/netted_reference.h"

#include <algorithm>

namespace ludus::netted {
namespace {

bool adjacent(const Geometry& g, int a, int b) {
  for (int n : g.neighbours(a))
    if (n == b) return true;
  return false;
}

}  // namespace

NettedReference::NettedReference(const Geometry& geometry) : geometry_(geometry) {
  const Geometry& g = geometry_;
  between_.assign(static_cast<size_t>(g.num_sites()) * 6, {-1, -1});
  for (int a = 0; a < g.num_sites(); ++a)
    for (int d = 0; d < 6; ++d) {
      int b = g.step(a, d);
      if (b < 0) continue;
      std::vector<int> common;
      for (int n : g.neighbours(a))
        if (n != b && adjacent(g, n, b)) common.push_back(n);
      if (common.size() == 2 && !adjacent(g, common[0], common[1])) between_[a * 6 + d] = {common[0], common[1]};
    }
}

NettedReference::Nets NettedReference::nets(const Cells& cells) const {
  const Geometry& g = geometry_;
  const int n = g.num_sites();
  Nets out;
  for (int colour = 0; colour < 2; ++colour) {
    out.gap[colour].assign(n, 0);
    out.crossed[colour].assign(static_cast<size_t>(n) * 6, 0);
  }
  for (int cell = 0; cell < n; ++cell) {
    // A gap: one empty cell with stones of one colour on both sides along a line.
    if (cells[cell] < 0) {
      for (int d = 0; d < 3; ++d) {
        int x = g.step(cell, d), y = g.step(cell, d + 3);
        if (x >= 0 && y >= 0 && cells[x] >= 0 && cells[x] == cells[y]) out.gap[cells[x]][cell] = 1;
      }
    }
    // A diagonal: two stones x, y sharing two neighbours a, b that are adjacent to each
    // other, whatever a and b hold.
    for (int d = 0; d < 6; ++d) {
      auto [x, y] = between_[cell * 6 + d];
      if (x < 0) continue;
      if (cells[x] >= 0 && cells[x] == cells[y]) out.crossed[cells[x]][cell * 6 + d] = 1;
    }
  }
  return out;
}

std::vector<int> NettedReference::region(const Cells& cells, const Nets& nets, int colour, int cell) const {
  const Geometry& g = geometry_;
  const int opponent = 1 - colour;
  auto enterable = [&](int c) { return cells[c] != opponent && !nets.gap[opponent][c]; };
  std::vector<int> out;
  if (!enterable(cell)) return out;
  std::vector<char> seen(g.num_sites(), 0);
  std::vector<int> todo{cell};
  seen[cell] = 1;
  while (!todo.empty()) {
    int c = todo.back();
    todo.pop_back();
    out.push_back(c);
    for (int d = 0; d < 6; ++d) {
      int next = g.step(c, d);
      if (next < 0 || seen[next] || !enterable(next) || nets.crossed[opponent][c * 6 + d]) continue;
      seen[next] = 1;
      todo.push_back(next);
    }
  }
  return out;
}

bool NettedReference::region_lives(const Cells& cells, const Nets& nets, int colour, int cell) const {
  int edges = 0, stones = 0;
  for (int c : region(cells, nets, colour, cell)) {
    edges += is_edge(c);
    stones += cells[c] == colour;
  }
  return edges > stones;
}

bool NettedReference::has_netted_group(const Cells& cells, int colour) const {
  const Nets n = nets(cells);
  // Every stone's region, each region judged once.
  std::vector<char> judged(geometry_.num_sites(), 0);
  for (int c = 0; c < geometry_.num_sites(); ++c) {
    if (cells[c] != colour || judged[c]) continue;
    int edges = 0, stones = 0;
    for (int r : region(cells, n, colour, c)) {
      judged[r] = 1;
      edges += is_edge(r);
      stones += cells[r] == colour;
    }
    if (edges <= stones) return true;
  }
  return false;
}

int NettedReference::room(const Cells& cells, int colour) const {
  const Nets n = nets(cells);
  std::vector<char> counted(geometry_.num_sites(), 0);
  int sum = 0;
  for (int c = 0; c < geometry_.num_sites(); ++c) {
    if (counted[c]) continue;
    int edges = 0, stones = 0;
    for (int r : region(cells, n, colour, c)) {
      counted[r] = 1;
      edges += is_edge(r);
      stones += cells[r] == colour;
    }
    sum += std::max(0, edges - stones - 1);
  }
  return sum;
}

std::vector<int> NettedReference::legal_placements(Cells cells, int colour) const {
  std::vector<int> out;
  for (int c = 0; c < geometry_.num_sites(); ++c) {
    if (cells[c] >= 0) continue;
    cells[c] = colour;  // the position after the placement, judged from scratch
    if (region_lives(cells, nets(cells), colour, c)) out.push_back(c);
    cells[c] = -1;
  }
  return out;
}

}  // namespace ludus::netted
