// SPDX-License-Identifier: Apache-2.0
#pragma once
// Keys of positions for exact search: one 64-bit hash of everything that decides the rest
// of a game (the stones, the colour and seat to move, State::exact_key_parts), the same for
// every position that a symmetry of the board (Game::board_symmetries) maps onto it.
//
// Two different positions with one key would be confused, a chance of about n^2 * 2^-65
// among n positions; the keys come from a fixed seed, so stored results (the opening book)
// keep their meaning across runs.
#include <cstdint>
#include <vector>

#include "core/game.h"

namespace ludus::ai::solver {

class ExactKeyer {
 public:
  // Throws LudusError when the game cannot be solved exactly (no board geometry, or its
  // states do not declare exact_key_parts).
  explicit ExactKeyer(const Game& game);

  // The canonical key of `state`: the smallest over the symmetries, or the identity's
  // when the state's history matters (ExactKeyParts::history != 0).
  uint64_t key(const State& state) const;
  // The smallest key over every symmetry even when the history matters: the same for two
  // states that a symmetry maps onto each other together with their histories, as it maps
  // the first moves from the start position (whose history holds only the empty board).
  uint64_t symmetric_key(const State& state) const;
  // The key of this very position (no symmetric image): two positions with one such key
  // have the same stones where they are, the same movers and rule state.
  uint64_t unmirrored_key(const State& state) const;
  int num_symmetries() const { return static_cast<int>(symmetries_.size()); }

 private:
  uint64_t key_over(const State& state, bool every_symmetry, bool identity_only = false) const;

  int sites_;
  std::vector<uint64_t> stone_keys_;  // [2 * site + colour]
  std::vector<std::vector<int>> symmetries_;
  mutable std::vector<int> colours_;  // scratch: the stones of the state being keyed (one thread)
};

}  // namespace ludus::ai::solver
