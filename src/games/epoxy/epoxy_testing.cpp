// SPDX-License-Identifier: Apache-2.0
#include "games/epoxy/epoxy_testing.h"

#include "core/error.h"

namespace ludus::epoxy {

void EpoxyTesting::set_position(EpoxyState& state, std::span<const int> cells, int to_move, bool second_action) {
  const int n = state.game_->num_sites();
  if (static_cast<int>(cells.size()) != n) throw LudusError("set_position: wrong number of cells");
  for (int s = 0; s < n; ++s)
    if (state.cell_[s] != kEmpty) state.lift_stone(s);
  for (int s = 0; s < n; ++s)
    if (cells[s] != kEmpty) state.put_stone(s, cells[s]);
  state.to_move_ = to_move;
  state.second_action_ = second_action;
  state.opening_turn_ = false;
  state.winner_ = -1;
  state.situations_.clear();
  state.situations_.record(state.situation_key());
  state.slides_since_placement_ = 0;
}

}  // namespace ludus::epoxy
