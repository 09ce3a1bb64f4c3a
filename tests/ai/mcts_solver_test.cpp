// SPDX-License-Identifier: Apache-2.0
// MCTS-solver on the five games (Winands et al. 2008): the search tree itself proves a
// forced win a few plies deep and reports it, and it never plays a move that loses by
// force.  The shallow check the player runs at the root before searching is switched off
// (root_check_budget = 0), so every proof here is built by the tree's own back-ups.
// Positions come from seeded random games on small boards (without an opening book),
// and a plain full-width search in this file says which positions qualify: it shares no
// code with the tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <ostream>

#include "ai/mcts_player.h"
#include "ai_test_support.h"

namespace ludus::ai::testing {
namespace {

// Does `winner` win from `s` within `plies` plies, whatever the other seat plays?
bool forced_win(const State& s, int winner, int plies) {
  if (s.is_terminal()) return s.winning_seat() == winner;
  if (plies == 0) return false;
  const bool winner_moves = s.seat_to_move() == winner;
  for (Action a : s.legal_actions()) {
    auto next = s.clone();
    next->apply(a);
    const bool won = forced_win(*next, winner, plies - 1);
    if (winner_moves && won) return true;
    if (!winner_moves && !won) return false;
  }
  return !winner_moves;
}

// A random game of `game` from `seed`, as the positions before each of its plies.
std::vector<History> random_game(std::shared_ptr<const Game> game, uint64_t seed) {
  Rng rng(seed);
  std::vector<History> before;
  History h(std::move(game));
  std::vector<Action> legal;
  while (!h.is_over()) {
    before.push_back(h);
    h.state().legal_actions(legal);
    h.play(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  return before;
}

// A position whose mover wins by force in `plies` plies but not in one, with at least
// kMinChoices legal moves (a real choice), from the last plies of seeded random games.
constexpr size_t kMinChoices = 8;

std::optional<History> find_win_in(std::shared_ptr<const Game> game, int plies) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const auto game_plies = random_game(game, seed);
    for (size_t back = 2; back <= 8 && back <= game_plies.size(); ++back) {
      const History& h = game_plies[game_plies.size() - back];
      const State& s = h.state();
      const int mover = s.seat_to_move();
      if (s.legal_actions().size() >= kMinChoices && !forced_win(s, mover, 1) && forced_win(s, mover, plies)) return h;
    }
  }
  return std::nullopt;
}

MctsConfig tree_only(int64_t iterations) {
  MctsConfig config;
  config.iterations = iterations;
  config.root_check_budget = 0;
  config.reuse_tree = false;
  return config;
}

struct Board {
  const char* name;
  std::map<std::string, std::string> options;
};

// Small boards of the five games that have no stored opening book (the book would prove
// the positions by itself).
const Board kBoards[] = {
    {"n-mesh", {{"size", "6"}}},  // 5x5 and smaller have a stored book
    {"netted", {{"shape", "limping"}, {"size", "4"}}},
    {"ndengrod", {{"size", "3"}, {"length", "4"}}},
    {"trellis", {{"size", "7"}}},
    {"epoxy", {}},
};

// gtest names the parameter in test names; without this it prints the struct's bytes.
void PrintTo(const Board& board, std::ostream* out) { *out << board.name; }

class MctsSolverOnGames : public ::testing::TestWithParam<Board> {};

TEST_P(MctsSolverOnGames, ProvesAWinInThreePliesAndReportsIt) {
  auto game = make_game(GetParam().name, GetParam().options);
  const auto found = find_win_in(game, 3);
  ASSERT_TRUE(found.has_value()) << "no win in three plies in 40 random games";
  const State& s = found->state();
  const int mover = s.seat_to_move();
  // Without an exploration term (the RAVE games' profiles, c = 0) the tree can prove a
  // longer win first, and a proven root ends the search: the game's own settings must
  // prove a win; the shortest one is asked of a search that explores (c = 0.4).
  EXPECT_EQ(MctsPlayer("test", tree_only(400000)).choose(*found).proven, ProvenResult::kWin);
  MctsConfig exploring = tree_only(400000);
  exploring.exploration = 0.4;
  exploring.exploration_chosen = true;
  MctsPlayer player("test", exploring);
  const MoveChoice c = player.choose(*found);
  EXPECT_EQ(c.proven, ProvenResult::kWin) << s.render() << c.info;
  EXPECT_LE(c.proven_plies, 3) << c.info;
  EXPECT_GE(c.proven_plies, 2) << c.info;  // no win in one exists
  auto next = s.clone();
  next->apply(c.action);
  EXPECT_TRUE(forced_win(*next, mover, 2)) << s.action_to_text(c.action) << " does not win\n" << s.render() << c.info;
  EXPECT_NE(c.info.find("proven win in"), std::string::npos) << c.info;
}

// A move after which the opponent wins by force in three plies but not in one is a trap
// that playouts can like; in a position the tree does not prove lost (a lost one allows
// any move, so it is passed over), it plays a move that does not lose within three plies.
TEST_P(MctsSolverOnGames, AvoidsAMoveThatLosesByForce) {
  auto game = make_game(GetParam().name, GetParam().options);
  int checked = 0;
  for (uint64_t seed = 100; seed <= 200 && checked < 3; ++seed) {
    const auto game_plies = random_game(game, seed);
    for (size_t back = 3; back <= 8 && back <= game_plies.size() && checked < 3; ++back) {
      const History& h = game_plies[game_plies.size() - back];
      const State& s = h.state();
      const int mover = s.seat_to_move();
      if (s.legal_actions().size() < kMinChoices || forced_win(s, mover, 3)) continue;  // defend, with a choice
      bool trap = false, safe_move = false;
      for (Action a : s.legal_actions()) {
        auto next = s.clone();
        next->apply(a);
        if (!forced_win(*next, 1 - mover, 3)) safe_move = true;
        else if (!forced_win(*next, 1 - mover, 1)) trap = true;
      }
      if (!trap || !safe_move) continue;
      MctsPlayer player("test", tree_only(20000));
      const MoveChoice c = player.choose(h);
      if (c.proven == ProvenResult::kLoss) continue;  // lost further ahead whatever is played
      ++checked;
      auto next = s.clone();
      next->apply(c.action);
      EXPECT_FALSE(forced_win(*next, 1 - mover, 3))
          << s.action_to_text(c.action) << " loses by force\n" << s.render() << c.info;
    }
  }
  EXPECT_GE(checked, 1) << "no position with a deep trap in 100 random games";
}

INSTANTIATE_TEST_SUITE_P(FiveGames, MctsSolverOnGames, ::testing::ValuesIn(kBoards),
                         [](const ::testing::TestParamInfo<Board>& info) {
                           std::string name = info.param.name;
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

}  // namespace
}  // namespace ludus::ai::testing
