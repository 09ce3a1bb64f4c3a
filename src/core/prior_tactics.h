// SPDX-License-Identifier: Apache-2.0
#pragma once
// An optional side of a State: the game's own tactical reading of a move, for the learned
// move priors (src/ai/priors, feature group "tactics").  The generic features see the
// board around a move; what a move does by the game's rules (a capture, a gain of
// territory, a slide rather than a placement) only the game can say.  A State offers it
// by also deriving from PriorTactics and returning itself from State::prior_tactics();
// the default there, nullptr, leaves games without it untouched.
#include "core/game.h"

namespace ludus {

// Categories a game may use, the same for every game so that weights files keep one shape.
inline constexpr int kPriorTacticValues = 32;

class PriorTactics {
 public:
  virtual ~PriorTactics() = default;
  // The category of `action`, legal in this position: 0 ("nothing to say") to
  // kPriorTacticValues - 1.  May cost a copy of the position; called where the search
  // assigns priors, not in playouts.
  virtual int prior_tactic(Action action) const = 0;
};

}  // namespace ludus
