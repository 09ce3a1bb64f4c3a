// SPDX-License-Identifier: Apache-2.0
// Implicit minimax backups (core/static_evaluation.h, SearchWorker::backup_minimax): after
// a search, every node's stored value is checked against a slow recomputation over the
// whole tree: a visited leaf holds its position's evaluation, an ended game its result,
// and an expanded node the best of its children's values for the player to move there.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "ai/game_profiles.h"
#include "ai/mcts_search.h"
#include "ai/mcts_tree.h"
#include "ai/mcts_worker.h"
#include "ai/player.h"
#include "ai/spec_parser.h"
#include "ai_test_support.h"
#include "core/random.h"
#include "core/static_evaluation.h"

namespace ludus::ai {
namespace {

MctsConfig minimax_config(double weight, bool solver) {
  MctsConfig config;
  config.rave = false;
  config.guided_playouts = true;
  config.solver = solver;
  config.minimax_weight = weight;
  config.seed = 7;
  return config;
}

// Grows a tree from `root` with `iterations` single-threaded iterations.
std::unique_ptr<Tree> grow(const State& root, const MctsConfig& config, int iterations) {
  auto tree = std::make_unique<Tree>(1 << 20);
  tree->reset(1 - root.seat_to_move());
  prepare_root(*tree, root, config);
  SearchWorker worker(*tree, root, config, 11, nullptr);
  for (int i = 0; i < iterations && tree->node(Tree::root()).proven() == kUnproven; ++i) worker.iterate();
  return tree;
}

struct Recount {
  int leaves = 0, ended = 0, inner = 0;
};

// The slow recomputation: walks the tree with the positions, returns nothing, counts what it checked.
void check_minimax(const Tree& tree, NodeIndex index, const State& state, bool is_root, Recount& count,
                   float tempo = 1.0f) {
  const Node& node = tree.node(index);
  const float stored = node.minimax.load();
  // A proven node's value is its proof, for its parent and for the search; the checks
  // before the search prove some nodes of the first plies without iterating through them
  // (and a root they prove is not searched at all).
  if (node.proven() != kUnproven && !state.is_terminal()) return;
  if (state.is_terminal()) {
    if (node.n() == 0) return;
    EXPECT_EQ(stored, state.winning_seat() == node.mover ? 1.0f : 0.0f);
    ++count.ended;
    return;
  }
  if (!node.expanded()) {
    if (node.n() == 0 || is_root) return;
    const auto& evaluation = *state.static_evaluation();
    EXPECT_EQ(stored, evaluation.win_estimate(state.seat_of_colour(node.mover), tempo)) << state.render();
    ++count.leaves;
    return;
  }
  const int seat = state.seat_to_move();
  float best = -1.0f;
  for (uint32_t c = 0; c < node.num_children; ++c) {
    const NodeIndex child_index = node.first_child + c;
    const Node& child = tree.node(child_index);
    auto next = state.clone();
    next->apply(child.action);
    check_minimax(tree, child_index, *next, false, count, tempo);
    const Proof proof = child.proven();
    best = std::max(best, proof == kUnproven ? child.minimax.load() : 0.5f * reward2(proof_winner(proof), seat));
  }
  if (best < 0) return;
  EXPECT_EQ(stored, node.mover == seat ? best : 1.0f - best) << "an expanded node of depth-first index " << index;
  ++count.inner;
}

// Positions from the opening to the end of the game, where results enter the tree too.
void check_searches(const char* name, std::initializer_list<int> openings, Recount& count) {
  auto game = make_game(name);
  Rng rng(3);
  for (int plies : openings) {
    History h(game);
    for (int p = 0; p < plies && !h.is_over(); ++p) {
      const auto legal = h.state().legal_actions();
      h.play(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
    if (h.is_over()) continue;
    for (bool solver : {false, true}) {
      auto tree = grow(h.state(), minimax_config(0.1, solver), 3000);
      if (solver) continue;  // proofs change after the backup; only that it runs is checked
      check_minimax(*tree, Tree::root(), h.state(), true, count);
    }
  }
}

TEST(ImplicitMinimax, EveryNodeHoldsWhatASlowRecomputationFinds) {
  Recount epoxy;
  check_searches("epoxy", {0, 9, 30, 50}, epoxy);
  EXPECT_GT(epoxy.leaves, 1000);
  EXPECT_GT(epoxy.inner, 500);
  EXPECT_GT(epoxy.ended, 0);
  // Netted's games are short (about 20 placements): the searches reach their ends.
  Recount netted;
  check_searches("netted", {0, 6, 12}, netted);
  EXPECT_GT(netted.leaves, 1000);
  EXPECT_GT(netted.inner, 500);
  EXPECT_GT(netted.ended, 0);
  // Ndengrod: from the swap on move 2 to the middle game, where captures and lines end games.
  Recount ndengrod;
  check_searches("ndengrod", {1, 10, 24}, ndengrod);
  EXPECT_GT(ndengrod.leaves, 1000);
  EXPECT_GT(ndengrod.inner, 500);
}

// With a tempo (MctsConfig::tempo) the leaves hold the evaluation with it.
TEST(ImplicitMinimax, TheLeavesHoldTheEvaluationWithTheTempo) {
  auto game = make_game("ndengrod", {{"swap", "off"}});
  History h(game);
  for (const char* move : {"e5", "d4", "f6", "c3"}) h.play(std::string_view(move));
  MctsConfig config = minimax_config(0.1, false);
  config.tempo = 1.25;
  Recount count;
  check_minimax(*grow(h.state(), config, 3000), Tree::root(), h.state(), true, count, 1.25f);
  EXPECT_GT(count.leaves, 1000);
}

// A swap decision is searched without the tempo (MctsPlayer::choose): the swap's subtree
// and the declining moves' end with opposite colours to move.  After it, the tempo counts.
TEST(ImplicitMinimax, ASwapDecisionIsSearchedWithoutTheTempo) {
  auto game = make_game("ndengrod");
  History h(game);
  h.play(std::string_view("e5"));
  auto visits = [&](const std::string& spec) {
    auto player = make_player(spec);
    std::vector<int64_t> out;
    for (const auto& m : player->choose(h).root_moves) out.push_back(m.visits);
    return out;
  };
  EXPECT_EQ(visits("mcts:iters=400,seed=5,tempo=1.25"), visits("mcts:iters=400,seed=5"));
  h.play(std::string_view("d4"));
  EXPECT_NE(visits("mcts:iters=400,seed=5,tempo=1.25"), visits("mcts:iters=400,seed=5"));
}

// Off (the weight 0, or a game without a StaticEvaluation), nothing is evaluated.
TEST(ImplicitMinimax, CostsNothingWhenOff) {
  for (const auto& [name, weight] : {std::pair{"epoxy", 0.0}, std::pair{"n-mesh", 0.5}}) {
    auto game = make_game(name);
    History h(game);
    auto tree = grow(h.state(), minimax_config(weight, true), 500);
    for (int64_t i = 0; i < tree->size(); ++i)
      ASSERT_LT(tree->node(static_cast<NodeIndex>(i)).minimax.load(), 0.0f) << name;
  }
}

// Epoxy's, Netted's and Ndengrod's profiles weigh the evaluation; a spec may choose another
// weight, v1 none.
TEST(ImplicitMinimax, TheGameProfileSpecsAndV1) {
  auto epoxy = make_game("epoxy");
  EXPECT_GT(latest_game_profile(epoxy->info()).minimax_weight, 0.0);
  EXPECT_GT(latest_game_profile(make_game("netted")->info()).minimax_weight, 0.0);
  EXPECT_GT(latest_game_profile(make_game("ndengrod")->info()).minimax_weight, 0.0);
  for (const char* name : {"n-mesh", "trellis"})
    EXPECT_EQ(latest_game_profile(make_game(name)->info()).minimax_weight, 0.0) << name;
  const PlayerConfig config;
  EXPECT_EQ(parse_player_spec("mcts:im=0.3", config).mcts.minimax_weight, 0.3);
  const MctsConfig none = parse_player_spec("mcts:im=0", config).mcts;
  EXPECT_TRUE(none.minimax_chosen);
  EXPECT_EQ(with_game_profile(none, epoxy->info()).minimax_weight, 0.0);
  EXPECT_EQ(with_game_profile(parse_player_spec("mcts", config).mcts, epoxy->info()).minimax_weight,
            latest_game_profile(epoxy->info()).minimax_weight);
  EXPECT_EQ(with_game_profile(parse_player_spec("mcts:profile=v1", config).mcts, epoxy->info()).minimax_weight, 0.0);

  // Ndengrod's weight is high and decays with the visits (issue 48); v2 keeps it constant.
  const GameInfo& ndengrod = make_game("ndengrod")->info();
  const MctsConfig latest = with_game_profile(parse_player_spec("mcts", config).mcts, ndengrod);
  EXPECT_EQ(latest.minimax_weight, 0.7);
  EXPECT_EQ(latest.minimax_decay, 30);
  EXPECT_EQ(latest.prior_weight, 12);
  EXPECT_EQ(latest.threat_visits, 4);
  const MctsConfig chosen = with_game_profile(parse_player_spec("mcts:imd=0,pw=2", config).mcts, ndengrod);
  EXPECT_EQ(chosen.minimax_decay, 0);
  EXPECT_EQ(chosen.prior_weight, 2);
  const MctsConfig v2 = with_game_profile(parse_player_spec("mcts:profile=v2", config).mcts, ndengrod);
  EXPECT_EQ(v2.minimax_weight, 0.1);
  EXPECT_EQ(v2.minimax_decay, 0);
  EXPECT_EQ(v2.prior_weight, 3.0);
  EXPECT_EQ(v2.threat_visits, 16);
  // Its errors are checked with the others' in spec_parser_test.cpp.
}

}  // namespace
}  // namespace ludus::ai
