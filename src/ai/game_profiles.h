#pragma once
// The search settings a spec leaves open, filled in per game and per generation:
//   * kLatest: the game's measured profile (GameInfo::search; each game records the
//     matches behind it);
//   * kV1: the settings of 2026-11-24, frozen (v1_config, v1_game_profile), so that
//     `mcts:profile=v1` plays as the AI did then whatever the defaults become.
// Settings a spec gives explicitly win over both.
#include <string_view>

#include "ai/mcts_config.h"
#include "core/game.h"

namespace ludus::ai {

// `config` with what its spec left open taken from `profile`.
MctsConfig with_game_profile(const MctsConfig& config, const SearchProfile& profile);
// The same for `game` under config.generation.
MctsConfig with_game_profile(const MctsConfig& config, const GameInfo& game);

// Every tunable search knob at its v1 value; budgets, threads and seed are kept from `config`.
MctsConfig v1_config(const MctsConfig& config);
// The per-game settings of v1 (the game's own profile for a game v1 did not know).
SearchProfile v1_game_profile(const GameInfo& game);

}  // namespace ludus::ai
