// SPDX-License-Identifier: Apache-2.0
#pragma once
// An optional side of a Game with the pie rule: first moves measured to be worth about
// half the game to whoever ends up holding them.  Under the pie rule the first stone is
// taken over whenever it is worth more than half, so the first player's best stone is one
// worth about half; a short search, which spreads its visits over every first move and
// every reply, instead picks a strong stone and sees it swapped.  A Game offers the table
// by also deriving from PieOpenings and returning itself from Game::pie_openings().
#include <vector>

#include "core/game.h"

namespace ludus {

class PieOpenings {
 public:
  virtual ~PieOpenings() = default;
  // The first moves worth about half on this board with these options; empty where none
  // were measured.
  virtual std::vector<Action> balanced_first_moves() const = 0;
};

}  // namespace ludus
