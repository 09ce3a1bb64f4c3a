#pragma once
// The game's measured search settings (GameInfo::search, each game records the matches
// behind them) applied to what a spec left open.  Settings a spec gives explicitly win.
#include "ai/mcts_config.h"
#include "core/game.h"

namespace ludus::ai {

MctsConfig with_game_profile(const MctsConfig& config, const SearchProfile& profile);

}  // namespace ludus::ai
