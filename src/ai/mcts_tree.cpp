// SPDX-License-Identifier: Apache-2.0
#include "ai/mcts_tree.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <new>
#include <vector>

namespace ludus::ai {

void Tree::FreeDeleter::operator()(Node* p) const { std::free(p); }

Tree::Tree(int64_t capacity) : capacity_(std::max<int64_t>(capacity, 16)) {
  // malloc (not new[]) so that untouched nodes cost no memory: large blocks come straight
  // from mmap and are committed page by page as the tree grows.
  void* raw = std::malloc(static_cast<size_t>(capacity_) * sizeof(Node));
  if (!raw) throw std::bad_alloc();
  nodes_.reset(static_cast<Node*>(raw));
  reset(0);
}

void Tree::reset(int root_mover) {
  Node* root = new (nodes_.get()) Node();
  root->mover = static_cast<uint8_t>(root_mover);
  used_.store(1, std::memory_order_relaxed);
}

NodeIndex Tree::allocate(uint32_t count) {
  int64_t first = used_.fetch_add(count, std::memory_order_relaxed);
  if (first + count > capacity_) return kNoNode;
  Node* base = nodes_.get() + first;
  for (uint32_t i = 0; i < count; ++i) new (base + i) Node();
  return static_cast<NodeIndex>(first);
}

NodeIndex Tree::find_child(NodeIndex parent, Action action) const {
  const Node& p = node(parent);
  if (!p.expanded()) return kNoNode;
  for (uint32_t i = 0; i < p.num_children; ++i)
    if (node(p.first_child + i).action == action) return p.first_child + i;
  return kNoNode;
}

void copy_node(const Node& from, Node& to) {
  constexpr auto r = std::memory_order_relaxed;
  to.action = from.action;
  to.mover = from.mover;
  to.expansion.store(from.expansion.load(r) == kExpanded ? kExpanded : kLeaf, r);
  to.proof.store(from.proof.load(r), r);
  to.flags.store(from.flags.load(r), r);
  to.proof_plies.store(from.proof_plies.load(r), r);
  to.prior.store(from.prior.load(r), r);
  to.first_child = from.first_child;
  to.num_children = from.num_children;
  to.visits.store(from.visits.load(r), r);
  to.score2.store(from.score2.load(r), r);
  to.amaf_visits.store(from.amaf_visits.load(r), r);
  to.amaf_score2.store(from.amaf_score2.load(r), r);
  to.minimax.store(from.minimax.load(r), r);
}

void set_proof(Node& node, Proof proof, int plies) {
  node.proof_plies.store(static_cast<uint16_t>(std::min(plies, 65535)), std::memory_order_relaxed);
  node.proof.store(proof, std::memory_order_release);
}

bool try_prove(Tree& tree, NodeIndex index, int seat) {
  Node& node = tree.node(index);
  if (node.proven() != kUnproven || !node.expanded()) return false;
  constexpr int kNone = 1 << 30;
  int shortest_win = kNone, longest_other = -1;
  bool all_proven = true, any_draw = false;
  for (uint32_t i = 0; i < node.num_children; ++i) {
    const Node& child = tree.node(node.first_child + i);
    Proof p = child.proven();
    if (p == kUnproven) {
      all_proven = false;
      continue;
    }
    int plies = child.proof_plies.load(std::memory_order_relaxed);
    int winner = proof_winner(p);
    if (winner == seat) shortest_win = std::min(shortest_win, plies);
    else if (winner == kDraw) any_draw = true;
    longest_other = std::max(longest_other, plies);
  }
  if (shortest_win != kNone) {
    set_proof(node, proof_of_result(seat), shortest_win + 1);
    return true;
  }
  if (!all_proven) return false;
  set_proof(node, any_draw ? kProvenDraw : proof_of_result(1 - seat), longest_other + 1);
  return true;
}

bool expand_node(Tree& tree, NodeIndex index, const State& state, int seat, Rng& rng,
                 std::vector<Action>& scratch) {
  if (tree.full()) return false;
  Node& node = tree.node(index);
  uint8_t expected = kLeaf;
  if (!node.expansion.compare_exchange_strong(expected, kExpanding, std::memory_order_acq_rel))
    return expected == kExpanded;
  state.legal_actions(scratch);
  const auto count = static_cast<uint32_t>(scratch.size());
  const NodeIndex first = tree.allocate(count);
  if (first == kNoNode) {
    node.expansion.store(kLeaf, std::memory_order_release);
    return false;
  }
  for (uint32_t i = count; i > 1; --i) std::swap(scratch[i - 1], scratch[rng.below(i)]);
  for (uint32_t i = 0; i < count; ++i) {
    Node& child = tree.node(first + i);
    child.action = scratch[i];
    child.mover = static_cast<uint8_t>(seat);
  }
  node.first_child = first;
  node.num_children = count;
  node.expansion.store(kExpanded, std::memory_order_release);
  return true;
}

void assign_priors(Tree& tree, NodeIndex index, const State& state, priors::MovePriors& priors, Action last,
                   Action earlier) {
  Node& node = tree.node(index);
  if (!node.expanded() || (node.flags.fetch_or(kPriorsClaimed, std::memory_order_relaxed) & kPriorsClaimed)) return;
  Node* children = &tree.node(node.first_child);
  std::vector<Action>& moves = priors.move_buffer();
  moves.clear();
  for (uint32_t i = 0; i < node.num_children; ++i) moves.push_back(children[i].action);
  const std::span<const float> p = priors.probabilities(state, last, earlier, moves);
  for (uint32_t i = 0; i < node.num_children; ++i)
    children[i].prior.store(static_cast<uint16_t>(std::lround(p[i] * 65535.0f)), std::memory_order_relaxed);
}

int64_t Tree::keep_subtree(NodeIndex new_root) {
  if (new_root == root()) return size();
  // Breadth-first order: a node's children stay consecutive.  The subtree is gathered in a
  // side list first, since copying in place could overwrite nodes not yet moved.
  std::vector<NodeIndex> order{new_root};
  for (size_t i = 0; i < order.size(); ++i) {
    const Node& n = node(order[i]);
    if (!n.expanded()) continue;
    for (uint32_t c = 0; c < n.num_children; ++c) order.push_back(n.first_child + c);
  }
  std::unique_ptr<Node[]> kept(new Node[order.size()]);
  NodeIndex next_first = 1;
  for (size_t i = 0; i < order.size(); ++i) {
    copy_node(node(order[i]), kept[i]);
    if (kept[i].expanded()) {
      kept[i].first_child = next_first;
      next_first += kept[i].num_children;
    }
  }
  for (size_t i = 0; i < order.size(); ++i) copy_node(kept[i], *new (nodes_.get() + i) Node());
  used_.store(static_cast<int64_t>(order.size()), std::memory_order_relaxed);
  return static_cast<int64_t>(order.size());
}

}  // namespace ludus::ai
