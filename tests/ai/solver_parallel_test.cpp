// SPDX-License-Identifier: Apache-2.0
// The solver with several threads (root splitting, solver.h): the opening tables and the
// values of single positions equal the one-thread ones, a winning move it names really
// wins (checked by a one-thread search of the position after it), and a time limit stops
// every thread.
#include <gtest/gtest.h>

#include "ai/ai_test_support.h"
#include "ai/solver/solver.h"
#include "core/registry.h"

namespace ludus::ai::solver {
namespace {

Solver make_solver(const Game& game, int threads, double seconds = 0) {
  return Solver(game, SearchLimits{.seconds = seconds, .memory_bytes = 32u << 20, .on_progress = {}}, threads);
}

void expect_same_openings(const Game& game) {
  auto root = game.new_initial_state();
  Solver one = make_solver(game, 1), two = make_solver(game, 2);
  const auto a = one.solve_openings(*root);
  const auto b = two.solve_openings(*root);
  ASSERT_EQ(a.size(), b.size());
  uint64_t nodes = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE(root->action_to_text(a[i].moves[0]));
    EXPECT_EQ(a[i].moves, b[i].moves);
    EXPECT_NE(a[i].first_without_pie(), Value::kUnknown);
    EXPECT_EQ(a[i].first_without_pie(), b[i].first_without_pie());
    EXPECT_EQ(a[i].swap_offered, b[i].swap_offered);
    EXPECT_EQ(a[i].first_with_pie(), b[i].first_with_pie());
    EXPECT_EQ(a[i].second_should_swap(), b[i].second_should_swap());
    nodes += b[i].nodes;
  }
  const SolverStats stats = two.stats();
  EXPECT_EQ(stats.threads, 2);
  EXPECT_EQ(stats.nodes, nodes);  // summed over both searches
  EXPECT_FALSE(stats.stopped);
  EXPECT_EQ(stats.table_capacity, two.search().table().capacity() * 2);  // memory/2 each
}

TEST(SolverParallel, NMeshFourOpeningsAsOnOneThread) {
  expect_same_openings(*make_game("n-mesh", {{"size", "4"}}));
}

TEST(SolverParallel, NettedLimpingThreeOpeningsAsOnOneThread) {
  expect_same_openings(*make_game("netted", {{"shape", "limping"}, {"size", "3"}}));
}

TEST(SolverParallel, NdengrodTwoOpeningsAsOnOneThread) {  // a game that may be drawn
  expect_same_openings(*make_game("ndengrod", {{"size", "2"}, {"length", "3"}}));
}

// Solves `moves` on two threads; the value is the one-thread value, and a winning (or
// drawing) move named keeps it, by a one-thread search of the position after it.
void expect_same_position(const std::shared_ptr<const Game>& game, const std::vector<std::string>& moves,
                          Value expected) {
  const History h = testing::position(game, moves);
  const State& s = h.state();
  Solver two = make_solver(*game, 2);
  const PositionResult r = two.solve(s);
  EXPECT_EQ(r.value, expected);
  EXPECT_EQ(make_solver(*game, 1).solve(s).value, expected);
  if (r.value != Value::kWin && r.value != Value::kDraw) {
    EXPECT_EQ(r.best, kNoAction);
    return;
  }
  ASSERT_NE(r.best, kNoAction);
  auto child = s.clone();
  child->apply(r.best);
  EXPECT_EQ(make_solver(*game, 1).value_for(*child, s.seat_to_move()), r.value) << s.action_to_text(r.best);
}

TEST(SolverParallel, NettedPositionsAsOnOneThreadWithARealWinningMove) {
  auto netted = make_game("netted", {{"shape", "limping"}, {"size", "3"}});
  expect_same_position(netted, {}, Value::kWin);  // docs/solved.md: the first player wins
  expect_same_position(netted, {"b1"}, Value::kLoss);
}

TEST(SolverParallel, NMeshPositionsAsOnOneThreadWithARealWinningMove) {
  auto mesh = make_game("n-mesh", {{"size", "4"}});
  expect_same_position(mesh, {"b2"}, Value::kWin);  // the second player swaps (pie rule)
  expect_same_position(mesh, {"a1"}, Value::kWin);  // ... or answers by a move
}

TEST(SolverParallel, NdengrodPositionsAsOnOneThreadWithARealWinningMove) {
  auto ndengrod = make_game("ndengrod", {{"size", "2"}, {"length", "3"}});
  expect_same_position(ndengrod, {}, Value::kLoss);
  expect_same_position(ndengrod, {"a1"}, Value::kWin);
  const History h = testing::position(ndengrod, {"a1"});  // value_for the seat not to move
  EXPECT_EQ(make_solver(*ndengrod, 2).value_for(h.state(), 1 - h.state().seat_to_move()), Value::kLoss);
}

TEST(SolverParallel, TimeLimitStopsEveryThread) {
  auto game = make_game("n-mesh", {{"size", "7"}});
  auto root = game->new_initial_state();
  Solver solver = make_solver(*game, 2, 0.2);
  EXPECT_EQ(solver.solve(*root).value, Value::kUnknown);
  EXPECT_TRUE(solver.stats().stopped);
  EXPECT_LT(solver.stats().seconds, 5.0);
  for (const auto& o : solver.solve_openings(*root)) EXPECT_EQ(o.first_without_pie(), Value::kUnknown);
}

}  // namespace
}  // namespace ludus::ai::solver
