#pragma once
// Factory of the bitboard position (its class is private to ndengrod_fast_state.cpp).
#include <memory>

#include "games/ndengrod/ndengrod_state.h"

namespace ludus {

// An empty board of `game`, with bitboards of game.bitboard_words() words.
std::unique_ptr<NdengrodState> make_ndengrod_state(const NdengrodGame& game);

}  // namespace ludus
