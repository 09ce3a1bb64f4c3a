// SPDX-License-Identifier: Apache-2.0
#include "ai/pie_choice.h"

namespace ludus::ai {

double root_move_value(const RootMove& move, int seat) {
  return move.proof == kUnproven ? move.mean() : reward2(proof_winner(move.proof), seat) / 2.0;
}

size_t best_declining_move(const std::vector<RootMove>& moves, int seat, Action swap) {
  return best_root_move(moves, seat, swap);
}

double swap_value(const RootMove& swap, const RootMove& declining, int seat) {
  if (swap.proof != kUnproven) return root_move_value(swap, seat);
  if (declining.proof != kUnproven) return 1 - root_move_value(declining, seat);
  const int64_t visits = swap.visits + declining.visits;
  if (visits == 0) return 0.5;
  // Both samples, pooled: the swap's own playouts, and the declining move's read from the other seat.
  return (swap.score2 + 2 * declining.visits - declining.score2) / (2.0 * static_cast<double>(visits));
}

size_t choose_by_pie_value(const std::vector<RootMove>& moves, int seat, Action swap) {
  const size_t best = best_root_move(moves, seat);
  if (moves[best].proof != kUnproven && proof_winner(moves[best].proof) == seat) return best;
  const size_t keep = best_declining_move(moves, seat, swap);
  for (size_t i = 0; i < moves.size(); ++i)
    if (moves[i].action == swap) return swap_value(moves[i], moves[keep], seat) > 0.5 ? i : keep;
  return keep;
}

}  // namespace ludus::ai
