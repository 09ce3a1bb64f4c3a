// SPDX-License-Identifier: Apache-2.0
#include "ai/board_amaf.h"

#include "core/geometry.h"

namespace ludus::ai {

ActionSites::ActionSites(const Game& game)
    : num_sites_(game.board_geometry() ? game.board_geometry()->num_sites() : 0),
      entries_(new std::atomic<uint32_t>[static_cast<size_t>(game.num_distinct_actions())]) {
  const uint32_t unknown = static_cast<uint32_t>(num_sites_) * 0x10001u;
  for (int a = 0; a < game.num_distinct_actions(); ++a) entries_[static_cast<size_t>(a)].store(unknown);
}

bool ActionSites::game_shows_stones(const State& state) {
  const Geometry* geometry = state.game().board_geometry();
  if (!geometry) return false;
  auto s = state.clone();
  std::vector<Action> actions;
  for (int ply = 0; ply < 8; ++ply) {
    for (int site = 0; site < geometry->num_sites(); ++site)
      if (s->site_colour(site) >= 0) return true;
    if (s->is_terminal()) break;
    s->legal_actions(actions);
    s->apply(actions[actions.size() / 2]);
  }
  return false;
}

void ActionSites::learn(const State& state, Action action) {
  const int colour = state.to_move();
  auto after = state.clone();
  after->apply(action);
  int sites[2] = {-1, -1}, count = 0;
  for (int site = 0; site < num_sites_; ++site) {
    if (state.site_colour(site) < 0 && after->site_colour(site) == colour) {
      if (count < 2) sites[count] = site;
      ++count;
    }
  }
  if (count == 0 || count > 2) sites[0] = sites[1] = num_sites_;
  else if (count == 1) sites[1] = sites[0];
  const uint32_t packed = static_cast<uint32_t>(sites[0]) | static_cast<uint32_t>(sites[1]) << 16 | kKnown;
  entries_[static_cast<size_t>(action)].store(packed, std::memory_order_relaxed);
}

}  // namespace ludus::ai
