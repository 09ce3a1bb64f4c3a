// SPDX-License-Identifier: Apache-2.0
#pragma once
// Test-only cross-check of the fast Netted engine (built into ludus_testing_netted, never
// into the shipped binary).
#include <string>
#include <vector>

#include "games/netted/netted_state.h"

namespace ludus::netted {

template <int W>
class NettedEngineState;

struct NettedTesting {
  // Empty when the incrementally kept regions, legal placements and result of `state` equal
  // a recomputation from the stones alone, else the first difference.
  static std::string self_check(const NettedState& state);

  // The two sets the guided playout steers by, for the colour to move, in site order.
  struct GuidedSets {
    std::vector<int> netting;         // NettedEngineState::netting_placements
    std::vector<int> self_weakening;  // NettedEngineState::self_weakening_placements
  };
  static GuidedSets guided_sets(const NettedState& state);

 private:
  template <int W>
  static std::string self_check(const NettedEngineState<W>& state);
  template <int W>
  static GuidedSets guided_sets(const NettedEngineState<W>& state);
  // Calls f with `state` as the fast engine's state of its width.
  template <typename F>
  static auto with_engine(const NettedState& state, F&& f);
};

}  // namespace ludus::netted
