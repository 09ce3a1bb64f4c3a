#include "ai/solver/solver.h"

#include <map>

namespace ludus::ai::solver {
namespace {

// Larger is better for the seat it belongs to.
int rank(Value v) {
  switch (v) {
    case Value::kWin: return 3;
    case Value::kDraw: return 2;
    case Value::kUnknown: return 1;
    case Value::kLoss: return 0;
  }
  return 1;
}

}  // namespace

std::string value_name(Value value) {
  switch (value) {
    case Value::kWin: return "win";
    case Value::kLoss: return "loss";
    case Value::kDraw: return "draw";
    case Value::kUnknown: return "unknown";
  }
  return "unknown";
}

Value opposite(Value value) {
  if (value == Value::kWin) return Value::kLoss;
  if (value == Value::kLoss) return Value::kWin;
  return value;
}

Value OpeningResult::first_with_pie() const {
  if (!swap_offered) return first_without_pie();
  if (second_by_swap == Value::kWin || second_without_swap == Value::kWin) return Value::kLoss;
  if (second_by_swap == Value::kUnknown || second_without_swap == Value::kUnknown) return Value::kUnknown;
  return rank(second_by_swap) > rank(second_without_swap) ? opposite(second_by_swap) : opposite(second_without_swap);
}

Value Solver::value_for(const State& state, int seat) {
  if (dfpn_.solved_for(state, seat, seat)) return Value::kWin;
  if (dfpn_.stopped()) return Value::kUnknown;
  if (!game_.info().may_draw) return Value::kLoss;
  if (dfpn_.solved_for(state, 1 - seat, 1 - seat)) return Value::kLoss;
  return dfpn_.stopped() ? Value::kUnknown : Value::kDraw;
}

PositionResult Solver::solve(const State& state) {
  PositionResult result;
  if (state.is_terminal()) {
    const int w = state.winning_seat();
    result.value = w == kDraw ? Value::kDraw : w == state.seat_to_move() ? Value::kWin : Value::kLoss;
    return result;
  }
  const int mover = state.seat_to_move();
  result.value = value_for(state, mover);
  if (result.value != Value::kWin && result.value != Value::kDraw) return result;
  // The move that keeps the value: its position is won (or not lost) for the mover.
  for (Action a : state.legal_actions()) {
    auto child = state.clone();
    child->apply(a);
    const bool keeps = result.value == Value::kWin ? dfpn_.solved_for(*child, mover, mover)
                                                   : dfpn_.solved_for(*child, 1 - mover, mover);
    if (keeps) {
      result.best = a;
      break;
    }
  }
  return result;
}

std::vector<OpeningResult> Solver::solve_openings(const State& root) {
  std::vector<OpeningResult> openings;
  std::map<uint64_t, size_t> class_of_key;
  const int first = root.seat_to_move();
  for (Action a : root.legal_actions()) {
    auto opening = root.clone();
    opening->apply(a);
    if (!opening->is_terminal()) {
      const uint64_t key = dfpn_.keyer().key(*opening);
      auto [it, fresh] = class_of_key.emplace(key, openings.size());
      if (!fresh) {
        openings[it->second].moves.push_back(a);
        continue;
      }
    }
    OpeningResult r;
    r.moves.push_back(a);
    const uint64_t nodes_before = dfpn_.nodes();
    const double seconds_before = dfpn_.seconds();
    if (opening->is_terminal()) {
      const int w = opening->winning_seat();
      r.second_without_swap = w == kDraw ? Value::kDraw : w == first ? Value::kLoss : Value::kWin;
    } else {
      const int second = opening->seat_to_move();
      Value best = Value::kLoss;
      bool unknown = false;
      for (Action reply : opening->legal_actions()) {
        auto next = opening->clone();
        next->apply(reply);
        if (opening->action_to_text(reply) == "swap") {
          r.swap_offered = true;
          r.second_by_swap = value_for(*next, second);
          continue;
        }
        if (best == Value::kWin) continue;  // the swap is still looked at
        const Value v = value_for(*next, second);
        if (v == Value::kUnknown) unknown = true;
        else if (rank(v) > rank(best)) best = v;
      }
      if (best != Value::kWin && unknown) best = Value::kUnknown;
      r.second_without_swap = best;
    }
    r.nodes = dfpn_.nodes() - nodes_before;
    r.seconds = dfpn_.seconds() - seconds_before;
    openings.push_back(std::move(r));
  }
  return openings;
}

}  // namespace ludus::ai::solver
