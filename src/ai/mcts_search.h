// SPDX-License-Identifier: Apache-2.0
#pragma once
// One MCTS search over one or several trees (root parallelism: one tree per thread; tree
// parallelism: all threads share trees[0] with virtual loss).  Generic over the State
// interface; every statistic is in seat terms (see mcts_tree.h).
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/board_amaf.h"
#include "ai/mcts_config.h"
#include "ai/mcts_tree.h"
#include "core/game.h"

namespace ludus::ai {

using Clock = std::chrono::steady_clock;

// Now on `clock`: steady wall time, or the calling thread's CPU time (as a time point of
// Clock, so deadlines of both kinds are compared the same way; only points of one kind
// may be compared with each other).
Clock::time_point budget_now(BudgetClock clock);

struct SearchBudget {
  int64_t iterations = 0;              // 0 = unlimited
  bool timed = false;
  // The deadlines' clock.  kThreadCpu: the deadlines are points on the CPU clock of the
  // thread that calls run_search (thread 0), which stops the others.
  BudgetClock clock = BudgetClock::kWall;
  Clock::time_point deadline{};
  // Past `deadline` the search goes on only while the choice is unsettled (two moves close
  // in visits, or a less visited move scoring better), and never past this; equal to
  // `deadline` (or unset) for no extension.
  Clock::time_point extended_deadline{};
};

// Statistics of one root move, summed over the trees.
struct RootMove {
  Action action = kNoAction;
  int64_t visits = 0;
  int64_t score2 = 0;  // doubled reward sum for the seat to move at the root
  Proof proof = kUnproven;
  int proof_plies = 0;
  double mean() const { return visits ? score2 / (2.0 * visits) : 0.5; }
};

// Learned move priors for one search: shared tables and weights (both null: none), and the
// two moves before the root (for the features that look at the last moves).
struct PriorSource {
  std::shared_ptr<const priors::FeatureTables> tables;
  std::shared_ptr<const priors::PriorWeights> weights;
  Action root_last = kNoAction;
  Action root_earlier = kNoAction;
  bool active() const { return tables && weights; }
};

struct SearchReport {
  int64_t iterations = 0;
  double seconds = 0;
};

// Expands the root and proves, before searching, the moves that win at once and (when the
// check costs at most config.root_check_budget move applications) the moves that let the
// opponent win at once.  Single-threaded.
void prepare_root(Tree& tree, const State& root, const MctsConfig& config, const PriorSource& priors = {});

// Runs workers on config.threads threads until the budget is spent or the root is proven.
// `sites` (may be null) lets RAVE read the final board of the game's fast playouts.
SearchReport run_search(const std::vector<Tree*>& trees, const State& root, const MctsConfig& config,
                        const SearchBudget& budget, ActionSites* sites, const PriorSource& priors = {});

// The root moves with statistics summed over `trees` (in the first tree's order).
std::vector<RootMove> root_moves(const std::vector<Tree*>& trees, const Game& game);

// The move to play: the shortest proven win, else the most visited move not proven lost,
// else the longest proven loss, leaving out `excluded` (a swap weighed apart, ai/pie_choice.h).
// Index into `moves`; precondition: `moves` holds a move other than `excluded`.
size_t best_root_move(const std::vector<RootMove>& moves, int seat, Action excluded = kNoAction);

// Most-visited line below the root of `tree`, starting with `first` (at most `length` moves).
std::vector<Action> principal_variation(const Tree& tree, Action first, int length);

}  // namespace ludus::ai
