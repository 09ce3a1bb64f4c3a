// SPDX-License-Identifier: Apache-2.0
#pragma once
// The swap decision by value.  Under a pie rule that only exchanges the seats (the stones
// and the colour to move stay: PieRule::exchanges_seats_only), taking the swap is worth to
// the mover exactly 1 - v, where v is what declining is worth: the value of the best move
// that declines.  A search rarely learns the swap's own value: it is one child among
// hundreds (1577 in Trellis), it fills no site, so RAVE knows nothing of it, and a greedy
// tree seldom comes back to it after one poor playout.  The declining moves are what the
// search looks at anyway, so their value is the better-founded one; where the search did
// look at the swap, its own playouts count as well (swap_value).
#include <cstddef>
#include <vector>

#include "ai/mcts_search.h"
#include "core/game.h"

namespace ludus::ai {

// What a root move is worth to `seat`: its proof if it has one (draw ½), else its mean.
double root_move_value(const RootMove& move, int seat);

// The index in `moves` of best_root_move among the moves other than `swap`.
// Precondition: `moves` holds at least one move other than `swap`.
size_t best_declining_move(const std::vector<RootMove>& moves, int seat, Action swap);

// What swapping is worth to `seat`, from the swap's root move and the best declining one:
// a proof of either decides (1 - v for the declining move's); else the two samples pooled,
// each playout of the declining move counted as one of the swap with the result turned
// over.  When the search barely visited the swap, this is 1 - v; when it preferred the
// swap, the declining moves' few visits do not overrule it.
double swap_value(const RootMove& swap, const RootMove& declining, int seat);

// The index in `moves` of the move to play at a swap decision, where `swap` is one of the
// legal moves: a proven win is played as best_root_move would; otherwise `swap` exactly
// when swap_value with the best declining move (best_root_move among the others) is more
// than ½, else that declining move.
// Precondition: `moves` holds at least one move other than `swap`.
size_t choose_by_pie_value(const std::vector<RootMove>& moves, int seat, Action swap);

}  // namespace ludus::ai
