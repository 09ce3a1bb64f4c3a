#include "games/trellis/trellis_testing.h"

namespace ludus::trellis {

int TrellisTesting::play_random_plies(TrellisState& state, Rng& rng, int max_plies) {
  return state.play_random_plies(rng, max_plies);
}

}  // namespace ludus::trellis
