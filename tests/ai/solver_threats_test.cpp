// SPDX-License-Identifier: Apache-2.0
// Threat-space proofs in df-pn (SearchLimits::threat_budget): a fresh node whose mover wins
// by Ndengrod's sequences of fours is solved without being searched.  The values must be
// those of the plain search on every opening and on positions from random play, in far
// fewer nodes, and a proof found with them must still be one when walked move by move
// (solver_book_test.cpp's walk, which knows nothing of threats).
#include <gtest/gtest.h>

#include "ai/solver/solver.h"
#include "core/random.h"
#include "core/registry.h"

namespace ludus::ai::solver {
namespace {

struct Solved {
  std::vector<OpeningResult> openings;
  uint64_t nodes = 0;
  uint64_t threat_proofs = 0;
};

SearchLimits limits_with(int64_t threat_budget) {
  SearchLimits limits{.memory_bytes = 32u << 20};
  limits.threat_budget = threat_budget;
  return limits;
}

Solved solve_openings(const Game& game, int64_t threat_budget) {
  Solver solver(game, limits_with(threat_budget), 1);
  Solved run;
  run.openings = solver.solve_openings(*game.new_initial_state());
  run.nodes = solver.stats().nodes;
  run.threat_proofs = solver.stats().threat_proofs;
  return run;
}

void expect_same_openings(const Game& game) {
  const Solved plain = solve_openings(game, 0), threats = solve_openings(game, 1000);
  ASSERT_EQ(plain.openings.size(), threats.openings.size());
  for (size_t i = 0; i < plain.openings.size(); ++i) {
    const OpeningResult &a = plain.openings[i], &b = threats.openings[i];
    EXPECT_EQ(a.moves, b.moves);
    EXPECT_NE(a.first_without_pie(), Value::kUnknown);
    EXPECT_EQ(a.first_without_pie(), b.first_without_pie());
    EXPECT_EQ(a.first_with_pie(), b.first_with_pie());
  }
  EXPECT_EQ(plain.threat_proofs, 0u);
  EXPECT_GT(threats.threat_proofs, 0u);
  EXPECT_LT(threats.nodes * 10, plain.nodes) << "at least ten times fewer nodes";
}

TEST(SolverThreats, NdengrodHexhexThreeEveryOpeningSameValues) {
  expect_same_openings(*make_game("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "off"}}));
  expect_same_openings(*make_game("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "on"}}));
}

// Middle-game positions, where captures and superko have had their chance: each is solved
// by a fresh solver with and without threats.
TEST(SolverThreats, NdengrodPositionsFromRandomPlaySameValues) {
  auto game = make_game("ndengrod", {{"size", "3"}, {"length", "4"}, {"swap", "off"}});
  Rng rng(48);
  int compared = 0;
  for (int g = 0; g < 40; ++g) {
    auto state = game->new_initial_state();
    const int plies = 8 + static_cast<int>(rng.below(6));
    for (int p = 0; p < plies && !state->is_terminal(); ++p) {
      const auto moves = state->legal_actions();
      state->apply(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
    if (state->is_terminal()) continue;
    Solver plain(*game, limits_with(0)), threats(*game, limits_with(1000));
    const Value a = plain.solve(*state).value, b = threats.solve(*state).value;
    ASSERT_NE(a, Value::kUnknown);
    EXPECT_EQ(a, b) << state->render();
    ++compared;
  }
  EXPECT_GT(compared, 25);
}

TEST(SolverThreats, AGameWithoutAThreatSearchIsSearchedAsBefore) {
  auto game = make_game("n-mesh", {{"size", "3"}});
  const Solved plain = solve_openings(*game, 0), threats = solve_openings(*game, 1000);
  EXPECT_EQ(plain.nodes, threats.nodes);
  EXPECT_EQ(threats.threat_proofs, 0u);
}

}  // namespace
}  // namespace ludus::ai::solver
