#include "ai/game_profiles.h"

namespace ludus::ai {

MctsConfig with_game_profile(const MctsConfig& config, const SearchProfile& profile) {
  MctsConfig out = config;
  if (!config.rave_chosen) out.rave = profile.rave;
  if (!config.exploration_chosen) out.exploration = profile.exploration;
  if (!config.playout_chosen) out.guided_playouts = profile.guided_playouts;
  return out;
}

}  // namespace ludus::ai
