// SPDX-License-Identifier: Apache-2.0
// df-pn on Trellis against a plain two-ply minimax over the reference implementation
// (games/trellis/trellis_reference.*, written straight from RULES.md §3, sharing no code
// with the fast engine).  The smallest legal board, 7×7, has about 350 moves a turn and
// games that need not end, so no plain search solves it from the start; the check covers
// the positions a plain search can settle: the last plies of seeded random games, where
// the mover wins at once, or where every move lets the opponent win at once.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "ai/solver/solver.h"
#include "core/random.h"
#include "core/registry.h"
#include "games/trellis/trellis_reference.h"

namespace ludus::ai::solver {
namespace {

// The value of the reference position for the colour to move, when `plies` plies of plain
// minimax settle it: +1 won, -1 lost, 0 drawn; nullopt when they do not.  Only for
// positions after turn 3 (no swap left, so the colour to move alternates with every move).
std::optional<int> plain_value(const trellis::ReferenceTrellis& position, int plies) {
  if (position.over()) {
    if (position.result() == "draw") return 0;
    // The game ended on the previous mover's turn: the colour to move did not make it.
    const std::string mover = position.to_move() == 0 ? "black" : "white";
    return position.result() == mover ? 1 : -1;
  }
  if (plies == 0) return std::nullopt;
  bool all_known = true;
  int best = -2;
  for (const std::string& move : position.legal_moves()) {
    trellis::ReferenceTrellis next = position;
    next.play(move);
    const std::optional<int> value = plain_value(next, plies - 1);
    if (!value) {
      all_known = false;
      continue;
    }
    if (-*value == 1) return 1;
    best = std::max(best, -*value);
  }
  if (!all_known) return std::nullopt;
  return best;
}

int from_value(Value v) { return v == Value::kWin ? 1 : v == Value::kLoss ? -1 : v == Value::kDraw ? 0 : 99; }

TEST(SolverReference, TrellisSevenEndingsAgreeWithPlainMinimax) {
  auto game = make_game("trellis", {{"size", "7"}});
  Solver solver(*game, SearchLimits{.memory_bytes = 16u << 20, .on_progress = {}});
  int wins = 0, losses = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    // A random game on the fast engine, its moves kept as texts for the reference.
    Rng rng(seed);
    auto state = game->new_initial_state();
    std::vector<std::unique_ptr<State>> before;
    std::vector<std::string> texts;
    std::vector<Action> legal;
    while (!state->is_terminal()) {
      before.push_back(state->clone());
      state->legal_actions(legal);
      const Action a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
      texts.push_back(state->action_to_text(a));
      state->apply(a);
    }
    // The last two positions before the end (the reference replays the same moves).
    for (size_t back = 1; back <= 2 && back + 8 <= texts.size(); ++back) {
      const size_t ply = texts.size() - back;
      trellis::ReferenceTrellis reference(7);
      for (size_t i = 0; i < ply; ++i) reference.play(texts[i]);
      ASSERT_EQ(reference.over(), false);
      const std::optional<int> plain = plain_value(reference, 2);
      if (!plain) continue;
      EXPECT_EQ(from_value(solver.solve(*before[ply]).value), *plain) << "seed " << seed << ", ply " << ply;
      wins += *plain == 1;
      losses += *plain == -1;
    }
  }
  EXPECT_GE(wins, 10);
  EXPECT_GE(losses, 1);
}

}  // namespace
}  // namespace ludus::ai::solver
