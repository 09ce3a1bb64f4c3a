// SPDX-License-Identifier: Apache-2.0
// KataGo-style stress test: thousands of random games, and after every move the fast
// bitboard position is compared with the plain reference rules (ndengrod_reference.cpp):
// stones, captures, legal moves (superko included), the end and its reason.  Also checks
// random_playout against the interface path.
#include <cmath>
#include <cstdio>

#include "games/ndengrod/ndengrod_reference.h"
#include "ndengrod_test_util.h"
#include "support/game_test_support.h"

namespace ludus::ndengrod {
namespace {

using namespace test;

// Follows a random game move by move with the reference rules.
class ReferenceFollower {
 public:
  explicit ReferenceFollower(const NdengrodGame& game) : game_(game), reference_(game.geometry()) {}

  // Called after every move of the fast state.
  void operator()(const State& any) {
    const auto& state = dynamic_cast<const NdengrodState&>(any);
    if (state.num_plies() == 1) {  // a new game
      reference_ = NdengrodReference(game_.geometry());
      mover_ = 0;
      passes_in_row_ = 0;
      ++counts_.games;
    }
    const Action action = state.last_action();
    bool line = false;
    if (action == game_.swap_action()) {
      ASSERT_EQ(state.num_plies(), 2);
      ASSERT_TRUE(game_.swap_enabled());
      ASSERT_TRUE(state.seats_swapped());
    } else if (action == game_.pass_action()) {
      ASSERT_TRUE(reference_.legal_placements(mover_).empty());
      reference_.pass(mover_);
      mover_ ^= 1;
      ++counts_.passes;
      if (++passes_in_row_ == 2) {
        ASSERT_TRUE(state.is_terminal());
        ASSERT_EQ(state.winner(), kDraw);
        ASSERT_EQ(state.end_reason(), "two passes");
        ++counts_.draws;
        return;
      }
    } else {
      passes_in_row_ = 0;
      ASSERT_TRUE(reference_.legal(action, mover_)) << game_.geometry().name(action);
      int captured = reference_.place(action, mover_);
      ASSERT_EQ(state.last_captures(), captured);
      counts_.captures += captured;
      int run = reference_.longest_line_through(action);
      line = run >= game_.line_length();
      if (line) {
        ASSERT_TRUE(state.is_terminal());
        ASSERT_EQ(state.winner(), mover_);
        ASSERT_EQ(state.end_reason(), "line of " + std::to_string(run));
      }
      mover_ ^= 1;
    }
    for (int s = 0; s < game_.num_sites(); ++s) ASSERT_EQ(state.stone_at(s), reference_.stone(s)) << state.render();
    for (int colour = 0; colour < 2; ++colour)
      ASSERT_EQ(state.line_potential(colour), reference_.line_potential(colour, game_.line_length())) << state.render();
    if (line) return;
    ASSERT_FALSE(state.is_terminal());
    ASSERT_EQ(state.to_move(), mover_);

    const std::vector<int> placements = reference_.legal_placements(mover_);
    std::vector<bool> legal_site(game_.num_sites(), false);
    for (int s : placements) legal_site[s] = true;
    for (int s = 0; s < game_.num_sites(); ++s) {
      ASSERT_EQ(state.placement_legal(s), legal_site[s]) << game_.geometry().name(s);
      if (state.stone_at(s) != NdengrodState::kEmpty) continue;
      const bool repeats = reference_.repeats(s, mover_);
      ASSERT_EQ(state.placement_repeats(s), repeats) << game_.geometry().name(s) << "\n" << state.render();
      counts_.superko_refusals += repeats;
    }
    std::vector<Action> expected(placements.begin(), placements.end());
    if (state.num_plies() == 1 && game_.swap_enabled()) expected.push_back(game_.swap_action());
    if (expected.empty()) expected.push_back(game_.pass_action());
    auto actual = state.legal_actions();
    std::sort(actual.begin(), actual.end());
    ASSERT_EQ(actual, expected) << state.render();
  }

  struct Counts {
    int games = 0;
    long captures = 0;
    int passes = 0;
    int draws = 0;
    long superko_refusals = 0;  // (position, empty cell) pairs refused by superko alone
  };
  const Counts& counts() const { return counts_; }

 private:
  const NdengrodGame& game_;
  NdengrodReference reference_;
  int mover_ = 0;
  int passes_in_row_ = 0;
  Counts counts_;
};

// Random games (no ply cap: superko makes every game end) followed by the reference.
ReferenceFollower::Counts cross_check(const std::map<std::string, std::string>& options, int games, uint64_t seed) {
  auto game = make(options);
  ReferenceFollower follower(*game);
  testing::random_simulation(*game, games, seed, std::ref(follower));
  const auto& counts = follower.counts();
  EXPECT_EQ(counts.games, games);
  EXPECT_GT(counts.captures, 0) << "no capture in " << games << " games";
  std::printf("%s: %d games, %ld stones captured, %d passes, %d drawn, %ld superko refusals\n",
              game->options().to_string().c_str(), counts.games, counts.captures, counts.passes, counts.draws,
              counts.superko_refusals);
  return counts;
}

TEST(NdengrodStress, DefaultBoardMatchesReference) { cross_check({}, 3000, 1); }
TEST(NdengrodStress, SmallBoardsMatchReference) {
  cross_check({{"size", "2"}, {"length", "3"}}, 3000, 2);
  cross_check({{"size", "3"}, {"length", "4"}, {"swap", "off"}}, 2000, 3);
  cross_check({{"size", "4"}, {"length", "7"}}, 500, 4);
}
TEST(NdengrodStress, TrapezoidsMatchReference) {
  cross_check({{"shape", "trapezoid"}, {"size", "7"}}, 600, 5);
  cross_check({{"shape", "trapezoid"}, {"size", "6"}, {"length", "6"}}, 300, 6);
  cross_check({{"shape", "trapezoid"}, {"size", "13"}}, 6, 7);
}
TEST(NdengrodStress, LargerBoardsMatchReference) {
  cross_check({{"size", "7"}, {"length", "6"}}, 100, 8);   // two-word bitboards
  cross_check({{"size", "9"}}, 40, 9);                     // four words
  cross_check({{"size", "13"}, {"length", "9"}}, 3, 10);   // eight words, long games
}

// Lines as long as the board allows make long games full of captures, so positions come
// back: superko refusals, passes forced by them, and games drawn by two passes.
TEST(NdengrodStress, LongLinesOnSmallBoardsRepeatPositions) {
  long refusals = 0;
  int passes = 0, draws = 0;
  for (auto [options, seed] : {std::pair<std::map<std::string, std::string>, uint64_t>{{{"size", "3"}, {"length", "5"}}, 11},
                               {{{"size", "2"}, {"length", "3"}, {"swap", "off"}}, 12},
                               {{{"shape", "trapezoid"}, {"size", "3"}, {"length", "5"}}, 13},
                               {{{"shape", "trapezoid"}, {"size", "2"}, {"length", "3"}}, 14}}) {
    const auto counts = cross_check(options, 1000, seed);
    if (::testing::Test::HasFatalFailure()) return;
    refusals += counts.superko_refusals;
    passes += counts.passes;
    draws += counts.draws;
  }
  EXPECT_GT(refusals, 100);
  EXPECT_GT(passes, 100);
  EXPECT_GT(draws, 10);
}

// random_playout takes its own allocation-free path: its games must look like those of
// the interface (same win rate and length within statistical noise), end in a legal
// final position, and leave the state consistent.
TEST(NdengrodStress, RandomPlayoutMatchesInterfaceStatistics) {
  for (auto options : {std::map<std::string, std::string>{}, {{"size", "3"}, {"length", "3"}},
                       {{"shape", "trapezoid"}, {"size", "7"}}, {{"size", "3"}, {"length", "5"}}}) {
    auto game = make(options);
    const int n = 6000;
    Rng rng(21);
    double fast_x = 0, slow_x = 0, fast_plies = 0, slow_plies = 0, fast_swaps = 0, slow_swaps = 0;
    double fast_draws = 0, slow_draws = 0;
    std::vector<Action> actions;
    for (int g = 0; g < n; ++g) {
      auto fast = game->new_initial_state();
      int w = fast->random_playout(rng);
      ASSERT_TRUE(fast->is_terminal());
      ASSERT_EQ(w, fast->winner());
      const auto& f = dynamic_cast<const NdengrodState&>(*fast);
      // The final position: the winner's last stone makes the line (or both passed), every
      // group has a freedom.
      NdengrodReference reference(game->geometry());
      std::vector<int> cells(game->num_sites());
      for (int s = 0; s < game->num_sites(); ++s) cells[s] = f.stone_at(s);
      reference.set_position(cells, f.to_move());
      if (w == kDraw) {
        ASSERT_EQ(f.last_action(), game->pass_action());
        ASSERT_EQ(f.end_reason(), "two passes");
      } else {
        ASSERT_EQ(f.stone_at(f.last_action()), w);
        ASSERT_EQ(f.end_reason(), "line of " + std::to_string(reference.longest_line_through(f.last_action())));
      }
      for (int s = 0; s < game->num_sites(); ++s) {
        if (cells[s] != NdengrodReference::kEmpty) {
          ASSERT_TRUE(reference.has_freedom(reference.group(s)));
        }
      }
      fast_x += w == 0;
      fast_draws += w == kDraw;
      fast_plies += f.num_plies();
      fast_swaps += f.seats_swapped();

      auto slow = game->new_initial_state();
      while (!slow->is_terminal()) {
        slow->legal_actions(actions);
        slow->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
      }
      slow_x += slow->winner() == 0;
      slow_draws += slow->winner() == kDraw;
      slow_plies += dynamic_cast<const NdengrodState&>(*slow).num_plies();
      slow_swaps += slow->seats_swapped();
    }
    // Six standard errors of the difference.
    EXPECT_NEAR(fast_x / n, slow_x / n, 6 * std::sqrt(0.5 / n)) << game->options().to_string();
    EXPECT_NEAR(fast_plies / n, slow_plies / n, 0.05 * slow_plies / n) << game->options().to_string();
    EXPECT_NEAR(fast_swaps / n, slow_swaps / n, 6 * std::sqrt(2 * 0.02 / n) + 0.002) << game->options().to_string();
    EXPECT_NEAR(fast_draws / n, slow_draws / n, 6 * std::sqrt(0.5 / n)) << game->options().to_string();
  }
}

}  // namespace
}  // namespace ludus::ndengrod
