// SPDX-License-Identifier: Apache-2.0
#include "games/netted/netted_testing.h"

#include <memory>
#include <stdexcept>

#include "games/netted/netted_engine.h"

namespace ludus::netted {

template <int W>
std::string NettedTesting::self_check(const NettedEngineState<W>& state) {
  auto fresh = std::make_unique<NettedEngineState<W>>(state.engine());
  for (int s = 0; s < state.engine().num_sites(); ++s)
    if (state.owner(s) >= 0) fresh->place(s, state.owner(s));
  fresh->set_to_move(state.to_move_);
  fresh->evaluate_from_scratch();
  for (int colour = 0; colour < 2; ++colour) {
    if (!(state.gaps_[colour] == fresh->gaps_[colour])) return "gaps differ";
    for (int s = 0; s < state.engine().num_sites(); ++s)
      if (!(state.open_[colour][s] == fresh->open_[colour][s])) return "open steps differ";
    const std::string difference = state.regions_[colour].difference(fresh->regions_[colour]);
    if (!difference.empty()) return state.game().colour_name(colour) + " regions: " + difference;
  }
  if (state.winner_ != fresh->winner_) return "winner differs";
  if (state.netted_stones_ != fresh->netted_stones_ || state.netted_edges_ != fresh->netted_edges_) return "netted group differs";
  if (!(state.legal_ == fresh->legal_)) return "legal placements differ";
  if (state.winner_ < 0 && !(state.legal_ == state.legal_by_sums())) return "legal placements differ from the summed regions";
  return {};
}

template <int W>
NettedTesting::GuidedSets NettedTesting::guided_sets(const NettedEngineState<W>& state) {
  GuidedSets sets;
  state.netting_placements().for_each([&](int s) { sets.netting.push_back(s); });
  state.self_weakening_placements().for_each([&](int s) { sets.self_weakening.push_back(s); });
  return sets;
}

// The engine is templated on the bitboard width; netted_game.cpp creates widths 1 to 5.
template <typename F>
auto NettedTesting::with_engine(const NettedState& state, F&& f) {
  if (auto* s = dynamic_cast<const NettedEngineState<1>*>(&state)) return f(*s);
  if (auto* s = dynamic_cast<const NettedEngineState<2>*>(&state)) return f(*s);
  if (auto* s = dynamic_cast<const NettedEngineState<3>*>(&state)) return f(*s);
  if (auto* s = dynamic_cast<const NettedEngineState<4>*>(&state)) return f(*s);
  if (auto* s = dynamic_cast<const NettedEngineState<5>*>(&state)) return f(*s);
  throw std::logic_error("netted: not a state of the fast engine");
}

std::string NettedTesting::self_check(const NettedState& state) {
  return with_engine(state, [](const auto& s) { return self_check(s); });
}

NettedTesting::GuidedSets NettedTesting::guided_sets(const NettedState& state) {
  return with_engine(state, [](const auto& s) { return guided_sets(s); });
}

}  // namespace ludus::netted
