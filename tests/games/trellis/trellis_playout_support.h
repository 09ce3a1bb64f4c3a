// SPDX-License-Identifier: Apache-2.0
#pragma once
// The move the fast random playout makes from a position, for tests of its sampler, a
// position as the reference implementation's grid, and the ply-by-ply check of playouts
// against the reference rules.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/registry.h"
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

// Plays `games` seeded playouts (guided or uniform) one ply at a time and checks after
// every ply that the playout's own win test agrees with a breadth-first search of the
// position by the reference rules.
inline void expect_wins_found_ply_by_ply(int size, int games, uint64_t seed, bool guided) {
  auto game = std::dynamic_pointer_cast<const TrellisGame>(make_game("trellis", {{"size", std::to_string(size)}}));
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto state = game->new_initial_state();
    auto& trellis = static_cast<TrellisState&>(*state);
    while (!trellis.is_terminal()) {
      if (guided) TrellisTesting::play_guided_plies(trellis, rng, 1);
      else TrellisTesting::play_random_plies(trellis, rng, 1);
      const ReferenceGrid grid = reference_grid(trellis);
      for (int colour : {kBlack, kWhite})
        ASSERT_EQ(reference_connects(grid, colour), trellis.is_terminal() && trellis.winner() == colour)
            << "colour " << colour << "\n" << trellis.render();
    }
  }
}

}  // namespace ludus::trellis::test
