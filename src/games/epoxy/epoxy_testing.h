// SPDX-License-Identifier: Apache-2.0
#pragma once
// Test-only access to Epoxy positions (built into ludus_testing_epoxy, never into the
// shipped binary).
#include <span>

#include "games/epoxy/epoxy_state.h"

namespace ludus::epoxy {

struct EpoxyTesting {
  // Replaces the position of `state` (stones by site, kEmpty elsewhere); the opening turn
  // counts as played, and the earlier situations are forgotten.
  static void set_position(EpoxyState& state, std::span<const int> cells, int to_move, bool second_action);
};

}  // namespace ludus::epoxy
