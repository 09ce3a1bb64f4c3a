// SPDX-License-Identifier: Apache-2.0
#pragma once
// Test-only hooks into the fast Ndengrod position (built into ludus_testing_ndengrod,
// never into the shipped binary).
#include <vector>

#include "games/ndengrod/ndengrod_fast_state.h"
#include "games/ndengrod/ndengrod_state.h"

namespace ludus::ndengrod {

namespace fast {
template <int kWords>
class NdengrodFastState;
}

struct NdengrodTesting {
  using GuidedTrace = NdengrodGuidedTrace;

  // Replaces the position: one entry per site, kEmpty or a colour; `plies` counts as moves
  // already played (swap is legal only when it is 1).  The game's earlier positions are
  // forgotten: superko starts from this one.
  static void set_position(NdengrodState& state, const std::vector<int>& stones, int to_move, int plies = 2);
  // guided_playout (take a win in one, else block the opponent's, else random but no
  // needless self-atari), or with `first_generation` first_generation_guided_playout (the
  // same without the self-atari rule), recording what it did in `trace` (allocates).
  static int guided_playout_traced(NdengrodState& state, Rng& rng, GuidedTrace& trace, bool first_generation = false);

 private:
  template <int kWords>
  static void set_position(fast::NdengrodFastState<kWords>& state, const std::vector<int>& stones,
                           int to_move, int plies);
};

}  // namespace ludus::ndengrod
