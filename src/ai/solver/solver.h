// SPDX-License-Identifier: Apache-2.0
#pragma once
// Exact values of positions on top of df-pn (dfpn.h): win, loss or draw for a seat, the
// winning move, and the table of every first move of a board with the pie rule's answer.
//
// Threads: with one, a single Dfpn searches everything (its table shared by every question
// asked).  With N > 1 the work is split at the root: N searches, each with its own table of
// memory/N, take the root's children (solve, value_for) or the opening classes
// (solve_openings) from a shared queue.  Values are exact either way, so they do not depend
// on N; node counts do (fewer transpositions between the parts, smaller tables).
#include <memory>
#include <string>
#include <vector>

#include "ai/solver/dfpn.h"
#include "core/game.h"

namespace ludus::ai::solver {

// For a given seat.  kUnknown: the time ran out first.
enum class Value { kWin, kLoss, kDraw, kUnknown };
std::string value_name(Value value);  // "win", "loss", "draw", "unknown"
Value opposite(Value value);          // the other seat's value (draw and unknown stay)

struct PositionResult {
  Value value = Value::kUnknown;  // for the seat to move
  Action best = kNoAction;        // a winning move (win), a drawing move (draw)
};

// One first move of the board, for its whole symmetry class.
struct OpeningResult {
  std::vector<Action> moves;              // the first moves in the class, the canonical one first
  Value second_without_swap = Value::kUnknown;  // for the second seat, answering by a move
  bool swap_offered = false;                    // the second seat may swap (pie rule)
  Value second_by_swap = Value::kUnknown;       // for the second seat if it swaps
  uint64_t nodes = 0;                     // df-pn nodes spent on this opening
  double seconds = 0;
  // For the first seat, without and with the pie rule.
  Value first_without_pie() const { return opposite(second_without_swap); }
  Value first_with_pie() const;
  bool second_should_swap() const { return second_by_swap == Value::kWin && second_without_swap != Value::kWin; }
};

// Summed over the searches; `seconds` is wall time since the solver was made.
struct SolverStats {
  uint64_t nodes = 0;
  double seconds = 0;
  size_t table_used = 0;
  size_t table_capacity = 0;
  uint64_t table_evictions = 0;
  uint64_t threat_proofs = 0;  // nodes solved by the game's threat search (SearchLimits::threat_budget)
  // The spill table (SearchLimits::spill), when there is one: its entries (inherited: found
  // in the file at the start), capacity, lookups answered and entries written.
  bool spill = false;
  size_t spill_used = 0;
  size_t spill_inherited = 0;
  size_t spill_capacity = 0;
  uint64_t spill_hits = 0;
  uint64_t spill_writes = 0;
  int symmetries = 1;
  int threads = 1;
  bool stopped = false;  // the time limit stopped a search: some values may be unknown
};

class Solver {
 public:
  // threads >= 1.  limits.seconds bounds the whole solver (every search), limits.memory_bytes
  // all tables together; on_progress is called from one thread at a time.
  Solver(const Game& game, SearchLimits limits, int threads = 1);
  ~Solver();
  Solver(Solver&&) noexcept;

  // The value of `state` for its mover and, when won or drawn, a move that keeps it
  // (with N threads: the first child found to win, or the first drawing one).
  PositionResult solve(const State& state);
  // The value of `state` for `seat` (one thread: one or two df-pn searches).
  Value value_for(const State& state, int seat);
  // Every first move from `root` (the start position), one per symmetry class, in the
  // order of root.legal_actions() whatever the number of threads.
  std::vector<OpeningResult> solve_openings(const State& root);

  // The first search: with one thread the only one (its table holds every result, which
  // --book reads); with more it saw only part of the work.
  Dfpn& search() { return *searches_[0]; }
  SolverStats stats() const;
  int threads() const { return static_cast<int>(searches_.size()); }
  const Game& game() const { return game_; }

 private:
  struct Shared;
  // The root's children (or openings) grouped by symmetry class, as solve_openings lists them.
  struct Branch {
    std::vector<Action> moves;      // canonical first
    std::unique_ptr<State> state;   // after moves[0]
  };
  std::vector<Branch> branches(const State& state);
  // Runs task(search, i) for i in [0, tasks): in order on this thread with one search, else
  // on one thread per search taking the next i, until done or cancel() is called.
  void run(size_t tasks, const std::function<void(Dfpn&, size_t)>& task);
  void cancel();
  // The mover's value of `state` from its children solved in parallel; *best a move keeping it.
  Value split(const State& state, Action* best);

  const Game& game_;
  std::unique_ptr<Shared> shared_;
  std::vector<std::unique_ptr<Dfpn>> searches_;
};

}  // namespace ludus::ai::solver
