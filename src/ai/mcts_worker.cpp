#include "ai/mcts_worker.h"

#include <cmath>
#include <limits>

namespace ludus::ai {
namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

// AMAF counters are updated with plain load/store: under tree parallelism an update may
// occasionally be lost, which statistics tolerate, and it avoids dozens of locked
// instructions per iteration.
inline void bump(std::atomic<uint32_t>& counter, uint32_t amount) {
  counter.store(counter.load(kRelaxed) + amount, kRelaxed);
}

}  // namespace

SearchWorker::SearchWorker(Tree& tree, const State& root, const MctsConfig& config, uint64_t seed)
    : tree_(tree), root_(root), config_(config), rng_(seed) {
  if (config_.rave) played_.assign(static_cast<size_t>(root.game().num_distinct_actions()), 0);
}

void SearchWorker::iterate() {
  auto state = root_.clone();
  path_.clear();
  seats_.clear();
  trace_actions_.clear();
  trace_keys_.clear();
  NodeIndex current = Tree::root();
  tree_.node(current).visits.fetch_add(1, kRelaxed);
  path_.push_back(current);
  int winner = kDraw;
  bool ended_on_proof = false;  // the last node of the path has a known value
  for (;;) {
    Node& node = tree_.node(current);
    Proof proof = node.proven();
    if (proof != kUnproven) {
      winner = proof_winner(proof);
      ended_on_proof = true;
      break;
    }
    int seat = state->seat_to_move();
    seats_.push_back(static_cast<uint8_t>(seat));
    if (!node.expanded()) {
      bool expand = current == Tree::root() || node.n() >= static_cast<uint32_t>(config_.expand_threshold);
      if (!expand || !expand_node(tree_, current, *state, seat, rng_, legal_)) {
        winner = simulate(*state);
        break;
      }
    }
    NodeIndex child_index = select(node, seat);
    Node& child = tree_.node(child_index);
    child.visits.fetch_add(1, kRelaxed);  // a virtual loss until backup adds the reward
    if (config_.rave) push_trace(child.action, *state);
    state->apply(child.action);
    path_.push_back(child_index);
    if (state->is_terminal()) {
      winner = state->winning_seat();
      if (config_.solver && child.proven() == kUnproven) set_proof(child, proof_of_result(winner), 0);
      ended_on_proof = true;
      break;
    }
    current = child_index;
  }
  backup(winner);
  if (config_.rave) update_amaf(winner);
  if (config_.solver && ended_on_proof) propagate_proofs();
}

NodeIndex SearchWorker::select(const Node& node, int seat) const {
  const double log_parent = std::log(static_cast<double>(std::max<uint32_t>(node.n(), 1)));
  const double c = config_.exploration;
  double best = -std::numeric_limits<double>::infinity(), best_lost = best;
  NodeIndex chosen = kNoNode, chosen_lost = kNoNode;
  for (uint32_t i = 0; i < node.num_children; ++i) {
    const NodeIndex index = node.first_child + i;
    const Node& child = tree_.node(index);
    const uint32_t n = child.n();
    const double explore = c * std::sqrt(log_parent / (n + 1));
    const Proof proof = child.proven();
    double q;
    if (proof != kUnproven) {
      int winner = proof_winner(proof);
      if (winner == seat) return index;  // a proven win: nothing else matters
      if (winner != kDraw) {             // proven lost: only when everything is
        double v = child.mean(0) + explore;
        if (v > best_lost) best_lost = v, chosen_lost = index;
        continue;
      }
      // A proven draw needs no exploration: its value is exact.
      if (0.5 > best) best = 0.5, chosen = index;
      continue;
    } else {
      const uint32_t m = config_.rave ? child.amaf_visits.load(kRelaxed) : 0;
      if (m > 0) {
        double amaf = child.amaf_score2.load(kRelaxed) / (2.0 * m);
        double beta = m / (m + n + config_.rave_bias * m * n);
        q = n == 0 ? amaf : (1 - beta) * child.mean() + beta * amaf;
      } else {
        q = n == 0 ? config_.first_play_urgency : child.mean();
      }
    }
    double v = q + explore;
    if (v > best) best = v, chosen = index;
  }
  return chosen != kNoNode ? chosen : chosen_lost;
}

int SearchWorker::simulate(State& state) {
  if (!config_.rave) {
    int winner = state.random_playout(rng_);
    return winner == kDraw ? kDraw : state.seat_of_colour(winner);
  }
  // The same uniform policy, move by move, so AMAF sees which player played what.
  while (!state.is_terminal()) {
    state.legal_actions(legal_);
    Action action = legal_[rng_.below(static_cast<uint32_t>(legal_.size()))];
    push_trace(action, state);
    state.apply(action);
  }
  return state.winning_seat();
}

void SearchWorker::push_trace(Action action, const State& state) {
  trace_actions_.push_back(action);
  trace_keys_.push_back(static_cast<uint8_t>(1u << (2 * state.seat_to_move() + state.to_move())));
}

void SearchWorker::backup(int winning_seat) {
  for (NodeIndex index : path_) {
    Node& node = tree_.node(index);
    node.score2.fetch_add(reward2(winning_seat, node.mover), kRelaxed);
  }
}

// All-moves-as-first: a child of a path node gets the result whenever its move was played
// later in the iteration by the same seat with the same colour.
void SearchWorker::update_amaf(int winning_seat) {
  const size_t tree_moves = path_.size() - 1;
  for (size_t k = tree_moves; k < trace_actions_.size(); ++k) played_[trace_actions_[k]] |= trace_keys_[k];
  for (size_t i = tree_moves; i >= 1; --i) {
    played_[trace_actions_[i - 1]] |= trace_keys_[i - 1];
    const uint8_t key = trace_keys_[i - 1];
    const Node& parent = tree_.node(path_[i - 1]);
    const uint32_t reward = reward2(winning_seat, seats_[i - 1]);
    for (uint32_t c = 0; c < parent.num_children; ++c) {
      Node& child = tree_.node(parent.first_child + c);
      if (played_[child.action] & key) {
        bump(child.amaf_visits, 1);
        bump(child.amaf_score2, reward);
      }
    }
  }
  for (Action a : trace_actions_) played_[a] = 0;
}

void SearchWorker::propagate_proofs() {
  for (size_t i = path_.size() - 1; i-- > 0;)
    if (!try_prove(tree_, path_[i], seats_[i])) break;
}

}  // namespace ludus::ai
