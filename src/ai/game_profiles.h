#pragma once
// Per-game search settings that were measured to play better than the generic defaults
// (see the table in game_profiles.cpp).  Settings a spec gives explicitly always win.
#include <string>

#include "ai/mcts_config.h"

namespace ludus::ai {

// `config` with the profile of the game named `game` applied to what the spec left open.
MctsConfig with_game_profile(const MctsConfig& config, const std::string& game);

}  // namespace ludus::ai
