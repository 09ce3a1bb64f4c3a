// SPDX-License-Identifier: Apache-2.0
#include "ai/mcts_worker.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/static_evaluation.h"
#include "core/threat_search.h"

namespace ludus::ai {
namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

// AMAF counters are updated with plain load/store: under tree parallelism an update may
// occasionally be lost, which statistics tolerate, and it avoids dozens of locked
// instructions per iteration.
inline void bump(std::atomic<uint32_t>& counter, uint32_t amount) {
  counter.store(counter.load(kRelaxed) + amount, kRelaxed);
}

// 1/n and 1/sqrt(n) for small n from tables (most visit counts are small).
constexpr uint32_t kTableSize = 4096;
struct InverseTables {
  float inverse[kTableSize];
  float inverse_sqrt[kTableSize];
  InverseTables() {
    inverse[0] = inverse_sqrt[0] = 0;
    for (uint32_t n = 1; n < kTableSize; ++n) {
      inverse[n] = 1.0f / static_cast<float>(n);
      inverse_sqrt[n] = 1.0f / std::sqrt(static_cast<float>(n));
    }
  }
};
const InverseTables kTables;

inline float inverse(uint32_t n) { return n < kTableSize ? kTables.inverse[n] : 1.0f / static_cast<float>(n); }
inline float inverse_sqrt(uint32_t n) {
  return n < kTableSize ? kTables.inverse_sqrt[n] : 1.0f / std::sqrt(static_cast<float>(n));
}

}  // namespace

SearchWorker::SearchWorker(Tree& tree, const State& root, const MctsConfig& config, uint64_t seed,
                           ActionSites* sites, const PriorSource& priors)
    : tree_(tree), root_(root), config_(config), rng_(seed), sites_(config.rave ? sites : nullptr) {
  if (priors.active()) {
    priors_ = std::make_unique<priors::MovePriors>(priors.tables, *priors.weights);
    root_last_ = priors.root_last;
    root_earlier_ = priors.root_earlier;
  }
  if (sites_) final_board_.assign(static_cast<size_t>(sites_->board_size()), -1);
  if (config_.rave && !sites_) played_.assign(static_cast<size_t>(root.game().num_distinct_actions()), 0);
  if (config_.solver && config_.opening_book) book_ = solver::OpeningBook::for_game(root.game());
  if (book_) keyer_ = std::make_unique<solver::ExactKeyer>(root.game());
  threats_ = config_.solver && config_.threat_budget > 0 && config_.threat_visits > 0 &&
             root.threat_search() != nullptr;
  evaluation_ = config_.minimax_weight > 0 && root.static_evaluation() != nullptr;
}

void SearchWorker::read_threats(NodeIndex index, const State& state, int seat) {
  if (tree_.node(index).flags.fetch_or(kThreatsRead, kRelaxed) & kThreatsRead) return;
  int64_t budget = std::max<int64_t>(config_.threat_budget / 32, 1);
  const auto win = state.threat_search()->threat_win(budget);
  if (win.first == kNoAction) return;
  if (const NodeIndex child = tree_.find_child(index, win.first); child != kNoNode)
    set_proof(tree_.node(child), proof_of_result(seat), win.plies - 1);
}

void SearchWorker::assign_priors_here(const State& state) {
  // path_[i] was reached by its node's action; the root by the moves before the search.
  auto action_at = [&](size_t depth) { return depth == 0 ? root_last_ : tree_.node(path_[depth]).action; };
  const size_t depth = path_.size() - 1;
  const Action last = action_at(depth);
  const Action earlier = depth >= 1 ? action_at(depth - 1) : root_earlier_;
  assign_priors(tree_, path_.back(), state, *priors_, last, earlier);
}

bool SearchWorker::prove_from_book(Node& node, const State& state) {
  const std::optional<bool> mover_wins = book_->mover_wins(keyer_->key(state));
  if (!mover_wins) return false;
  const int seat = state.seat_to_move();
  set_proof(node, proof_of_result(*mover_wins ? seat : 1 - seat), kUnknownProofPlies);
  return true;
}

void SearchWorker::iterate() {
  auto state = root_.clone();
  path_.clear();
  seats_.clear();
  colours_.clear();
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
    colours_.push_back(static_cast<uint8_t>(state->to_move()));
    if (!node.expanded()) {
      // Wide games would fill memory with children that are never tried: the threshold
      // grows with the branching factor (estimated by the parent's), keeping the tree to
      // about 32 new nodes per expansion.
      const uint32_t siblings = path_.size() > 1 ? tree_.node(path_[path_.size() - 2]).num_children : 0;
      const uint32_t threshold = std::max<uint32_t>(static_cast<uint32_t>(config_.expand_threshold), siblings / 32);
      bool expand = current == Tree::root() || node.n() >= threshold;
      if (!expand || !expand_node(tree_, current, *state, seat, rng_, legal_)) {
        if (evaluation_ && node.minimax.load(kRelaxed) < 0) evaluate_leaf(node, *state);
        winner = simulate(*state);
        break;
      }
    }
    const uint8_t flags = node.flags.load(kRelaxed);
    if (sites_ && !(flags & kSitesLearnt)) learn_sites(node, *state);
    // Priors only where the search keeps coming back: a node's first visits cost nothing extra.
    if (priors_ && !(flags & kPriorsClaimed) && node.n() >= static_cast<uint32_t>(config_.prior_visits))
      assign_priors_here(*state);
    if (threats_ && !(flags & kThreatsRead) && node.n() >= static_cast<uint32_t>(config_.threat_visits))
      read_threats(current, *state, seat);
    NodeIndex child_index = select(node, seat);
    Node& child = tree_.node(child_index);
    const uint32_t earlier_visits = child.visits.fetch_add(1, kRelaxed);  // a virtual loss until backup
    if (config_.rave && !sites_) push_trace(child.action, *state);
    state->apply(child.action);
    path_.push_back(child_index);
    if (state->is_terminal()) {
      winner = state->winning_seat();
      if (config_.solver && child.proven() == kUnproven) set_proof(child, proof_of_result(winner), 0);
      if (evaluation_) child.minimax.store(0.5f * static_cast<float>(reward2(winner, child.mover)), kRelaxed);
      ended_on_proof = true;
      break;
    }
    if (book_ && earlier_visits == 0 && child.proven() == kUnproven && prove_from_book(child, *state)) {
      winner = proof_winner(child.proven());
      ended_on_proof = true;
      break;
    }
    current = child_index;
  }
  backup(winner);
  if (evaluation_) backup_minimax();
  if (sites_)
    for (int site = 0; site < sites_->num_sites(); ++site)
      final_board_[static_cast<size_t>(site)] = static_cast<int8_t>(state->site_colour(site));
  if (config_.rave) update_amaf(winner);
  if (config_.solver && ended_on_proof) propagate_proofs();
}

// Selection runs over every child of every node on the path, so it is written for speed:
// single precision, table lookups for 1/n and 1/sqrt(n+1), and no exploration term at all
// when c = 0.
NodeIndex SearchWorker::select(const Node& node, int seat) const {
  const float c = static_cast<float>(config_.exploration);
  const float c_sqrt_log = c * std::sqrt(std::log(static_cast<float>(std::max<uint32_t>(node.n(), 1))));
  const float bias = static_cast<float>(config_.rave_bias);
  const float fpu = static_cast<float>(config_.first_play_urgency);
  const bool rave = config_.rave;
  // Progressive bias of learned priors (children hold 0 without them).
  const float prior_bias = static_cast<float>(config_.prior_weight) * (1.0f / 65535.0f);
  const float minimax_weight = evaluation_ ? static_cast<float>(config_.minimax_weight) : 0.0f;
  const float minimax_decay = static_cast<float>(config_.minimax_decay);
  float best = -std::numeric_limits<float>::infinity(), best_lost = best;
  NodeIndex chosen = kNoNode, chosen_lost = kNoNode;
  const Node* children = &tree_.node(node.first_child);
  for (uint32_t i = 0; i < node.num_children; ++i) {
    const Node& child = children[i];
    const uint32_t n = child.visits.load(kRelaxed);
    const float explore = c > 0 ? c_sqrt_log * inverse_sqrt(n + 1) : 0.0f;
    const float mean = n ? child.score2.load(kRelaxed) * 0.5f * inverse(n) : fpu;
    const Proof proof = child.proven();
    if (proof != kUnproven) [[unlikely]] {
      const int winner = proof_winner(proof);
      if (winner == seat) return node.first_child + i;  // a proven win: nothing else matters
      if (winner != kDraw) {                            // proven lost: only when everything is
        if (mean + explore > best_lost) best_lost = mean + explore, chosen_lost = node.first_child + i;
        continue;
      }
      // A proven draw needs no exploration: its value is exact.
      if (0.5f > best) best = 0.5f, chosen = node.first_child + i;
      continue;
    }
    float q = mean;
    if (rave) {
      const uint32_t m = child.amaf_visits.load(kRelaxed);
      if (m > 0) {
        const float amaf = child.amaf_score2.load(kRelaxed) * 0.5f * inverse(m);
        if (n == 0) {
          q = amaf;
        } else {
          const float fm = static_cast<float>(m), fn = static_cast<float>(n);
          const float beta = fm / (fm + fn + bias * fm * fn);
          q = mean + beta * (amaf - mean);
        }
      }
    }
    if (minimax_weight > 0) {
      const float minimax = child.minimax.load(kRelaxed);
      if (minimax >= 0) {
        // With a decay, the evaluation gives way to the playouts as they accumulate.
        const float weight = minimax_decay > 0 ? minimax_weight * minimax_decay / (minimax_decay + static_cast<float>(n))
                                               : minimax_weight;
        q += weight * (minimax - q);
      }
    }
    const float bias = prior_bias * static_cast<float>(child.prior.load(kRelaxed)) * inverse(n + 1);
    if (q + explore + bias > best) best = q + explore + bias, chosen = node.first_child + i;
  }
  return chosen != kNoNode ? chosen : chosen_lost;
}

void SearchWorker::learn_sites(Node& node, const State& state) {
  for (uint32_t i = 0; i < node.num_children; ++i) {
    Action action = tree_.node(node.first_child + i).action;
    if (!sites_->known(action)) sites_->learn(state, action);
  }
  node.flags.fetch_or(kSitesLearnt, kRelaxed);
}

int SearchWorker::simulate(State& state) {
  if (!config_.rave || sites_) {
    int winner = !config_.guided_playouts                          ? state.random_playout(rng_)
                 : config_.generation == SearchGeneration::kV1 ? state.first_generation_guided_playout(rng_)
                                                               : state.guided_playout(rng_);
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
  if (sites_) {
    // Each child is checked against the final board directly: only the children of the
    // path's nodes matter, fewer than all action ids in wide games (Trellis: 1577 ids).
    const int8_t* board = final_board_.data();
    for (size_t i = tree_moves; i >= 1; --i) {
      const Node& parent = tree_.node(path_[i - 1]);
      const int colour = colours_[i - 1];
      const uint32_t reward = reward2(winning_seat, seats_[i - 1]);
      Node* children = &tree_.node(parent.first_child);
      // Branch-free: whether a child was played is a coin flip to the branch predictor.
      for (uint32_t c = 0; c < parent.num_children; ++c) {
        const uint32_t was_played = sites_->played(children[c].action, colour, board);
        bump(children[c].amaf_visits, was_played);
        bump(children[c].amaf_score2, reward & (0u - was_played));
      }
    }
    return;
  }
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

void SearchWorker::evaluate_leaf(Node& node, const State& state) {
  // Seats and colours map both ways by the same exchange.
  const float estimate = state.static_evaluation()->win_estimate(state.seat_of_colour(node.mover), static_cast<float>(config_.tempo));
  node.minimax.store(estimate, kRelaxed);
}

// Each path node above the leaf takes its mover's view of the best child for the player
// to move there (children's values are for that player).  Proven children count as won or
// lost.  Stops where a value does not change: the nodes above depend only on it.
void SearchWorker::backup_minimax() {
  for (size_t i = path_.size() - 1; i-- > 0;) {  // every node above the last is expanded
    Node& node = tree_.node(path_[i]);
    const int seat = seats_[i];
    float best = -1.0f;
    const Node* children = &tree_.node(node.first_child);
    for (uint32_t c = 0; c < node.num_children; ++c) {
      const Proof proof = children[c].proven();
      const float value = proof == kUnproven ? children[c].minimax.load(kRelaxed)
                                             : 0.5f * static_cast<float>(reward2(proof_winner(proof), seat));
      best = std::max(best, value);
    }
    if (best < 0) break;
    const float mine = node.mover == seat ? best : 1.0f - best;
    if (node.minimax.load(kRelaxed) == mine) break;
    node.minimax.store(mine, kRelaxed);
  }
}

void SearchWorker::propagate_proofs() {
  for (size_t i = path_.size() - 1; i-- > 0;)
    if (!try_prove(tree_, path_[i], seats_[i])) break;
}

}  // namespace ludus::ai
