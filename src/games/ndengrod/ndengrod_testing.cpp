// SPDX-License-Identifier: Apache-2.0
#include "games/ndengrod/ndengrod_testing.h"

#include <stdexcept>

#include "games/ndengrod/ndengrod_fast_state_impl.h"

namespace ludus::ndengrod {
namespace {

// Calls f(fast) with the state's NdengrodFastState of the width make_ndengrod_state chose.
template <typename F>
decltype(auto) with_fast_state(NdengrodState& state, F&& f) {
  using fast::NdengrodFastState;
  if (auto* s = dynamic_cast<NdengrodFastState<1>*>(&state)) return f(*s);
  if (auto* s = dynamic_cast<NdengrodFastState<2>*>(&state)) return f(*s);
  if (auto* s = dynamic_cast<NdengrodFastState<4>*>(&state)) return f(*s);
  if (auto* s = dynamic_cast<NdengrodFastState<8>*>(&state)) return f(*s);
  throw std::logic_error("ndengrod: not a state of the fast engine");
}

}  // namespace

template <int kWords>
void NdengrodTesting::set_position(fast::NdengrodFastState<kWords>& state, const std::vector<int>& stones,
                                 int to_move, int plies) {
  state.stones_[0].clear();
  state.stones_[1].clear();
  for (auto& axis_lines : state.lines_) for (auto& lines : axis_lines) lines.fill(0);
  state.empty_ = state.game_->template masks<kWords>().all_sites;
  state.stones_hash_ = 0;
  for (int site = 0; site < state.game_->num_sites(); ++site) {
    if (stones[site] == NdengrodState::kEmpty) continue;
    state.stones_[stones[site]].set(site);
    state.empty_.reset(site);
    state.mark_lines(site, stones[site]);
    state.stones_hash_ ^= state.stone_key(site, stones[site]);
  }
  state.captures_ = 0;
  state.reset_bookkeeping(to_move, plies);
  state.vacated_[0].clear();
  state.vacated_[1].clear();
  state.positions_.clear();
  state.positions_.record(state.position_key());
}


void NdengrodTesting::set_position(NdengrodState& state, const std::vector<int>& stones, int to_move, int plies) {
  with_fast_state(state, [&](auto& fast) { set_position(fast, stones, to_move, plies); });
}

int NdengrodTesting::guided_playout_traced(NdengrodState& state, Rng& rng, GuidedTrace& trace, bool first_generation) {
  return with_fast_state(state, [&](auto& fast) {
    return first_generation ? fast.template playout<true, false>(rng, &trace) : fast.template playout<true>(rng, &trace);
  });
}

}  // namespace ludus::ndengrod
