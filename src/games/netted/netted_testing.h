#pragma once
// Test-only cross-check of the fast Netted engine (built into ludus_testing_netted, never
// into the shipped binary).
#include <string>

#include "games/netted/netted_state.h"

namespace ludus::netted {

template <int W>
class NettedEngineState;

struct NettedTesting {
  // Empty when the incrementally kept regions, legal placements and result of `state` equal
  // a recomputation from the stones alone, else the first difference.
  static std::string self_check(const NettedState& state);

 private:
  template <int W>
  static std::string self_check(const NettedEngineState<W>& state);
};

}  // namespace ludus::netted
