// SPDX-License-Identifier: Apache-2.0
// The fast engine against the plain reference after every move of random games.
#include <gtest/gtest.h>

#include "games/netted/netted_state.h"
#include "games/netted/netted_reference.h"
#include "games/netted/netted_testing.h"
#include "support/game_test_support.h"

namespace ludus::netted {
namespace {

// Compares everything the fast state knows with the reference computed from scratch.
void expect_matches_reference(const NettedReference& ref, const State& base) {
  const auto& state = dynamic_cast<const NettedState&>(base);
  ASSERT_EQ(NettedTesting::self_check(state), "") << state.render();
  const Geometry& g = state.netted().geometry();
  NettedReference::Cells cells(g.num_sites());
  for (int c = 0; c < g.num_sites(); ++c) cells[c] = state.owner(c);
  const NettedReference::Nets nets = ref.nets(cells);
  for (int colour = 0; colour < 2; ++colour) {
    for (int c = 0; c < g.num_sites(); ++c) {
      ASSERT_EQ(state.is_gap(colour, c), static_cast<bool>(nets.gap[colour][c]))
          << "gap of colour " << colour << " at " << g.name(c) << "\n" << state.render();
      for (int d = 0; d < 6; ++d) {
        int n = g.step(c, d);
        if (n < 0) continue;
        // Regions of `colour` are blocked by the opponent's diagonals.
        ASSERT_EQ(state.step_open(colour, c, n), !nets.crossed[1 - colour][c * 6 + d])
            << "step " << g.name(c) << "-" << g.name(n) << " for colour " << colour << "\n" << state.render();
      }
    }
  }
  for (int colour = 0; colour < 2; ++colour)
    ASSERT_EQ(state.room(colour), ref.room(cells, colour)) << "room of colour " << colour << "\n" << state.render();
  // The colour to move is judged as if the other one had just placed.
  const int mover = 1 - state.to_move(), next = state.to_move();
  const bool netted = ref.has_netted_group(cells, next);
  ASSERT_FALSE(ref.has_netted_group(cells, mover)) << state.render();
  std::vector<int> legal;
  if (!netted) legal = ref.legal_placements(cells, next);
  const bool terminal = netted || legal.empty();
  ASSERT_EQ(state.is_terminal(), terminal) << state.render();
  if (terminal) {
    ASSERT_EQ(state.winner(), mover);
    ASSERT_EQ(state.netted_stones() > 0, netted);
  } else {
    ASSERT_EQ(state.legal_actions(), legal) << state.render();
  }
}

void simulate(const std::map<std::string, std::string>& options, int games, uint64_t seed) {
  auto game = make_game("netted", options);
  const NettedReference ref(dynamic_cast<const NettedGame&>(*game).geometry());
  testing::random_simulation(*game, games, seed, [&](const State& s) { expect_matches_reference(ref, s); });
}

TEST(NettedRandom, InitialStateMatchesReference) {
  for (const char* shape : {"limping", "hexhex"})
    for (int size = 2; size <= 10; ++size) {
      auto game = make_game("netted", {{"shape", shape}, {"size", std::to_string(size)}});
      const NettedReference ref(dynamic_cast<const NettedGame&>(*game).geometry());
      expect_matches_reference(ref, *game->new_initial_state());
    }
}

TEST(NettedRandom, Limping5MatchesReference) { simulate({}, 1200, 1); }
TEST(NettedRandom, SmallBoardsMatchReference) {
  for (const char* shape : {"limping", "hexhex"})
    for (int size = 2; size <= 4; ++size) simulate({{"shape", shape}, {"size", std::to_string(size)}}, 250, size);
}
TEST(NettedRandom, LargeBoardsMatchReference) {
  simulate({{"shape", "hexhex"}, {"size", "6"}}, 60, 7);
  simulate({{"shape", "limping"}, {"size", "8"}}, 12, 8);
  simulate({{"shape", "hexhex"}, {"size", "10"}}, 3, 10);
}

TEST(NettedRandom, PlayoutsEndWithAWinner) {
  for (const char* shape : {"limping", "hexhex"})
    for (int size = 2; size <= 10; ++size) {
      auto game = make_game("netted", {{"shape", shape}, {"size", std::to_string(size)}});
      Rng rng(size);
      for (int i = 0; i < 20; ++i) {
        auto state = game->new_initial_state();
        int w = state->random_playout(rng);
        EXPECT_TRUE(w == 0 || w == 1);
        EXPECT_TRUE(state->is_terminal());
        EXPECT_EQ(state->winner(), w);
      }
    }
}

}  // namespace
}  // namespace ludus::netted
