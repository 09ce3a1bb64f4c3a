// SPDX-License-Identifier: Apache-2.0
#include "games/trellis/trellis_testing.h"

namespace ludus::trellis {

int TrellisTesting::play_random_plies(TrellisState& state, Rng& rng, int max_plies) {
  return state.play_plies<false>(rng, max_plies);
}

int TrellisTesting::play_guided_plies(TrellisState& state, Rng& rng, int max_plies) {
  return state.play_plies<true>(rng, max_plies);
}

}  // namespace ludus::trellis
