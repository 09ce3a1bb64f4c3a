// SPDX-License-Identifier: Apache-2.0
// The bitboard widths of the fast Ndengrod position (ndengrod_fast_state_impl.h).
#include "games/ndengrod/ndengrod_fast_state.h"

#include "games/ndengrod/ndengrod_fast_state_impl.h"

namespace ludus::ndengrod {

std::unique_ptr<NdengrodState> make_ndengrod_state(const NdengrodGame& game) {
  switch (game.bitboard_words()) {
    case 1: return std::make_unique<fast::NdengrodFastState<1>>(game);
    case 2: return std::make_unique<fast::NdengrodFastState<2>>(game);
    case 4: return std::make_unique<fast::NdengrodFastState<4>>(game);
    default: return std::make_unique<fast::NdengrodFastState<8>>(game);
  }
}

}  // namespace ludus::ndengrod
