// SPDX-License-Identifier: Apache-2.0
#include "games/n-mesh/n_mesh_reference.h"

#include <deque>

namespace ludus::nmesh {
namespace {

constexpr int kKnightMoves[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};

// Does a knight connection of `player`'s opponent block the orthogonal step u-v?  A
// knight's move (c,r) -> (c+dc, r+dr) passes over the two middle cells of its 2x3
// rectangle, the ones next to the long side's midpoint: with |dc| = 2 these are
// (c+dc/2, r) and (c+dc/2, r+dr); with |dr| = 2, (c, r+dr/2) and (c+dc, r+dr/2).
bool step_blocked(const NMeshState& state, int player, int u, int v) {
  const Geometry& g = state.mesh_game().geometry();
  const int opponent = 1 - player;
  if (state.stone_at(u) == player && state.stone_at(v) == player) return false;  // connection broken
  for (int a = 0; a < g.num_sites(); ++a) {
    if (state.stone_at(a) != opponent) continue;
    Coord ca = g.coord(a);
    for (const auto& move : kKnightMoves) {
      int dc = move[0], dr = move[1];
      int b = g.site_at(ca.row + dr, ca.col + dc);
      if (b < 0 || state.stone_at(b) != opponent) continue;  // off the board: no connection
      int m1, m2;
      if (dc == 2 || dc == -2) {
        m1 = g.site_at(ca.row, ca.col + dc / 2);
        m2 = g.site_at(ca.row + dr, ca.col + dc / 2);
      } else {
        m1 = g.site_at(ca.row + dr / 2, ca.col);
        m2 = g.site_at(ca.row + dr / 2, ca.col + dc);
      }
      if ((m1 == u && m2 == v) || (m1 == v && m2 == u)) return true;
    }
  }
  return false;
}

// Is there a path of orthogonal steps from `start` to an empty liberty, entering only
// empty cells or `player`'s stones and crossing no opponent connection?
bool reaches_liberty(const NMeshState& state, int player, int start) {
  const NMeshGame& game = state.mesh_game();
  std::vector<bool> seen(game.geometry().num_sites(), false);
  std::deque<int> queue{start};
  seen[start] = true;
  while (!queue.empty()) {
    int u = queue.front();
    queue.pop_front();
    if (state.stone_at(u) == kEmpty && game.is_liberty(u)) return true;
    for (int v : game.geometry().neighbours(u)) {
      if (seen[v] || state.stone_at(v) == 1 - player || step_blocked(state, player, u, v)) continue;
      seen[v] = true;
      queue.push_back(v);
    }
  }
  return false;
}

}  // namespace

std::vector<bool> reference_enmeshed(const NMeshState& state, int colour) {
  const int sites = state.mesh_game().geometry().num_sites();
  std::vector<bool> enmeshed(sites, false);
  for (int s = 0; s < sites; ++s)
    if (state.stone_at(s) == colour) enmeshed[s] = !reaches_liberty(state, colour, s);
  return enmeshed;
}

}  // namespace ludus::nmesh
