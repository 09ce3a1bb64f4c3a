// SPDX-License-Identifier: Apache-2.0
// Trellis in the exact solver: its rule state (the turn count, the swap, the mirror rule,
// passes) is part of the exact key; the half turn merges symmetric positions only while no
// mirror rule looks back at where the last turn stood; df-pn proves the ends of games.
#include <gtest/gtest.h>

#include "ai/solver/exact_key.h"
#include "ai/solver/solver.h"
#include "core/history.h"
#include "core/random.h"
#include "core/registry.h"

namespace ludus::ai::solver {
namespace {

TEST(SolverTrellis, TheHalfTurnMergesPositionsUntilTheMirrorRuleLooksBack) {
  auto game = make_game("trellis", {{"size", "7"}});
  const ExactKeyer keyer(*game);
  EXPECT_EQ(keyer.num_symmetries(), 2);  // the identity and the half turn
  History played(game), turned(game);
  played.play_moves({"a1,a4", "c2"});
  turned.play_moves({"g4,g7", "e6"});  // the same turns, turned by half a turn
  EXPECT_EQ(keyer.key(played.state()), keyer.key(turned.state()));
  // Turn 3 may be mirrored by turn 4: from now on the key holds where the last turn stood.
  played.play_moves({"d4"});
  turned.play_moves({"d4"});
  EXPECT_NE(keyer.key(played.state()), keyer.key(turned.state()));
  // The same stones reached with another last turn: the mirror rule differs, so the key.
  History other(game);
  other.play_moves({"a1,a4", "d4", "c2"});
  EXPECT_NE(keyer.key(other.state()), keyer.key(played.state()));
  // The swap after turn 3 is rule state: swapped or not, the stones are the same.
  History swapped = played;
  swapped.play_moves({"swap"});
  EXPECT_NE(keyer.key(swapped.state()), keyer.key(played.state()));
}

TEST(SolverTrellis, DfpnProvesTheWinningTurnsOfRandomGames) {
  auto game = make_game("trellis", {{"size", "7"}});
  int checked = 0;
  for (uint64_t seed = 1; seed <= 12 && checked < 4; ++seed) {
    Rng rng(seed);
    auto state = game->new_initial_state();
    std::vector<std::unique_ptr<State>> before;
    std::vector<Action> legal;
    while (!state->is_terminal()) {
      before.push_back(state->clone());
      state->legal_actions(legal);
      state->apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
    if (state->winning_seat() == kDraw) continue;
    // The position before the winning turn: its mover wins, and the move df-pn names wins.
    const State& last = *before.back();
    Solver solver(*game, SearchLimits{.seconds = 20, .memory_bytes = 16u << 20, .on_progress = {}});
    const PositionResult result = solver.solve(last);
    EXPECT_EQ(result.value, Value::kWin) << "seed " << seed;
    ASSERT_NE(result.best, kNoAction);
    auto next = last.clone();
    next->apply(result.best);
    EXPECT_TRUE(next->is_terminal() ? next->winning_seat() == last.seat_to_move()
                                    : solver.solve(*next).value == Value::kLoss)
        << "seed " << seed << ": " << last.action_to_text(result.best);
    ++checked;
  }
  EXPECT_EQ(checked, 4);
}

}  // namespace
}  // namespace ludus::ai::solver
