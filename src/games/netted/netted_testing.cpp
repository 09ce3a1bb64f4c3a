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

// The engine is templated on the bitboard width; netted_game.cpp creates widths 1 to 5.
std::string NettedTesting::self_check(const NettedState& state) {
  if (auto* s = dynamic_cast<const NettedEngineState<1>*>(&state)) return self_check(*s);
  if (auto* s = dynamic_cast<const NettedEngineState<2>*>(&state)) return self_check(*s);
  if (auto* s = dynamic_cast<const NettedEngineState<3>*>(&state)) return self_check(*s);
  if (auto* s = dynamic_cast<const NettedEngineState<4>*>(&state)) return self_check(*s);
  if (auto* s = dynamic_cast<const NettedEngineState<5>*>(&state)) return self_check(*s);
  throw std::logic_error("netted: not a state of the fast engine");
}

}  // namespace ludus::netted
