// Whole games: the recorded reference games, and random games checked after every move
// against the plain reference implementation.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/epoxy/epoxy_reference.h"
#include "support/game_test_support.h"
#include "epoxy_test_support.h"

namespace ludus::epoxy {
namespace {

using testing::epoxy_game;

TEST(EpoxyConformance, RecordedGamesReplay) { ludus::testing::expect_conformance("epoxy-"); }

// The fast tables against the reference: the legal set of the side to move, both
// scores, and the end (the loser really has no first action).
void check_against_reference(const State& generic) {
  const auto& state = dynamic_cast<const EpoxyState&>(generic);
  const auto cells = reference::cells_of(state);
  const auto& game = state.epoxy();
  if (state.is_terminal()) {
    EXPECT_TRUE(reference::first_actions(game, cells, 1 - state.winner()).empty()) << state.render();
    return;
  }
  auto fast = state.legal_actions();
  std::sort(fast.begin(), fast.end());
  ASSERT_EQ(fast, reference::legal_actions(state)) << state.render();
  for (int colour = 0; colour < 2; ++colour) {
    const int expected = static_cast<int>(reference::first_actions(game, cells, colour).size());
    ASSERT_EQ(state.count_first_actions(colour), expected) << state.render();
    ASSERT_EQ(state.has_first_action(colour), expected > 0);
  }
}

TEST(EpoxySimulation, RandomGamesMatchReference) {
  const std::pair<const char*, int> runs[] = {{"xs", 1500}, {"s", 600}, {"m", 200}, {"l", 60}, {"xl", 40}, {"xxl", 25}};
  uint64_t seed = 1;
  for (auto [size, games] : runs) {
    SCOPED_TRACE(size);
    ludus::testing::random_simulation(*epoxy_game(size), games, seed++, check_against_reference);
  }
}

// The fast playout plays the same games as the generic interface (same generation
// order, same random draws), so it inherits the reference check above.
TEST(EpoxySimulation, FastPlayoutEqualsGenericPlayout) {
  for (const char* size : {"xs", "m", "xxl"}) {
    auto game = epoxy_game(size);
    for (uint64_t seed = 0; seed < 50; ++seed) {
      Rng fast_rng(seed), generic_rng(seed);
      auto fast = game->new_initial_state();
      auto generic = game->new_initial_state();
      int fast_winner = fast->random_playout(fast_rng);
      int generic_winner = generic->State::random_playout(generic_rng);
      ASSERT_EQ(fast_winner, generic_winner) << size << " seed " << seed;
      ASSERT_EQ(fast->render(), generic->render()) << size << " seed " << seed;
      ASSERT_EQ(fast_rng.next(), generic_rng.next()) << size << " seed " << seed;
    }
  }
}

}  // namespace
}  // namespace ludus::epoxy
