// SPDX-License-Identifier: Apache-2.0
#pragma once
// The MCTS tree: nodes in one preallocated arena (children of a node are consecutive),
// statistics in SEAT terms, so pie/swap rules that exchange colours between the players
// are handled by construction.  Counters are relaxed atomics so several threads can share
// one tree (tree parallelism with virtual loss); a single thread pays almost nothing.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/priors/move_priors.h"
#include "core/game.h"
#include "core/random.h"

namespace ludus::ai {

using NodeIndex = uint32_t;
constexpr NodeIndex kNoNode = 0xffffffffu;

// Proven outcome of a node under perfect play (MCTS-solver), as a seat result.
enum Proof : uint8_t { kUnproven = 0, kSeat0Wins = 1, kSeat1Wins = 2, kProvenDraw = 3 };

inline Proof proof_of_result(int winning_seat) {
  return winning_seat == kDraw ? kProvenDraw : winning_seat == 0 ? kSeat0Wins : kSeat1Wins;
}
// Winning seat of a proof, or kDraw.  Precondition: proof != kUnproven.
inline int proof_winner(Proof p) { return p == kProvenDraw ? kDraw : p == kSeat0Wins ? 0 : 1; }
// Reward (doubled: win 2, draw 1, loss 0) for `seat` when `winning_seat` wins (or kDraw).
inline uint32_t reward2(int winning_seat, int seat) {
  return winning_seat == kDraw ? 1u : winning_seat == seat ? 2u : 0u;
}

enum Expansion : uint8_t { kLeaf = 0, kExpanding = 1, kExpanded = 2 };
// Node::flags bits.
constexpr uint8_t kSitesLearnt = 1;   // board AMAF knows the sites of the children's moves
constexpr uint8_t kPriorsClaimed = 2;  // a thread has given (or is giving) the children priors
constexpr uint8_t kThreatsRead = 4;    // a thread has looked (or is looking) for a win by threats here

struct Node {
  Action action = kNoAction;          // the move that led here
  uint8_t mover = 0;                  // seat that played it; statistics are its rewards
  std::atomic<uint8_t> expansion{kLeaf};
  std::atomic<uint8_t> proof{kUnproven};
  std::atomic<uint8_t> flags{0};       // kSitesLearnt | kPriorsClaimed | kThreatsRead
  std::atomic<uint16_t> proof_plies{0};  // plies to the end under perfect play, once proven
  std::atomic<uint16_t> prior{0};     // learned move probability x 65535 (0: none yet)
  NodeIndex first_child = kNoNode;    // published by expansion = kExpanded (release)
  uint32_t num_children = 0;
  std::atomic<uint32_t> visits{0};    // incremented on the way down: a virtual loss until backup
  std::atomic<uint32_t> score2{0};    // doubled reward sum for `mover`
  std::atomic<uint32_t> amaf_visits{0};
  std::atomic<uint32_t> amaf_score2{0};
  // Implicit minimax value for `mover` in [0, 1]: the static evaluation of a leaf, the
  // best of the children's for an expanded node; negative while unknown.
  std::atomic<float> minimax{-1.0f};

  bool expanded() const { return expansion.load(std::memory_order_acquire) == kExpanded; }
  Proof proven() const { return static_cast<Proof>(proof.load(std::memory_order_relaxed)); }
  uint32_t n() const { return visits.load(std::memory_order_relaxed); }
  // Mean reward for `mover` in [0, 1]; `fallback` without visits.
  double mean(double fallback = 0.5) const {
    uint32_t v = n();
    return v == 0 ? fallback : score2.load(std::memory_order_relaxed) / (2.0 * v);
  }
};

class Tree {
 public:
  explicit Tree(int64_t capacity);
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  Node& node(NodeIndex i) { return nodes_.get()[i]; }
  const Node& node(NodeIndex i) const { return nodes_.get()[i]; }
  static constexpr NodeIndex root() { return 0; }
  int64_t size() const { return std::min<int64_t>(used_.load(std::memory_order_relaxed), capacity_); }
  int64_t capacity() const { return capacity_; }
  bool full() const { return used_.load(std::memory_order_relaxed) >= capacity_; }

  // A tree holding only a fresh root, whose mover is `root_mover`.
  void reset(int root_mover);
  // Reserves `count` consecutive fresh nodes (thread-safe); kNoNode when the arena is full.
  NodeIndex allocate(uint32_t count);
  // Makes `new_root`'s subtree the whole tree (copied to the front of the arena, in
  // breadth-first order).  Returns the number of nodes kept.  Single-threaded.
  int64_t keep_subtree(NodeIndex new_root);
  // The child of `parent` reached by `action`, or kNoNode (also when not expanded).
  NodeIndex find_child(NodeIndex parent, Action action) const;

 private:
  struct FreeDeleter {
    void operator()(Node* p) const;
  };
  int64_t capacity_;
  // Raw storage: pages are committed by the OS only when nodes are first written.
  std::unique_ptr<Node, FreeDeleter> nodes_;
  std::atomic<int64_t> used_{0};
};

// Copies every field of `from` into `to` (nodes hold atomics, so no copy assignment).
void copy_node(const Node& from, Node& to);

// The proof length of a node proven by the opening book (solver/opening_book.h), which
// stores who wins but not in how many plies; it stays unknown for every proof built on it.
constexpr int kUnknownProofPlies = 65535;

// Records a proven outcome (`plies` to the end under perfect play; at most
// kUnknownProofPlies, which means "unknown").
void set_proof(Node& node, Proof proof, int plies);

// MCTS-solver step for an expanded, unproven node where `seat` is to move: proven won for
// `seat` when a child is, proven when every child is (a draw if one is a draw, else lost).
// Shortest wins and longest losses are kept in proof_plies.  Returns true when it proved.
bool try_prove(Tree& tree, NodeIndex index, int seat);

// Gives the children of the expanded node `index` (whose position is `state`, reached by
// `last` after `earlier`) their learned priors, unless a thread has claimed that already.
// Thread-safe: readers see 0 until a child's prior is written.
void assign_priors(Tree& tree, NodeIndex index, const State& state, priors::MovePriors& priors, Action last,
                   Action earlier);

// Gives a leaf one child per legal move of `state` (shuffled with `rng`, so ties between
// untried moves fall on no fixed corner).  Thread-safe; returns false when another thread
// is expanding it or the arena is full.  `scratch` is reused storage.
bool expand_node(Tree& tree, NodeIndex index, const State& state, int seat, Rng& rng,
                 std::vector<Action>& scratch);

}  // namespace ludus::ai
