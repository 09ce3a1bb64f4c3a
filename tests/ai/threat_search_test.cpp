// SPDX-License-Identifier: Apache-2.0
// The threat search (core/threat_search.h) of Ndengrod and its use at the search's root:
// hand-made wins by fours, and every win it claims along random games proven again by the
// df-pn solver, which knows nothing of threats (captures, suicide and superko included).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ai/mcts_player.h"
#include "ai/solver/dfpn.h"
#include "ai_test_support.h"
#include "core/random.h"
#include "core/threat_search.h"

namespace ludus::ai {
namespace {

ThreatSearch::ForcedWin threat_win(const State& state, int64_t budget = 200000) {
  return state.threat_search()->threat_win(budget);
}

// Whether the side to move wins at once with some move.
bool wins_in_one(const State& state) {
  for (Action a : state.legal_actions()) {
    auto next = state.clone();
    next->apply(a);
    if (next->is_terminal() && next->winning_seat() == state.seat_to_move()) return true;
  }
  return false;
}

TEST(ThreatSearch, AnOpenThreeBecomesAnOpenFour) {
  auto game = make_game("ndengrod");
  // X: e3 e4 e5 on the middle row, open at both ends; O far away.
  History h = testing::position(game, {"e3", "a1", "e4", "a2", "e5", "i9"});
  const auto win = threat_win(h.state());
  ASSERT_NE(win.first, kNoAction);
  EXPECT_EQ(win.plies, 3);
  // Plainly: after the move every reply leaves X a win in one.
  auto four = h.state().clone();
  four->apply(win.first);
  for (Action reply : four->legal_actions()) {
    auto answered = four->clone();
    answered->apply(reply);
    EXPECT_TRUE(wins_in_one(*answered)) << h.state().action_to_text(win.first) << " " << four->action_to_text(reply);
  }
}

TEST(ThreatSearch, NothingWithoutFours) {
  auto game = make_game("ndengrod");
  // Two X stones in a row cannot make a four in one move.
  History h = testing::position(game, {"e4", "a1", "e5", "i9"});
  EXPECT_EQ(threat_win(h.state()).first, kNoAction);
  // Before the second ply the reply may be a swap: no proof is claimed.
  EXPECT_EQ(threat_win(testing::position(game, {"e5"}).state()).first, kNoAction);
}

TEST(ThreatSearch, TheOpponentsWinInOneComesFirst) {
  auto game = make_game("ndengrod");
  // X has an open three on row e, but O has four on row a (a1-a4, a5 completes): X must
  // block, and blocking at a5 makes no four, so no forced win by fours exists.
  History h = testing::position(game, {"e3", "a1", "e4", "a2", "e5", "a3", "i9", "a4"});
  EXPECT_EQ(threat_win(h.state()).first, kNoAction);
}

struct ClaimCount {
  int claimed = 0, deeper = 0;
};
// Along random games, every win the threat search claims is proven by df-pn, which knows
// nothing of threats.
ClaimCount check_claims_along_random_games(const std::shared_ptr<const Game>& game, uint64_t seed, int games,
                                           int enough) {
  Rng rng(seed);
  ClaimCount count;
  for (int g = 0; g < games && count.claimed < enough; ++g) {
    auto state = game->new_initial_state();
    while (!state->is_terminal()) {
      const auto win = threat_win(*state);
      if (win.first != kNoAction && win.plies > 1) {
        ++count.claimed;
        count.deeper += win.plies > 3;
        auto after = state->clone();
        after->apply(win.first);
        solver::Dfpn dfpn(*game, solver::SearchLimits{.seconds = 20, .memory_bytes = 32u << 20, .on_progress = {}});
        const auto numbers = dfpn.prove(*after, state->seat_to_move());
        EXPECT_TRUE(numbers.proven()) << "game " << g << ": " << state->action_to_text(win.first) << " in\n"
                                      << state->render();
      }
      auto legal = state->legal_actions();
      state->apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
  return count;
}

// Ndengrod on hex-hex 4 with lines of four, where captures are frequent; the proofs found
// include some that need more than one four.
TEST(ThreatSearch, EveryClaimedWinIsProvenByTheSolver) {
  const auto count =
      check_claims_along_random_games(make_game("ndengrod", {{"size", "4"}, {"length", "4"}}), 20261126, 150, 60);
  EXPECT_GE(count.claimed, 20);
  EXPECT_GE(count.deeper, 3) << "wins needing two or more fours";
}

// Positions of random games on the default board (a fixed seed): the first where the side
// to move wins by two or more fours, and the first where some moves of the side to move let
// the opponent win by two or more fours and others do not.
struct Found {
  std::unique_ptr<History> attack, defend, lost;
  bool all() const { return attack && defend && lost; }
};
Found find_positions(const std::shared_ptr<const Game>& game) {
  Found found;
  Rng rng(7);
  for (int g = 0; g < 2000 && !found.all(); ++g) {
    History h(game);
    while (!h.is_over() && !found.all()) {
      const State& state = h.state();
      if (!found.attack && threat_win(state).plies >= 5) found.attack = std::make_unique<History>(h);
      if ((!found.defend || !found.lost) && !wins_in_one(state)) {
        int lost = 0, open = 0;
        for (Action a : state.legal_actions()) {
          auto next = state.clone();
          next->apply(a);
          if (next->is_terminal()) continue;
          const auto win = threat_win(*next);
          if (win.first == kNoAction) ++open;
          else if (win.plies >= 5) ++lost;
        }
        if (lost > 0 && open > 0 && !found.defend) found.defend = std::make_unique<History>(h);
        if (lost > 1 && open == 0 && !found.lost) found.lost = std::make_unique<History>(h);
      }
      auto legal = state.legal_actions();
      h.play(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
  return found;
}

// The MCTS player plays a win by fours at once, proven, and never a move that lets the
// opponent win by fours when another move does not.
TEST(ThreatSearch, ThePlayerPlaysTheForcedWinAndAvoidsTheOpponents) {
  auto game = make_game("ndengrod");
  const Found found = find_positions(game);
  ASSERT_TRUE(found.all());
  MctsConfig config;
  config.iterations = 20;
  MctsPlayer attacker("test", config);
  const MoveChoice attack = attacker.choose(*found.attack);
  EXPECT_EQ(attack.proven, ProvenResult::kWin) << attack.info;
  auto after = found.attack->state().clone();
  after->apply(attack.action);
  EXPECT_FALSE(wins_in_one(*after)) << "the opponent has no line to complete";

  MctsPlayer defender("test", config);
  const MoveChoice defence = defender.choose(*found.defend);
  auto defended = found.defend->state().clone();
  defended->apply(defence.action);
  EXPECT_EQ(threat_win(*defended).first, kNoAction) << found.defend->state().action_to_text(defence.action);

  // Where every move lets the opponent win by fours, the root reading marks none lost: the
  // search still runs and picks a move by its statistics, for an opponent who may not see
  // its win.
  MctsConfig root_only = config;
  root_only.threat_visits = 0;
  MctsPlayer lost("test", root_only);
  const MoveChoice hope = lost.choose(*found.lost);
  EXPECT_GT(hope.iterations, 0) << hope.info;
  EXPECT_NE(hope.proven, ProvenResult::kLoss) << hope.info;
}

}  // namespace
}  // namespace ludus::ai
