// SPDX-License-Identifier: Apache-2.0
#pragma once
// Factory of the bitboard position (its class template, ndengrod_fast_state_impl.h, is
// included only by ndengrod_fast_state.cpp and the test support).
#include <array>
#include <memory>
#include <vector>

#include "games/ndengrod/ndengrod_state.h"

namespace ludus::ndengrod {

// An empty board of `game`, with bitboards of game.bitboard_words() words.
std::unique_ptr<NdengrodState> make_ndengrod_state(const NdengrodGame& game);

// What a guided playout did, when the tests trace one (NdengrodTesting): every move, and
// before each move the cells where each colour would complete a line by the playout's
// incremental account.
struct NdengrodGuidedTrace {
  std::vector<Action> moves;
  std::vector<std::array<std::vector<int>, 2>> threats;  // threats[i]: before moves[i]
};

struct NdengrodTesting;

}  // namespace ludus::ndengrod
