// SPDX-License-Identifier: Apache-2.0
// df-pn's fresh-node numbers from the game's static evaluation (SearchLimits::
// evaluation_estimates): the same values as with mobility alone on every opening of the
// small boards, in fewer nodes where the evaluation knows the game.
#include <gtest/gtest.h>

#include "ai/solver/solver.h"
#include "core/registry.h"

namespace ludus::ai::solver {
namespace {

struct Run {
  std::vector<OpeningResult> openings;
  uint64_t nodes = 0;
};

Run solve_openings(const Game& game, bool evaluation) {
  SearchLimits limits{.memory_bytes = 32u << 20};
  limits.evaluation_estimates = evaluation;
  Solver solver(game, limits, 1);
  Run run;
  run.openings = solver.solve_openings(*game.new_initial_state());
  run.nodes = solver.stats().nodes;
  return run;
}

void expect_same_values(const Game& game, bool fewer_nodes) {
  const Run mobility = solve_openings(game, false), evaluation = solve_openings(game, true);
  ASSERT_EQ(mobility.openings.size(), evaluation.openings.size());
  for (size_t i = 0; i < mobility.openings.size(); ++i) {
    const OpeningResult &a = mobility.openings[i], &b = evaluation.openings[i];
    EXPECT_EQ(a.moves, b.moves);
    EXPECT_NE(a.first_without_pie(), Value::kUnknown);
    EXPECT_EQ(a.first_without_pie(), b.first_without_pie());
    EXPECT_EQ(a.first_with_pie(), b.first_with_pie());
  }
  if (fewer_nodes) EXPECT_LT(evaluation.nodes, mobility.nodes);
}

TEST(SolverEstimates, NettedLimpingThreeSameValuesFewerNodes) {
  expect_same_values(*make_game("netted", {{"shape", "limping"}, {"size", "3"}}), true);
}

TEST(SolverEstimates, NettedHexhexThreeSameValuesFewerNodes) {
  expect_same_values(*make_game("netted", {{"shape", "hexhex"}, {"size", "3"}}), true);
}

TEST(SolverEstimates, NdengrodSmallBoardsSameValues) {
  expect_same_values(*make_game("ndengrod", {{"size", "2"}, {"length", "3"}}), false);
  expect_same_values(*make_game("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "off"}}), true);
}

TEST(SolverEstimates, AGameWithoutAnEvaluationIsSearchedAsBefore) {
  auto game = make_game("n-mesh", {{"size", "3"}});
  EXPECT_EQ(solve_openings(*game, false).nodes, solve_openings(*game, true).nodes);
}

}  // namespace
}  // namespace ludus::ai::solver
