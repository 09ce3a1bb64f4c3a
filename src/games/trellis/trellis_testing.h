// SPDX-License-Identifier: Apache-2.0
#pragma once
// Test-only access to the Trellis playout (built into ludus_testing_trellis, never into
// the shipped binary).
#include "games/trellis/trellis_state.h"

namespace ludus::trellis {

struct TrellisTesting {
  // The random playout of `state`, stopped after `max_plies` plies (turns and swap) when
  // that is not negative; returns its winner().  Checks single random moves.
  static int play_random_plies(TrellisState& state, Rng& rng, int max_plies);
  // The same with the guided playout (bridges saved).
  static int play_guided_plies(TrellisState& state, Rng& rng, int max_plies);
};

}  // namespace ludus::trellis
