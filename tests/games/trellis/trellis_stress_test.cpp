// SPDX-License-Identifier: Apache-2.0
// Random games cross-checked after every move against the plain reference implementation
// (trellis_reference.cpp), the State interface contract, and the fast random playout.
#include <algorithm>

#include "games/trellis/trellis_reference.h"
#include "games/trellis/trellis_playout_support.h"
#include "games/trellis/trellis_test_support.h"
#include "support/game_test_support.h"

namespace ludus::trellis::test {
namespace {

// The incremental win test agrees with a breadth-first search of the position.
void expect_connections_match(const State& state) {
  const auto& s = static_cast<const TrellisState&>(state);
  ReferenceGrid grid = reference_grid(s);
  for (int colour : {kBlack, kWhite}) {
    bool won = s.is_terminal() && s.winner() == colour;
    ASSERT_EQ(reference_connects(grid, colour), won) << "colour " << colour << "\n" << s.render();
  }
}

TEST(TrellisStress, InterfaceContractAndConnectionsOnRandomGames) {
  struct Run {
    int size, games;
  };
  for (auto [size, games] : {Run{7, 1000}, Run{9, 200}, Run{15, 15}, Run{25, 2}}) {
    auto game = trellis_game(size);
    ludus::testing::random_simulation(*game, games, 1234 + size, expect_connections_match);
  }
}

std::vector<std::string> legal_texts(const State& s) {
  std::vector<std::string> texts;
  for (Action a : s.legal_actions()) texts.push_back(s.action_to_text(a));
  std::sort(texts.begin(), texts.end());
  return texts;
}

// Plays games on the fast state and the reference side by side, comparing the legal
// moves, whose turn it is and the result after every move.  The policy is biased towards
// the moves the uniform one almost never makes: mirroring the last turn (so mirror runs
// reach the limit), passing (draws) and swapping.  Counts in `mirror_refusals` how often
// the mirror limit refused a mirroring move.
void lockstep_games(int size, int games, uint64_t seed, int& mirror_refusals) {
  auto game = trellis_game(size);
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto state = game->new_initial_state();
    auto& fast = static_cast<TrellisState&>(*state);
    ReferenceTrellis reference(size);
    int plies = 0;
    const uint32_t mirror_percent = g % 2 == 0 ? 95 : 40;
    while (true) {
      auto legal = legal_texts(fast);
      ASSERT_EQ(legal, reference.legal_moves()) << "game " << g << " ply " << plies << "\n" << fast.render();
      ASSERT_EQ(fast.is_terminal(), reference.over());
      if (reference.over()) {
        std::string result = fast.winner() == kDraw ? "draw" : game->colour_name(fast.winner());
        ASSERT_EQ(result, reference.result());
        break;
      }
      ASSERT_EQ(fast.to_move(), reference.to_move());
      ASSERT_EQ(fast.seat_to_move(), reference.seat_to_move());
      ASSERT_EQ(fast.seats_swapped(), reference.swapped());
      // The playout's sampler picks a legal move here too, mirror limit included.
      const std::string sampled = fast.action_to_text(random_ply(fast, rng));
      ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), sampled)) << sampled << "\n" << fast.render();

      Action chosen = kNoAction;
      uint32_t roll = rng.below(100);
      if (roll < mirror_percent && !fast.last_turn().is_pass()) {
        TurnStones image = game->rotate(fast.last_turn(), static_cast<int>(rng.below(2)));
        Action a = game->action_of(image.first, image.second);
        if (fast.is_legal(a)) chosen = a;
        else if (fast.turn_number() >= 4 && fast.mirror_run(fast.to_move()) == kMaxMirrorRun)
          ++mirror_refusals;
      }
      if (chosen == kNoAction && rng.below(100) < 5) chosen = game->pass_action();
      if (chosen == kNoAction && fast.swap_available() && roll % 2 == 0) chosen = game->swap_action();
      if (chosen == kNoAction) {
        auto actions = fast.legal_actions();
        chosen = actions[rng.below(static_cast<uint32_t>(actions.size()))];
      }
      std::string text = fast.action_to_text(chosen);
      fast.apply(chosen);
      reference.play(text);
      ++plies;
    }
  }
}

TEST(TrellisStress, MatchesTheReferenceOnBiasedRandomGames) {
  int refusals = 0;
  lockstep_games(7, 1000, 11, refusals);
  lockstep_games(9, 400, 12, refusals);
  lockstep_games(11, 100, 13, refusals);
  std::cout << "mirror limit refusals: " << refusals << "\n";
  EXPECT_GT(refusals, 10);  // the mirror limit was really exercised
}

TEST(TrellisStress, RandomPlayoutEndsInAConsistentPosition) {
  for (int size : {7, 15, 25}) {
    auto game = trellis_game(size);
    Rng rng(99 + size);
    for (int g = 0; g < 200; ++g) {
      auto state = game->new_initial_state();
      int winner = state->random_playout(rng);
      ASSERT_TRUE(state->is_terminal());
      ASSERT_EQ(winner, state->winner());
      expect_connections_match(*state);
    }
  }
}

TEST(TrellisStress, RandomPlayoutIsUniformLikeTheGenericOne) {
  // Both pick uniformly among the legal actions, so game lengths and results agree in
  // distribution.  Compare the mean number of turns and Black's win rate on 7x7.
  auto game = trellis_game(7);
  const int games = 4000;
  double fast_turns = 0, generic_turns = 0, fast_black = 0, generic_black = 0;
  Rng rng(2024);
  std::vector<Action> actions;
  for (int g = 0; g < games; ++g) {
    auto fast = game->new_initial_state();
    fast_black += fast->random_playout(rng) == kBlack;
    fast_turns += static_cast<TrellisState&>(*fast).turn_number();
    auto generic = game->new_initial_state();
    while (!generic->is_terminal()) {
      generic->legal_actions(actions);
      generic->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
    }
    generic_black += generic->winner() == kBlack;
    generic_turns += static_cast<TrellisState&>(*generic).turn_number();
  }
  // Standard errors here are about 0.06 turns and 0.8% wins.
  EXPECT_NEAR(fast_turns / games, generic_turns / games, 0.4);
  EXPECT_NEAR(fast_black / games, generic_black / games, 0.045);
}

}  // namespace
}  // namespace ludus::trellis::test
