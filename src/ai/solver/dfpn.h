// SPDX-License-Identifier: Apache-2.0
#pragma once
// Depth-first proof-number search (df-pn, Nagai 2002, with the 1+epsilon threshold trick
// of Pawlewicz and Lew) over the games' fast states, through the generic State interface.
//
// A search proves or disproves "seat T wins" from a position: nodes where T moves are OR
// nodes, the others AND nodes, so turns of several plies (Epoxy) and swaps that keep the
// colour to move need nothing special.  Results live in a bounded transposition table
// (transposition_table.h) keyed by ExactKeyer: symmetric positions share an entry, and for
// games with repetition rules the key holds the history that the rule looks at (see
// ExactKeyParts), so a result is never reused for a position whose history differs — the
// graph-history-interaction problem cannot arise, at the price of fewer transpositions.
// Every game's positions are then acyclic (stones only come back under a repetition rule,
// whose history keeps growing), so plain df-pn terminates.
//
// Game knowledge that prunes safely: a node whose move can end the game with the mover
// winning is solved at once, before its other moves are even generated; with
// SearchLimits::threat_budget, so is a fresh node whose mover wins by a sequence of threats.
//
// One Dfpn is used by one thread at a time.  Solver (solver.h) runs several at once, each
// with its own table, on independent subtrees (root splitting): simple and sound, where a
// shared table would need locking and virtual proof numbers.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "ai/solver/exact_key.h"
#include "ai/solver/transposition_table.h"
#include "core/game.h"

namespace ludus::ai::solver {

struct SearchProgress {
  uint64_t nodes = 0;
  double seconds = 0;
  int target_seat = 0;
  ProofNumbers root;  // of the search in progress
  size_t table_used = 0;
  size_t table_capacity = 0;
  // Set by Solver when several searches run: then nodes and the table are summed over
  // them, `root` is that of the one reporting, and tasks counts the root's children (or
  // openings) handed out.
  int threads = 1;
  int tasks_done = 0;
  int tasks = 0;
};

struct SearchLimits {
  double seconds = 0;                   // wall time for the whole solver; 0: no limit
  // Nodes for the whole search (every question asked of it); 0: no limit.  Looked at with
  // the clock (every 1024 nodes), so a search stops at the same node on every machine:
  // a result found within a node budget is found again within the same budget.
  uint64_t max_nodes = 0;
  size_t memory_bytes = 256u << 20;     // transposition table size
  double progress_seconds = 1.0;        // how often on_progress is called
  // Where the game offers a StaticEvaluation: fresh nodes' numbers lean on it (a position
  // the evaluation likes for the target seat looks easier to prove), not on mobility alone.
  bool evaluation_estimates = false;
  // Where the game offers a ThreatSearch (Ndengrod's sequences of fours): a fresh node whose
  // mover wins by threats, read within this many move applications, is solved at once
  // (threat-space proofs; sound, as the threat search answers every defence).  0: off.
  int64_t threat_budget = 0;
  // Where entries evicted from the table go, and are found again (spill_table.h);
  // shared by every search of a Solver, owned by the caller, outlives them.  Null: none.
  SpillTable* spill = nullptr;
  std::function<void(const SearchProgress&)> on_progress;
};

class Dfpn {
 public:
  // Throws LudusError when the game cannot be solved (see ExactKeyer).
  Dfpn(const Game& game, SearchLimits limits);
  // Hands the table's entries to the spill table, if any.
  ~Dfpn();

  // Searches until "target_seat wins" from `state` is proven (pn 0) or disproven (dn 0),
  // or the time runs out (then neither, and stopped() is true).
  ProofNumbers prove(const State& state, int target_seat);
  // The numbers the table holds for `state` (terminal states are always known); solves
  // nothing.  {1, 1} when unknown.
  ProofNumbers known(const State& state, int target_seat, uint32_t* work = nullptr) const;
  // Whether `state` (terminal or not) is proven (winner == target) or disproven for
  // target_seat, searching when the table does not know; false when stopped.
  bool solved_for(const State& state, int target_seat, int winner_seat);

  // Another thread may set *cancel to stop this search; it is looked at with the clock
  // (every 1024 nodes), so the search stops soon after, not at once.
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
  // The time limit and seconds() count from now (else from construction): a search that
  // the time limit stopped may search again, with the whole limit.
  void restart_clock();
  // Lets a search stopped by *cancel search again (a time-out stays).
  void resume() { stopped_ = timed_out_; }

  bool stopped() const { return stopped_; }     // by the time limit or *cancel
  bool timed_out() const { return timed_out_; }  // by the time limit
  uint64_t nodes() const { return nodes_; }
  // Fresh nodes solved by the threat search (SearchLimits::threat_budget).
  uint64_t threat_proofs() const { return threat_proofs_; }
  double seconds() const;
  const TranspositionTable& table() const { return table_; }
  SpillTable* spill() const { return limits_.spill; }
  const ExactKeyer& keyer() const { return keyer_; }
  // The key a result for target_seat is stored under (the position's key and the seat).
  uint64_t table_key(const State& state, int target_seat) const;

 private:
  struct Child;
  // Expands `state` (not terminal) and searches below it until its numbers reach a
  // threshold; returns its numbers and adds the nodes searched to *work.
  ProofNumbers mid(const State& state, uint64_t key, ProofNumbers thresholds, uint64_t* work);
  ProofNumbers terminal_numbers(const State& state) const;
  // Numbers of a freshly generated child (table, terminal, threat proof or mobility estimate).
  void init_child(Child& child);
  void check_clock();

  const Game& game_;
  SearchLimits limits_;
  ExactKeyer keyer_;
  TranspositionTable table_;
  int target_ = 0;
  uint64_t nodes_ = 0;
  uint64_t threat_proofs_ = 0;
  bool stopped_ = false;
  bool timed_out_ = false;
  const std::atomic<bool>* cancel_ = nullptr;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point next_progress_;
  ProofNumbers root_numbers_;
  uint64_t root_key_ = 0;  // of the search in progress, whose numbers progress reports show
};

}  // namespace ludus::ai::solver
