// SPDX-License-Identifier: Apache-2.0
#include "ai/solver/proof_tree.h"

#include <unordered_set>

namespace ludus::ai::solver {
namespace {

class Collector {
 public:
  Collector(Dfpn& search, int winner, int target, size_t max_entries, std::vector<ProofEntry>& out)
      : search_(search), winner_(winner), target_(target), max_(max_entries), out_(out) {}

  // Precondition: `winner_` wins from `state`.
  bool visit(const State& state) {
    if (state.is_terminal()) return true;
    if (!visited_.insert(search_.keyer().key(state)).second) return true;
    const bool winner_moves = state.seat_to_move() == winner_;
    if (!winner_moves) add(state, false);
    if (out_.size() > max_) return false;
    std::vector<std::unique_ptr<State>> children;
    for (Action a : state.legal_actions()) {
      auto child = state.clone();
      child->apply(a);
      children.push_back(std::move(child));
    }
    if (!winner_moves) {
      for (auto& child : children)
        if (!wins(*child) || !visit(*child)) return false;
      return true;
    }
    // The winner's move: an immediate win, else the won position that cost least to prove.
    const State* best = nullptr;
    uint32_t best_work = 0;
    for (auto& child : children) {
      if (child->is_terminal() && child->winning_seat() == winner_) return true;
      if (!known_win(*child)) continue;
      uint32_t work = 0;
      search_.known(*child, target_, &work);
      if (!best || work < best_work) best = child.get(), best_work = work;
    }
    if (!best)  // the table forgot them all: search until one is proven again
      for (auto& child : children)
        if (wins(*child)) {
          best = child.get();
          break;
        }
    if (!best) return false;
    if (!best->is_terminal() && best->seat_to_move() == winner_) add(*best, true);
    return visit(*best);
  }

  void add(const State& state, bool mover_wins) { out_.push_back({search_.keyer().key(state), mover_wins}); }

 private:
  bool known_win(const State& state) const {
    const ProofNumbers n = search_.known(state, target_);
    return target_ == winner_ ? n.proven() : n.disproven();
  }
  bool wins(const State& state) { return known_win(state) || search_.solved_for(state, target_, winner_); }

  Dfpn& search_;
  int winner_, target_;
  size_t max_;
  std::vector<ProofEntry>& out_;
  std::unordered_set<uint64_t> visited_;
};

}  // namespace

bool collect_proof(Dfpn& search, const State& state, int winner, int target, size_t max_entries,
                   std::vector<ProofEntry>& out) {
  Collector collector(search, winner, target, max_entries, out);
  if (!state.is_terminal() && state.seat_to_move() == winner) collector.add(state, true);
  return collector.visit(state) && !search.stopped();
}

}  // namespace ludus::ai::solver
