// SPDX-License-Identifier: Apache-2.0
#pragma once
// One search thread's loop body: select (UCT + RAVE, proven moves honoured), expand,
// simulate, back up seat rewards, AMAF statistics and, where the game has a static
// evaluation, implicit minimax values, and propagate proofs.  Where the
// opening book (solver/opening_book.h) has the board, a node whose position it knows is
// proven on its first visit, so proven subtrees are never searched again.
// AMAF ("all moves as first") needs to know which moves were played below a node.  Two
// sources: the game's fast random_playout followed by a look at the final board (a move
// counts as played when every site it places a stone on holds the mover's colour at the
// end; which sites a move fills is learnt once per action id by playing it), or a slower
// move-by-move playout that records each move, for games that do not show their stones.
// All scratch memory is owned here and reused, so iterations do not allocate (apart from
// State::clone, the only copy the State interface offers).
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/board_amaf.h"
#include "ai/mcts_config.h"
#include "ai/mcts_search.h"
#include "ai/mcts_tree.h"
#include "ai/solver/exact_key.h"
#include "ai/solver/opening_book.h"
#include "core/game.h"
#include "core/random.h"

namespace ludus::ai {

class SearchWorker {
 public:
  // `sites` (may be null) enables board AMAF; without it RAVE uses traced playouts.
  // `priors` (may be inactive) gives expanded nodes' children learned priors.
  SearchWorker(Tree& tree, const State& root, const MctsConfig& config, uint64_t seed, ActionSites* sites,
               const PriorSource& priors = {});

  // One iteration from the root.  Precondition: the root is expanded and not terminal.
  void iterate();

 private:
  NodeIndex select(const Node& node, int seat) const;
  int simulate(State& state);
  void backup(int winning_seat);
  void update_amaf(int winning_seat);
  void propagate_proofs();
  // Implicit minimax: a node's static evaluation on its first visit, and the best child's
  // value carried up the path after each iteration.
  void evaluate_leaf(Node& node, const State& state);
  void backup_minimax();
  void push_trace(Action action, const State& state);
  void learn_sites(Node& node, const State& state);
  // On a node's first visit: proves it when the opening book knows its position.
  bool prove_from_book(Node& node, const State& state);
  // Once per node (kThreatsRead): proves the child that starts a win by threats for the
  // mover (ThreatSearch), and so the node.
  void read_threats(NodeIndex index, const State& state, int seat);

  Tree& tree_;
  const State& root_;
  const MctsConfig& config_;
  Rng rng_;
  std::vector<NodeIndex> path_;    // root first
  std::vector<uint8_t> seats_;     // seat to move at path_[i] (when known)
  std::vector<Action> legal_;
  // Moves after the root: the tree part (trace_[i] leads to path_[i+1]) then the playout.
  std::vector<Action> trace_actions_;
  std::vector<uint8_t> trace_keys_;  // 1 << (2*seat + colour) of the player who moved
  std::vector<uint8_t> played_;      // traced AMAF only: per action id, keys that played it in this iteration
  // Board AMAF.
  ActionSites* sites_ = nullptr;     // null: traced playouts when RAVE is on
  std::vector<uint8_t> colours_;     // colour to move at path_[i]
  std::vector<int8_t> final_board_;  // site -> colour at the end of the iteration (-1 empty)
  // The proven positions stored for this board, when there are any (the solver's keys).
  const solver::OpeningBook* book_ = nullptr;
  std::unique_ptr<solver::ExactKeyer> keyer_;
  bool evaluation_ = false;  // the State offers a StaticEvaluation and the config weighs it
  bool threats_ = false;  // the game offers a ThreatSearch and the config reads it in the tree
  // Learned move priors (null: none) and the two moves before the root.
  std::unique_ptr<priors::MovePriors> priors_;
  Action root_last_ = kNoAction, root_earlier_ = kNoAction;
  // Gives the children of path_.back() (position `state`) their priors.
  void assign_priors_here(const State& state);
};

}  // namespace ludus::ai
