// SPDX-License-Identifier: Apache-2.0
// The MCTS player on the two small test games: immediate wins, blocks, proofs (including
// seat swaps and turns of two moves by one seat), determinism, tree reuse and strength.
#include <gtest/gtest.h>

#include "ai/mcts_player.h"
#include "ai_test_support.h"
#include "test_games.h"

namespace ludus::ai::testing {
namespace {

std::unique_ptr<Player> mcts(const std::string& settings) { return make_player("mcts:" + settings); }

TEST(MctsTicTacToe, TakesTheWinInOne) {
  // x a1 b2, o c1 a2: x wins with c3.
  auto h = position(make_tictactoe(), {"a1", "c1", "b2", "a2"});
  auto p = make_player("easy");
  auto c = p->choose(h);
  EXPECT_EQ(h.state().action_to_text(c.action), "c3");
  EXPECT_EQ(c.proven, ProvenResult::kWin);
  EXPECT_EQ(c.proven_plies, 1);
}

TEST(MctsTicTacToe, BlocksTheLossInOne) {
  auto h = position(make_tictactoe(), {"a1", "c1", "b2"});
  for (const char* spec : {"easy", "mcts:iters=50,solver=off,rave=off"}) {
    auto p = make_player(spec);
    EXPECT_EQ(chosen_text(*p, h), "c3") << spec;
  }
}

TEST(MctsTicTacToe, SolverProvesADrawAndFindsTheOnlyMove) {
  // x b2 c1, o a1 a3: x must block a2, and then nobody can win.
  auto h = position(make_tictactoe(), {"b2", "a1", "c1", "a3"});
  auto c = mcts("iters=100000")->choose(h);
  EXPECT_EQ(h.state().action_to_text(c.action), "a2");
  EXPECT_EQ(c.proven, ProvenResult::kDraw) << c.info;
  EXPECT_LT(c.iterations, 100000) << "the search stops once the root is solved";
}

TEST(MctsTicTacToe, SolverProvesAWinAfterAnEdgeReply) {
  // x b2, o b1 (an edge reply to the centre loses).
  auto h = position(make_tictactoe(), {"b2", "b1"});
  auto c = mcts("iters=100000")->choose(h);
  EXPECT_EQ(c.proven, ProvenResult::kWin) << c.info;
}

TEST(MctsHex, TakesTheWinInOne) {
  // Black b1 b2 (joined to row 1), White a2 c1: Black joins row 3 with a3 or b3.
  auto h = position(make_hex({3}), {"b1", "a2", "b2", "c1"});
  auto c = make_player("easy")->choose(h);
  auto next = h.state().clone();
  next->apply(c.action);
  EXPECT_TRUE(next->is_terminal() && next->winner() == 0) << c.info;
}

TEST(MctsHex, BlocksTheLossInOne) {
  // On 4x4, Black b1 b2 b3 threatens a4 and b4... only one of them: White holds a4.
  auto h = position(make_hex({4}), {"b1", "a4", "b2", "d1", "b3"});
  // White to move; Black wins at b4 (a4 is White's), so White must take b4.
  auto c = make_player("easy")->choose(h);
  EXPECT_EQ(h.state().action_to_text(c.action), "b4") << c.info;
}

TEST(MctsHex, SolverProvesTheCentreOpening) {
  auto c = mcts("iters=50000")->choose(History(make_hex({3})));
  EXPECT_EQ(c.proven, ProvenResult::kWin) << c.info;
}

TEST(MctsHex, SecondSeatSwapsAWinningOpeningAndKnowsItsSeat) {
  auto game = make_hex({3, /*swap=*/true});
  auto h = position(game, {"b2"});
  auto c = mcts("iters=50000")->choose(h);
  EXPECT_EQ(h.state().action_to_text(c.action), "swap") << c.info;
  EXPECT_EQ(c.proven, ProvenResult::kWin) << c.info;
  // After the swap the first player holds White and is to move: it knows it has lost.
  h.play("swap");
  ASSERT_EQ(h.state().seat_to_move(), 0);
  ASSERT_EQ(h.state().to_move(), 1);
  auto after = mcts("iters=50000")->choose(h);
  EXPECT_EQ(after.proven, ProvenResult::kLoss) << after.info;
}

TEST(MctsHex, PieRuleMakesTheFirstSeatLose) {
  // With the swap the second player wins 3x3 Hex whatever the opening.
  auto c = mcts("iters=400000")->choose(History(make_hex({3, true})));
  EXPECT_EQ(c.proven, ProvenResult::kLoss) << c.info;
}

TEST(MctsHex, FindsAWinWithTheTwoMovesOfOneTurn) {
  // 1-2 turns: Black a1; White b1 c1; Black to play two stones: a2 a3 wins.
  auto game = make_hex({3, false, /*double_turns=*/true});
  auto h = position(game, {"a1", "b1", "c1"});
  ASSERT_EQ(h.state().seat_to_move(), 0);
  auto c = make_player("easy")->choose(h);
  EXPECT_EQ(c.proven, ProvenResult::kWin) << c.info;
  EXPECT_EQ(c.proven_plies, 2) << c.info;
}

TEST(Mcts, OneThreadWithASeedIsReproducible) {
  auto game = make_hex({5});
  auto run = [&](uint64_t seed) {
    auto a = make_player("mcts:iters=500,seed=" + std::to_string(seed));
    auto b = make_player("mcts:iters=300,rave=off,seed=" + std::to_string(seed + 1));
    History h(game);
    std::vector<std::string> log;
    while (!h.is_over()) {
      Player& p = h.state().seat_to_move() == 0 ? *a : *b;
      auto c = p.choose(h);
      log.push_back(h.state().action_to_text(c.action) + " " + std::to_string(c.iterations) + " " + c.info.substr(c.info.find("win")));
      h.play(c.action);
    }
    return log;
  };
  auto first = run(11);
  EXPECT_EQ(first, run(11));
  EXPECT_NE(first, run(12));
}

TEST(Mcts, InfoCarriesTheSearchStatistics) {
  auto p = mcts("iters=1000");
  auto c = p->choose(History(make_hex({4})));
  EXPECT_EQ(c.iterations, 1000);
  EXPECT_GT(c.tree_nodes, 16);
  EXPECT_FALSE(c.best_line.empty());
  EXPECT_EQ(c.best_line.front(), History(make_hex({4})).state().action_to_text(c.action));
  EXPECT_NE(c.info.find("1000 iterations"), std::string::npos) << c.info;
  EXPECT_NE(c.info.find("win "), std::string::npos) << c.info;
  EXPECT_NE(c.info.find("line " + c.best_line.front()), std::string::npos) << c.info;
  EXPECT_GT(c.value, -1.0);
  EXPECT_LT(c.value, 1.0);
}

TEST(Mcts, TotalTimeIsSharedOverTheGame) {
  // A whole game on a small board within a 1.5 s total (plus a generous margin for slow,
  // busy machines: the point is that the clock is shared, not how exact it is).
  // The lower bound looks at the first move only: against a random opponent the solver
  // proves the game early and later moves rightly take no time at all.
  auto p = make_player("mcts:total=1500ms");
  auto weak = make_player("random");
  History h(make_hex({7}));
  double used = 0, first_move = -1;
  while (!h.is_over()) {
    if (h.state().seat_to_move() == 0) {
      auto c = p->choose(h);
      used += c.seconds;
      if (first_move < 0) first_move = c.seconds;
      h.play(c.action);
    } else {
      h.play(weak->choose(h).action);
    }
  }
  EXPECT_LT(used, 3.0);
  EXPECT_GT(first_move, 0.03);
  EXPECT_LT(first_move, 0.75);
}

TEST(Mcts, TimeExtensionKeepsAPerMoveLimit) {
  // An unsettled choice may run past its share of a game budget, but a per-move limit given
  // beside the budget stays a limit (margins for a busy machine, as above).
  auto p = make_player("mcts:time=100ms,total=100s,extend=10");
  History h(make_hex({7}));
  for (int move = 0; move < 3 && !h.is_over(); ++move) {
    auto c = p->choose(h);
    EXPECT_LT(c.seconds, 0.3) << "move " << move;
    h.play(c.action);
  }
}

TEST(Mcts, ReusesTheTreeBetweenMoves) {
  auto game = make_hex({5});
  auto p = mcts("iters=3000");
  History h(game);
  auto first = p->choose(h);
  EXPECT_EQ(first.reused_nodes, 0);
  h.play(first.action);
  h.play(first.best_line.size() > 1 ? first.best_line[1] : "a1");
  auto second = p->choose(h);
  EXPECT_GT(second.reused_nodes, 50) << second.info;
  EXPECT_LT(second.reused_nodes, first.tree_nodes);
  // The visits kept are those the first search gave the reply played, below its own move.
  EXPECT_EQ(first.reused_visits, 0);
  int64_t first_move_visits = 0;
  for (const RootMoveStat& m : first.root_moves)
    if (m.action == first.action) first_move_visits = m.visits;
  EXPECT_GT(second.reused_visits, 0);
  EXPECT_LT(second.reused_visits, first_move_visits);
  // A position that is not a continuation starts a fresh tree.
  auto third = p->choose(position(game, {"c3"}));
  EXPECT_EQ(third.reused_nodes, 0);
  EXPECT_EQ(third.reused_visits, 0);
}

TEST(Mcts, MediumBeatsRandomAtHex) {
  auto game = make_hex({4});
  auto strong = make_player("medium");
  auto weak = make_player("random");
  EXPECT_GE(wins_against(game, *strong, *weak, 100), 95);
}

TEST(Mcts, TwoThreadsBothParallelismsPlayLegalGames) {
  auto game = make_hex({4, true});
  for (const char* par : {"tree", "root"}) {
    auto strong = make_player(std::string("mcts:iters=2000,threads=2,par=") + par);
    auto weak = make_player("random");
    EXPECT_GE(wins_against(game, *strong, *weak, 10), 9) << par;
  }
}

}  // namespace
}  // namespace ludus::ai::testing
