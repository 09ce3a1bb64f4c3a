// SPDX-License-Identifier: Apache-2.0
#include "games/epoxy/epoxy_reference.h"

#include <algorithm>

namespace ludus::epoxy {
namespace {

// Line of sight: from `stone` along each of the six directions to each point up to and
// including the first stone; an edge or a hole (step() == -1) ends the line.
bool sees(const Geometry& g, const std::vector<int>& cells, int stone, int point) {
  for (int d = 0; d < Geometry::kHexDirs; ++d)
    for (int p = g.step(stone, d); p >= 0; p = g.step(p, d)) {
      if (p == point) return true;
      if (cells[p] != kEmpty) break;
    }
  return false;
}

bool seen_by(const Geometry& g, const std::vector<int>& cells, int colour, int point) {
  for (int s = 0; s < g.num_sites(); ++s)
    if (cells[s] == colour && sees(g, cells, s, point)) return true;
  return false;
}

int adjacent_stones(const Geometry& g, const std::vector<int>& cells, int colour, int point) {
  int count = 0;
  for (int q : g.neighbours(point)) count += cells[q] == colour;
  return count;
}

// Directions from `point` whose first stone has `colour`.
int directions_to(const Geometry& g, const std::vector<int>& cells, int colour, int point) {
  int count = 0;
  for (int d = 0; d < Geometry::kHexDirs; ++d)
    for (int p = g.step(point, d); p >= 0; p = g.step(p, d))
      if (cells[p] != kEmpty) {
        count += cells[p] == colour;
        break;
      }
  return count;
}

// The placements and slides of `mover` allowed by RULES.md §5, sorted, leaving out those
// after which `next` (the player to act, and whether as a second action) would find a
// situation of `seen`.
std::vector<Action> allowed_actions(const EpoxyGame& game, const std::vector<int>& cells, int mover, Situation next,
                                    const Situations& seen) {
  const Geometry& g = game.geometry();
  const int opp = 1 - mover;
  auto repeats = [&](std::vector<int> after) {
    next.cells = std::move(after);
    return seen.count(next) > 0;
  };
  std::vector<Action> actions;
  // 1. Place on an empty point that no opponent stone can see.
  for (int p = 0; p < g.num_sites(); ++p) {
    if (cells[p] != kEmpty || seen_by(g, cells, opp, p)) continue;
    std::vector<int> after = cells;
    after[p] = mover;
    if (!repeats(after)) actions.push_back(p);
  }
  // 2. Slide any distance across empty points to an empty point t, if contact grows.
  for (int s = 0; s < g.num_sites(); ++s) {
    if (cells[s] != mover) continue;
    const int adjacent_before = adjacent_stones(g, cells, opp, s);
    const int directions_before = directions_to(g, cells, opp, s);  // stone still on s
    for (int d = 0; d < Geometry::kHexDirs; ++d)
      for (int t = g.step(s, d); t >= 0 && cells[t] == kEmpty; t = g.step(t, d)) {
        std::vector<int> after = cells;
        after[s] = kEmpty;
        after[t] = mover;
        const int adjacent_after = adjacent_stones(g, after, opp, t);
        const int directions_after = directions_to(g, after, opp, t);
        if ((adjacent_after > adjacent_before ||
             (adjacent_after == adjacent_before && directions_after > directions_before)) &&
            !repeats(after))
          actions.push_back(game.slide_action(s, t));
      }
  }
  std::sort(actions.begin(), actions.end());
  return actions;
}

}  // namespace

std::vector<int> cells_of(const EpoxyState& state) {
  std::vector<int> cells(state.epoxy().num_sites());
  for (int s = 0; s < static_cast<int>(cells.size()); ++s) cells[s] = state.cell(s);
  return cells;
}

Situation situation_of(const EpoxyState& state) { return {cells_of(state), state.to_move(), state.second_action()}; }

std::vector<Action> first_actions(const EpoxyGame& game, const std::vector<int>& cells, int mover,
                                  const Situations& seen) {
  return allowed_actions(game, cells, mover, {{}, mover, true}, seen);
}

std::vector<Action> legal_actions(const EpoxyState& state, const Situations& seen) {
  if (state.is_terminal()) return {};
  const int mover = state.to_move();
  if (!state.second_action()) return first_actions(state.epoxy(), cells_of(state), mover, seen);
  auto legal = allowed_actions(state.epoxy(), cells_of(state), mover, {{}, 1 - mover, false}, seen);
  legal.push_back(state.epoxy().pass_action());
  std::sort(legal.begin(), legal.end());
  return legal;
}

}  // namespace ludus::epoxy
