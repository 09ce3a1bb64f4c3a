// SPDX-License-Identifier: Apache-2.0
// Whole games: the recorded reference games, and random games checked after every move
// against the plain reference implementation (repetition included: it keeps every
// situation of the game).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "games/epoxy/epoxy_reference.h"
#include "support/game_test_support.h"
#include "epoxy_test_support.h"

namespace ludus::epoxy {
namespace {

using testing::epoxy_game;
using testing::SituationFollower;

TEST(EpoxyConformance, RecordedGamesReplay) { ludus::testing::expect_conformance("epoxy-"); }

// The fast tables against the reference: the legal set of the side to move, both
// scores, and the end (the loser really has no first action).
struct ReferenceCheck {
  void operator()(const State& generic) {
    const auto& state = dynamic_cast<const EpoxyState&>(generic);
    situations(state);
    const auto& seen = situations.seen();
    const auto cells = cells_of(state);
    const auto& game = state.epoxy();
    ASSERT_EQ(state.check_tables(), "") << state.render();
    if (state.is_terminal()) {
      EXPECT_TRUE(first_actions(game, cells, 1 - state.winner(), seen).empty()) << state.render();
      return;
    }
    auto fast = state.legal_actions();
    std::sort(fast.begin(), fast.end());
    const auto expected = legal_actions(state, seen);
    ASSERT_EQ(fast, expected) << state.render();
    const auto first = first_actions(game, cells, state.to_move(), seen);
    ASSERT_EQ(state.count_first_actions(state.to_move()), static_cast<int>(first.size()));
    ASSERT_TRUE(state.has_first_action(state.to_move()) || state.second_action());
    const int waiting = 1 - state.to_move();
    const int waiting_actions = static_cast<int>(first_actions(game, cells, waiting, seen).size());
    ASSERT_EQ(state.count_first_actions(waiting), waiting_actions) << state.render();
    ASSERT_EQ(state.has_first_action(waiting), waiting_actions > 0);
    // Slides the contact rule allows but repetition refuses.
    if (state.second_action()) {
      refused += static_cast<long>(legal_actions(state, {}).size() - expected.size());
    } else {
      refused += static_cast<long>(first_actions(game, cells, state.to_move(), {}).size() - first.size());
    }
  }
  SituationFollower situations;
  long refused = 0;
};

// No ply cap: repetition makes every game end.  (Random games almost never meet the rule;
// epoxy_repetition_test.cpp walks a cycle where they do.)
TEST(EpoxySimulation, RandomGamesMatchReference) {
  const std::pair<const char*, int> runs[] = {{"xs", 1500}, {"s", 600}, {"m", 200}, {"l", 60}, {"xl", 40}, {"xxl", 25}};
  uint64_t seed = 1;
  for (auto [size, games] : runs) {
    SCOPED_TRACE(size);
    ReferenceCheck check;
    ludus::testing::random_simulation(*epoxy_game(size), games, seed++, std::ref(check));
    std::printf("epoxy %s: %d games, %ld slides refused by repetition\n", size, games, check.refused);
  }
}

// random_action() (the playout's chooser) returns only legal actions ...
TEST(EpoxySimulation, RandomActionIsLegal) {
  for (const char* size : {"xs", "m", "xxl"}) {
    auto game = epoxy_game(size);
    Rng rng(11);
    for (int g = 0; g < 30; ++g) {
      EpoxyState state(*game);
      SituationFollower situations;
      situations(state);
      while (!state.is_terminal()) {
        const auto legal = legal_actions(state, situations.seen());
        for (int k = 0; k < 5; ++k) {
          const Action a = state.random_action(rng);
          ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), a)) << state.action_to_text(a) << "\n" << state.render();
        }
        state.apply(state.random_action(rng));
        situations(state);
      }
    }
  }
}

// ... each equally often (a chi-square bound far beyond chance for a fixed seed) ...
TEST(EpoxySimulation, RandomActionIsUniform) {
  auto game = epoxy_game("xs");
  Rng walk(5), rng(6);
  EpoxyState state(*game);
  int positions = 0;
  while (!state.is_terminal()) {
    const auto legal = state.legal_actions();
    if (legal.size() >= 3 && positions++ % 4 == 0) {
      std::map<Action, int> counts;
      const int per_action = 400;
      const int draws = per_action * static_cast<int>(legal.size());
      for (int i = 0; i < draws; ++i) ++counts[state.random_action(rng)];
      ASSERT_EQ(counts.size(), legal.size()) << state.render();
      double chi2 = 0;
      for (auto [a, c] : counts) chi2 += double(c - per_action) * (c - per_action) / per_action;
      // Mean of chi2 is k-1 with variance 2(k-1); allow ten standard deviations.
      const double k1 = static_cast<double>(legal.size() - 1);
      EXPECT_LT(chi2, k1 + 10 * std::sqrt(2 * k1)) << state.render();
    }
    state.apply(state.random_action(walk));
  }
  EXPECT_GT(positions, 5);
}

// ... and a playout from any position is the game random_action() plays action by
// action, and ends where the loser really has no first action.
TEST(EpoxySimulation, PlayoutsEndCorrectly) {
  for (const char* size : {"xs", "s", "xl"}) {
    auto game = epoxy_game(size);
    Rng rng(21);
    for (int g = 0; g < 200; ++g) {
      EpoxyState state(*game);
      SituationFollower situations;
      situations(state);
      for (int plies = rng.below(40); plies > 0 && !state.is_terminal(); --plies) {
        state.apply(state.random_action(rng));
        situations(state);
      }
      EpoxyState stepped = state;
      Rng same = rng;
      const int winner = state.random_playout(rng);
      while (!stepped.is_terminal()) {
        stepped.apply(stepped.random_action(same));
        situations(stepped);
      }
      ASSERT_TRUE(state.is_terminal());
      ASSERT_EQ(winner, state.winner());
      ASSERT_EQ(stepped.winner(), winner);
      ASSERT_EQ(cells_of(stepped), cells_of(state));
      ASSERT_EQ(state.check_tables(), "");
      ASSERT_TRUE(first_actions(*game, cells_of(state), 1 - winner, situations.seen()).empty())
          << state.render();
    }
  }
}

}  // namespace
}  // namespace ludus::epoxy
