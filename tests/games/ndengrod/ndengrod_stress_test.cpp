// KataGo-style stress test: thousands of random games, and after every move the fast
// bitboard position is compared with the plain reference rules (ndengrod_reference.cpp):
// stones, captures, legal moves, the end and its reason.  Also checks random_playout
// against the interface path.
#include <cmath>
#include <cstdio>

#include "games/ndengrod/ndengrod_reference.h"
#include "ndengrod_test_util.h"
#include "support/game_test_support.h"

namespace ludus {
namespace {

using namespace ndengrod_test;

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
      ++games_;
    }
    const Action action = state.last_action();
    bool line = false;
    if (action == game_.swap_action()) {
      ASSERT_EQ(state.num_plies(), 2);
      ASSERT_TRUE(game_.swap_enabled());
      ASSERT_TRUE(state.seats_swapped());
    } else if (action == game_.pass_action()) {
      ASSERT_TRUE(reference_.legal_placements(mover_).empty());
      mover_ ^= 1;
      ++passes_;
    } else {
      ASSERT_TRUE(reference_.legal(action, mover_)) << game_.geometry().name(action);
      int captured = reference_.place(action, mover_);
      ASSERT_EQ(state.last_captures(), captured);
      captures_ += captured;
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
    if (line) return;
    ASSERT_FALSE(state.is_terminal());
    ASSERT_EQ(state.to_move(), mover_);

    const std::vector<int> placements = reference_.legal_placements(mover_);
    std::vector<bool> legal_site(game_.num_sites(), false);
    for (int s : placements) legal_site[s] = true;
    for (int s = 0; s < game_.num_sites(); ++s)
      ASSERT_EQ(state.placement_legal(s), legal_site[s]) << game_.geometry().name(s);
    std::vector<Action> expected(placements.begin(), placements.end());
    if (state.num_plies() == 1 && game_.swap_enabled()) expected.push_back(game_.swap_action());
    if (expected.empty()) {
      expected.push_back(game_.pass_action());
      // Whenever one colour must pass the other can place, so two passes never follow.
      ASSERT_FALSE(reference_.legal_placements(mover_ ^ 1).empty()) << state.render();
    }
    auto actual = state.legal_actions();
    std::sort(actual.begin(), actual.end());
    ASSERT_EQ(actual, expected) << state.render();
  }

  int games() const { return games_; }
  long captures() const { return captures_; }
  int passes() const { return passes_; }

 private:
  const NdengrodGame& game_;
  NdengrodReference reference_;
  int mover_ = 0;
  int games_ = 0;
  long captures_ = 0;
  int passes_ = 0;
};

void cross_check(const std::map<std::string, std::string>& options, int games, uint64_t seed) {
  auto game = make(options);
  ReferenceFollower follower(*game);
  testing::random_simulation(*game, games, seed, std::ref(follower));
  EXPECT_EQ(follower.games(), games);
  EXPECT_GT(follower.captures(), 0) << "no capture in " << games << " games";
  std::printf("%s: %d games, %ld stones captured, %d passes\n", game->options().to_string().c_str(),
              follower.games(), follower.captures(), follower.passes());
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

// random_playout takes its own allocation-free path: its games must look like those of
// the interface (same win rate and length within statistical noise), end in a legal
// final position, and leave the state consistent.
TEST(NdengrodStress, RandomPlayoutMatchesInterfaceStatistics) {
  for (auto options : {std::map<std::string, std::string>{}, {{"size", "3"}, {"length", "3"}},
                       {{"shape", "trapezoid"}, {"size", "7"}}}) {
    auto game = make(options);
    const int n = 6000;
    Rng rng(21);
    double fast_x = 0, slow_x = 0, fast_plies = 0, slow_plies = 0, fast_swaps = 0, slow_swaps = 0;
    std::vector<Action> actions;
    for (int g = 0; g < n; ++g) {
      auto fast = game->new_initial_state();
      int w = fast->random_playout(rng);
      ASSERT_TRUE(fast->is_terminal());
      ASSERT_EQ(w, fast->winner());
      const auto& f = dynamic_cast<const NdengrodState&>(*fast);
      // The final position: the winner's last stone makes the line, every group has a
      // freedom.
      NdengrodReference reference(game->geometry());
      std::vector<int> cells(game->num_sites());
      for (int s = 0; s < game->num_sites(); ++s) cells[s] = f.stone_at(s);
      reference.set_cells(cells);
      ASSERT_EQ(f.stone_at(f.last_action()), w);
      ASSERT_EQ(f.end_reason(), "line of " + std::to_string(reference.longest_line_through(f.last_action())));
      for (int s = 0; s < game->num_sites(); ++s) {
        if (cells[s] != NdengrodReference::kEmpty) {
          ASSERT_TRUE(reference.has_freedom(reference.group(s)));
        }
      }
      fast_x += w == 0;
      fast_plies += f.num_plies();
      fast_swaps += f.seats_swapped();

      auto slow = game->new_initial_state();
      while (!slow->is_terminal()) {
        slow->legal_actions(actions);
        slow->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
      }
      slow_x += slow->winner() == 0;
      slow_plies += dynamic_cast<const NdengrodState&>(*slow).num_plies();
      slow_swaps += slow->seats_swapped();
    }
    // Six standard errors of the difference.
    EXPECT_NEAR(fast_x / n, slow_x / n, 6 * std::sqrt(0.5 / n)) << game->options().to_string();
    EXPECT_NEAR(fast_plies / n, slow_plies / n, 0.05 * slow_plies / n) << game->options().to_string();
    EXPECT_NEAR(fast_swaps / n, slow_swaps / n, 6 * std::sqrt(2 * 0.02 / n) + 0.002) << game->options().to_string();
  }
}

}  // namespace
}  // namespace ludus
