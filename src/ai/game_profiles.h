// SPDX-License-Identifier: Apache-2.0
#pragma once
// The search settings a spec leaves open, filled in per game and per generation:
//   * kLatest: the game's measured profile (latest_game_profile; game_profiles.cpp records
//     the matches behind each setting);
//   * kV1: the settings of 2026-11-24, frozen (v1_config, v1_game_profile), so that
//     `mcts:profile=v1` plays as the AI did then whatever the defaults become;
//   * kV2: those of 2026-11-27, before issue 48 (v2_config, v2_game_profile), the same way
//     for `mcts:profile=v2`.
// Settings a spec gives explicitly win over both.  The games themselves know nothing of
// these: how to search a game is the AI's business (core's GameInfo holds the rules only).
#include <string_view>

#include "ai/mcts_config.h"
#include "core/game.h"

namespace ludus::ai {

// The search settings measured to play a game best at equal time (the MCTS player uses
// them where its spec leaves them open; the measurements are recorded beside each game's values in game_profiles.cpp).
struct SearchProfile {
  bool rave = true;              // AMAF statistics blended into the tree
  double exploration = 0.4;      // UCT constant
  // RAVE's bias b in beta = m / (m + n + b*m*n): the smaller, the longer AMAF counts.
  double rave_bias = 0.002;
  bool guided_playouts = false;  // State::guided_playout instead of uniform playouts
  // Learned move priors (ai/priors, data/priors/GAME.txt) in the tree, where measured to pay.
  bool priors = false;
  // Whether a move's local pattern may be turned by every symmetry of the board's
  // directions when learning priors; false keeps each axis (players aim at different sides).
  bool patterns_turn_freely = true;
  // Weight of the State's StaticEvaluation backed up by minimax through the tree
  // (implicit minimax backups; 0: none), where measured to pay.
  double minimax_weight = 0;
  // Its decay with a move's visits (MctsConfig::minimax_decay; 0: constant).
  double minimax_decay = 0;
  // Progressive-bias weight of the learned priors (MctsConfig::prior_weight).
  double prior_weight = 3.0;
  // Visits before a node's mover reads wins by threats (MctsConfig::threat_visits).
  int threat_visits = 16;
  // The evaluation's weight of the side to move's own measure (MctsConfig::tempo).
  double tempo = 1.0;
};

// The current profile of `game` (by its registry name); the defaults above for a game
// without a measured one.
SearchProfile latest_game_profile(const GameInfo& game);
// The profile of `game` under `generation`.
SearchProfile game_profile(const GameInfo& game, SearchGeneration generation);

// `config` with what its spec left open taken from `profile`.
MctsConfig with_game_profile(const MctsConfig& config, const SearchProfile& profile);
// The same for `game` under config.generation.
MctsConfig with_game_profile(const MctsConfig& config, const GameInfo& game);

// Every tunable search knob at its v1 value; budgets, threads and seed are kept from `config`.
MctsConfig v1_config(const MctsConfig& config);
// The per-game settings of v1 (the game's own profile for a game v1 did not know).
SearchProfile v1_game_profile(const GameInfo& game);
// The same for v2: every knob at its value of 2026-11-27, and each game's profile then.
MctsConfig v2_config(const MctsConfig& config);
SearchProfile v2_game_profile(const GameInfo& game);

}  // namespace ludus::ai
