// SPDX-License-Identifier: Apache-2.0
#include "ai/mcts_search.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include <time.h>

#include "ai/mcts_worker.h"
#include "core/threat_search.h"

namespace ludus::ai {
namespace {

uint64_t thread_seed(uint64_t seed, int thread) {
  return seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(thread) * 0xD1B54A32D192ED03ull + 1;
}

// Proves what can be proven by looking at most `plies` moves ahead, crossing at most
// `turn_changes` changes of the seat to move (a turn may have several plies), by playing
// every move out: ends of the game found there are exact, and the MCTS-solver rule turns
// them into proofs for the nodes above.  Stops when the budget of move applications runs out.
class ShallowProver {
 public:
  ShallowProver(Tree& tree, Rng& rng, int64_t budget) : tree_(tree), rng_(rng), budget_(budget) {}
  int64_t budget() const { return budget_; }
  // Whether the last visits left moves unexplored only because of the ply limit.
  bool cut_short() const { return cut_short_; }
  void reset_cut_short() { cut_short_ = false; }

  void visit(NodeIndex index, const State& state, int plies, int turn_changes) {
    const int seat = state.seat_to_move();
    if (!expand_node(tree_, index, state, seat, rng_, scratch_)) return;
    Node& node = tree_.node(index);
    for (uint32_t i = 0; i < node.num_children && budget_ > 0; ++i) {
      const NodeIndex child_index = node.first_child + i;
      Node& child = tree_.node(child_index);
      if (child.proven() != kUnproven) continue;
      auto next = state.clone();
      next->apply(child.action);
      --budget_;
      if (next->is_terminal()) {
        set_proof(child, proof_of_result(next->winning_seat()), 0);
        continue;
      }
      const int changes = turn_changes - (next->seat_to_move() != seat);
      if (changes < 0) continue;
      if (plies > 1) visit(child_index, *next, plies - 1, changes);
      else cut_short_ = true;
    }
    try_prove(tree_, index, seat);
  }

 private:
  Tree& tree_;
  Rng& rng_;
  std::vector<Action> scratch_;
  int64_t budget_;
  bool cut_short_ = false;
};

// The cheap must-block check for roots with many moves: the opponent's winning replies
// after a few sample moves of ours are the threats; each of our moves after which one of
// those replies still wins is proven lost.  Sound (every proof is played out), not complete.
void prove_refuted_by_known_threats(Tree& tree, const State& root, int64_t budget) {
  constexpr uint32_t kSamples = 3;
  const int seat = root.seat_to_move();
  Node& node = tree.node(Tree::root());
  std::vector<Action> replies, threats;
  auto wins_for_mover = [](const State& state, Action reply) {
    auto after = state.clone();
    const int mover = after->seat_to_move();
    after->apply(reply);
    return after->is_terminal() && after->winning_seat() == mover;
  };
  for (uint32_t i = 0, sampled = 0; i < node.num_children && sampled < kSamples; ++i) {
    const Node& child = tree.node(node.first_child + i);
    if (child.proven() != kUnproven) continue;
    auto next = root.clone();
    next->apply(child.action);
    if (next->seat_to_move() == seat) return;  // the opponent's win is further away
    ++sampled;
    next->legal_actions(replies);
    budget -= static_cast<int64_t>(replies.size());
    for (Action reply : replies)
      if (wins_for_mover(*next, reply) && std::find(threats.begin(), threats.end(), reply) == threats.end())
        threats.push_back(reply);
  }
  if (threats.empty() || budget < static_cast<int64_t>(node.num_children * threats.size())) return;
  for (uint32_t i = 0; i < node.num_children; ++i) {
    Node& child = tree.node(node.first_child + i);
    if (child.proven() != kUnproven) continue;
    auto next = root.clone();
    next->apply(child.action);
    const int opponent = next->seat_to_move();
    for (Action threat : threats) {
      if (next->is_legal(threat) && wins_for_mover(*next, threat)) {
        set_proof(child, proof_of_result(opponent), 1);
        break;
      }
    }
  }
}

// Wins forced by threats (ThreatSearch), for the mover at the root and for the opponent
// after each root move: the first proves the root, the others prove those moves lost.
// Every proof is the game's own and sound; a move the search cannot read stays open.
void prove_by_threats(Tree& tree, const State& root, int64_t budget) {
  const auto* threats = root.threat_search();
  if (!threats) return;
  const int seat = root.seat_to_move();
  Node& node = tree.node(Tree::root());
  // No single reading may spend what the root's other moves need.
  const int64_t share = std::max<int64_t>(budget / 8, 1);
  auto read = [&](const ThreatSearch& side) {
    int64_t allowed = std::min(share, budget);
    const int64_t given = allowed;
    const auto win = side.threat_win(allowed);
    budget -= given - allowed;
    return win;
  };
  if (const auto win = read(*threats); win.first != kNoAction) {
    if (const NodeIndex child = tree.find_child(Tree::root(), win.first); child != kNoNode)
      set_proof(tree.node(child), proof_of_result(seat), win.plies - 1);
  } else {
    // When every move loses, none is marked: the search then still picks the move that
    // asks the most of an opponent who may not see its win.
    std::vector<std::pair<uint32_t, int>> lost;  // child, plies
    bool any_open = false;
    for (uint32_t i = 0; i < node.num_children; ++i) {
      Node& child = tree.node(node.first_child + i);
      if (child.proven() != kUnproven) {
        any_open |= proof_winner(child.proven()) == seat || child.proven() == kProvenDraw;
        continue;
      }
      if (budget <= 0) {
        any_open = true;
        continue;
      }
      auto next = root.clone();
      next->apply(child.action);
      const auto* replies = next->threat_search();
      const auto win = next->is_terminal() || next->seat_to_move() == seat || !replies ? ThreatSearch::ForcedWin{}
                                                                                       : read(*replies);
      if (win.first == kNoAction) any_open = true;
      else lost.emplace_back(i, win.plies);
    }
    if (any_open)
      for (auto [i, plies] : lost) set_proof(tree.node(node.first_child + i), proof_of_result(1 - seat), plies);
  }
  try_prove(tree, Tree::root(), seat);
}

bool any_root_proven(const std::vector<Tree*>& trees) {
  for (const Tree* tree : trees)
    if (tree->node(Tree::root()).proven() != kUnproven) return true;
  return false;
}

// True while the root's choice is still open: the runner-up has at least 70% of the most
// visited move's visits, or a move with at least a quarter of them scores better.  The
// time manager spends extra time only then (Huang, Coulom and Lin, "Time management for
// Monte-Carlo tree search applied to the game of Go", 2010: "unstable evaluation").
bool unsettled(const std::vector<Tree*>& trees, const Game& game) {
  auto moves = root_moves(trees, game);
  const RootMove* first = nullptr;
  for (const auto& m : moves)
    if (!first || m.visits > first->visits) first = &m;
  if (!first || first->visits == 0) return true;
  for (const auto& m : moves) {
    if (&m == first) continue;
    if (m.visits * 10 >= first->visits * 7) return true;
    if (m.visits * 4 >= first->visits && m.mean() > first->mean()) return true;
  }
  return false;
}

// True when the most visited root move can no longer be overtaken in `remaining` iterations.
bool decided(const std::vector<Tree*>& trees, const Game& game, double remaining) {
  auto moves = root_moves(trees, game);
  int64_t first = 0, second = 0;
  for (const auto& m : moves) {
    if (m.visits > first) second = first, first = m.visits;
    else if (m.visits > second) second = m.visits;
  }
  return static_cast<double>(first - second) > remaining;
}

}  // namespace

void prepare_root(Tree& tree, const State& root, const MctsConfig& config, const PriorSource& priors) {
  Rng rng(thread_seed(config.seed, -1));
  std::vector<Action> scratch;
  const int seat = root.seat_to_move();
  if (!expand_node(tree, Tree::root(), root, seat, rng, scratch)) return;
  if (priors.active()) {
    priors::MovePriors move_priors(priors.tables, *priors.weights);
    assign_priors(tree, Tree::root(), root, move_priors, priors.root_last, priors.root_earlier);
  }
  const Node& node = tree.node(Tree::root());
  // Iterative deepening over our turn and the opponent's next one (up to 4 plies, for
  // games whose turns have two plies): wins at once, and moves that let the opponent win
  // at once (must-block).  A deeper level runs only when its estimated cost fits.
  ShallowProver prover(tree, rng, config.root_check_budget);
  const int64_t branching = std::max<int64_t>(node.num_children, 1);
  int64_t level_cost = 1;
  for (int plies = 1; plies <= 4 && node.proven() == kUnproven && (plies == 1 || prover.cut_short()); ++plies) {
    level_cost *= branching;
    if (plies > 1 && level_cost > prover.budget()) {
      // Too wide for a full look at the opponent's replies: test the threats found after a
      // few sample moves against every move of ours instead.
      if (plies == 2) prove_refuted_by_known_threats(tree, root, prover.budget());
      break;
    }
    const int64_t before = prover.budget();
    prover.reset_cut_short();
    prover.visit(Tree::root(), root, plies, 1);
    level_cost = std::max<int64_t>(level_cost, before - prover.budget());
  }
  try_prove(tree, Tree::root(), seat);
  if (config.threat_budget > 0 && node.proven() == kUnproven) prove_by_threats(tree, root, config.threat_budget);
}

Clock::time_point budget_now(BudgetClock clock) {
  if (clock == BudgetClock::kWall) return Clock::now();
  timespec cpu{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
  return Clock::time_point(std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(cpu.tv_sec) +
                                                                        std::chrono::nanoseconds(cpu.tv_nsec)));
}

SearchReport run_search(const std::vector<Tree*>& trees, const State& root, const MctsConfig& config,
                        const SearchBudget& budget, ActionSites* sites, const PriorSource& priors) {
  const auto start = budget_now(budget.clock);
  const int threads = config.threads > 0 ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  for (Tree* tree : trees) prepare_root(*tree, root, config, priors);

  std::atomic<int64_t> claimed{0}, done{0};
  std::atomic<bool> stop{false};
  auto work = [&](int id) {
    Tree& tree = *trees[trees.size() == 1 ? 0 : static_cast<size_t>(id)];
    SearchWorker worker(tree, root, config, thread_seed(config.seed, id), sites, priors);
    int64_t local = 0;
    while (!stop.load(std::memory_order_relaxed)) {
      if (any_root_proven(trees)) break;
      if (budget.iterations > 0 && claimed.fetch_add(1, std::memory_order_relaxed) >= budget.iterations) break;
      worker.iterate();
      ++local;
      if (!budget.timed || local < 16 || (local & 7) != 0) continue;
      // On the CPU clock the deadlines are thread 0's; it stops the others.
      if (budget.clock == BudgetClock::kThreadCpu && id != 0) continue;
      const auto now = budget_now(budget.clock);
      if (now >= budget.deadline) {
        // Past the planned time: only an unsettled choice may use the extension (thread 0
        // decides for everyone; the others run until it stops them).
        if (now >= budget.extended_deadline) break;
        if (id == 0 && (local & 63) == 0 && !unsettled(trees, root.game())) break;
        continue;
      }
      // Stop early when the choice is settled (thread 0 checks for everyone).
      if (id == 0 && (local & 255) == 0) {
        double elapsed = std::chrono::duration<double>(now - start).count();
        double left = std::chrono::duration<double>(budget.deadline - now).count();
        double remaining = done.load(std::memory_order_relaxed) + local * threads;  // rough rate
        remaining = remaining / std::max(elapsed, 1e-6) * left;
        if (budget.iterations > 0)
          remaining = std::min<double>(remaining, budget.iterations - claimed.load(std::memory_order_relaxed));
        if (decided(trees, root.game(), remaining)) break;
      }
    }
    stop.store(true, std::memory_order_relaxed);
    done.fetch_add(local, std::memory_order_relaxed);
  };
  std::vector<std::thread> pool;
  for (int id = 1; id < threads; ++id) pool.emplace_back(work, id);
  work(0);
  for (auto& thread : pool) thread.join();

  SearchReport report;
  report.iterations = done.load();
  report.seconds = std::chrono::duration<double>(budget_now(budget.clock) - start).count();
  return report;
}

std::vector<RootMove> root_moves(const std::vector<Tree*>& trees, const Game& game) {
  std::vector<RootMove> moves;
  std::vector<int> slot(static_cast<size_t>(game.num_distinct_actions()), -1);
  for (const Tree* tree : trees) {
    const Node& root = tree->node(Tree::root());
    if (!root.expanded()) continue;
    for (uint32_t i = 0; i < root.num_children; ++i) {
      const Node& child = tree->node(root.first_child + i);
      int& s = slot[static_cast<size_t>(child.action)];
      if (s < 0) {
        s = static_cast<int>(moves.size());
        moves.push_back(RootMove{child.action});
      }
      RootMove& m = moves[static_cast<size_t>(s)];
      m.visits += child.n();
      m.score2 += child.score2.load(std::memory_order_relaxed);
      if (child.proven() != kUnproven) {
        m.proof = child.proven();
        m.proof_plies = child.proof_plies.load(std::memory_order_relaxed);
      }
    }
  }
  return moves;
}

size_t best_root_move(const std::vector<RootMove>& moves, int seat, Action excluded) {
  auto is_win = [&](const RootMove& m) { return m.proof != kUnproven && proof_winner(m.proof) == seat; };
  auto is_loss = [&](const RootMove& m) {
    return m.proof != kUnproven && proof_winner(m.proof) != seat && proof_winner(m.proof) != kDraw;
  };
  size_t best = moves.size();
  auto better = [&](size_t i) {
    if (best == moves.size()) return true;
    const RootMove &a = moves[i], &b = moves[best];
    if (is_win(a) != is_win(b)) return is_win(a);
    if (is_win(a)) return a.proof_plies < b.proof_plies;
    if (is_loss(a) != is_loss(b)) return !is_loss(a);
    if (is_loss(a) && a.proof_plies != b.proof_plies) return a.proof_plies > b.proof_plies;
    if (a.visits != b.visits) return a.visits > b.visits;
    return a.mean() > b.mean();
  };
  for (size_t i = 0; i < moves.size(); ++i)
    if (moves[i].action != excluded && better(i)) best = i;
  return best;
}

std::vector<Action> principal_variation(const Tree& tree, Action first, int length) {
  std::vector<Action> line;
  NodeIndex index = tree.find_child(Tree::root(), first);
  while (index != kNoNode && static_cast<int>(line.size()) < length) {
    const Node& node = tree.node(index);
    line.push_back(node.action);
    if (!node.expanded()) break;
    NodeIndex next = kNoNode;
    uint32_t most = 0;
    for (uint32_t i = 0; i < node.num_children; ++i) {
      const Node& child = tree.node(node.first_child + i);
      if (child.n() > most) most = child.n(), next = node.first_child + i;
    }
    index = next;
  }
  return line;
}

}  // namespace ludus::ai
