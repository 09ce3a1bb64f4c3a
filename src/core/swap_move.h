// SPDX-License-Identifier: Apache-2.0
#pragma once
// The pie rule's swap, recognised the same way by every engine component: by its reserved
// word (RULES.md), so no game has to expose the swap's action number.
#include "core/game.h"
#include "core/notation.h"

namespace ludus {

// Whether `action` is the swap in `state` (false when the game has no pie rule).  Not for
// hot paths: it names the action.
inline bool is_swap_move(const State& state, Action action) {
  return move_word(state.action_to_text(action)) == MoveWord::Swap;
}

}  // namespace ludus
