// SPDX-License-Identifier: Apache-2.0
#pragma once
// Two small games for the AI tests, independent of the real games' progress:
//  * tic-tac-toe (draws; fully solvable), cells a1..c3;
//  * Hex on an n×n rhombus (Black joins rows 1 and n, White columns a and n), with an
//    optional Ndengrod-style seat swap as move 2 (the seats exchange colours, stones stay,
//    the first player, now White, moves next) or an optional 1-2 turn protocol (after
//    Black's first stone every turn is two stones by the same seat, as in Epoxy).
// Neither is registered, so they never appear in `ludus games`.
#include <memory>

#include "core/game.h"

namespace ludus::ai::testing {

std::shared_ptr<const Game> make_tictactoe();

struct HexOptions {
  int size = 3;
  bool swap = false;
  bool double_turns = false;
};
std::shared_ptr<const Game> make_hex(const HexOptions& options);

}  // namespace ludus::ai::testing
