#pragma once
// The move the fast random playout makes from a position, for tests of its sampler, and
// a position as the reference implementation's grid.
#include "games/trellis/trellis_state.h"
#include "games/trellis/trellis_testing.h"
#include "games/trellis/trellis_reference.h"

namespace ludus::trellis::test {

// Plays one ply of TrellisState's random playout on a copy of `state` and returns the
// action it chose.
inline Action random_ply(const TrellisState& state, Rng& rng) {
  TrellisState copy = state;
  TrellisTesting::play_random_plies(copy, rng, 1);
  const TrellisGame& game = state.trellis();
  if (copy.seats_swapped() != state.seats_swapped()) return game.swap_action();
  const TurnStones stones = copy.last_turn();
  return stones.is_pass() ? game.pass_action() : game.action_of(stones.first, stones.second);
}

inline ReferenceGrid reference_grid(const TrellisState& state) {
  const TrellisGame& g = state.trellis();
  ReferenceGrid grid(g.size(), std::vector<int>(g.size(), -1));
  for (int site = 0; site < g.num_sites(); ++site) grid[g.col(site)][g.row(site)] = state.stone_at(site);
  return grid;
}

}  // namespace ludus::trellis::test
