#pragma once
// Exact values of positions on top of df-pn (dfpn.h): win, loss or draw for a seat, the
// winning move, and the table of every first move of a board with the pie rule's answer.
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

class Solver {
 public:
  Solver(const Game& game, SearchLimits limits) : game_(game), dfpn_(game, std::move(limits)) {}

  PositionResult solve(const State& state);
  // The value of `state` for `seat` (one or two df-pn searches).
  Value value_for(const State& state, int seat);
  // Every first move from `root` (the start position), one per symmetry class.
  std::vector<OpeningResult> solve_openings(const State& root);

  Dfpn& search() { return dfpn_; }
  const Game& game() const { return game_; }

 private:
  const Game& game_;
  Dfpn dfpn_;
};

}  // namespace ludus::ai::solver
