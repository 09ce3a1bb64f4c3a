// SPDX-License-Identifier: Apache-2.0
#pragma once
// Text specs for computer players, shared by every front end:
//   random[:seed=N]
//   beginner | easy | medium | hard | max  [:KEY=VALUE,...]   strength levels (table in spec_parser.cpp)
//   mcts[:KEY=VALUE,...]                           raw settings
// Keys: iters=N  time=DURATION  total=DURATION  threads=N (0 = all cores)  c=X
//       rave=on|off|board|traced  solver=on|off  book=on|off (the opening book of proven
//       positions)  seed=N  par=tree|root  nodes=N (tree size cap)
//       expand=N (visits before a leaf grows children)  bias=X (RAVE bias, smaller trusts AMAF longer)
//       playout=guided|random (guided: the game's knowledge in playouts, where it has any)
//       priors=on|off|FILE (learned move priors: the compiled-in weights, none, or a file
//       from `ludus train`)  pw=X (their progressive-bias weight)
//       im=W (weight of the game's static evaluation, implicit minimax)  imd=D (its decay:
//       w * D / (D + visits); 0 constant)
//       slip=P (probability per turn of uniformly random moves, ai/slipping_player.h)
//       profile=v1|v2|latest (v1: every setting left open as the AI of 2026-11-24 had it,
//       v2: as that of 2026-11-27, both frozen for comparisons; latest, the default: the
//       current best; see game_profiles.h)
// DURATION: a number with ms, s or m (bare numbers are seconds): 500ms, 2s, 1.5m.
#include <string>

#include "ai/mcts_config.h"
#include "ai/player.h"

namespace ludus::ai {

struct PlayerSpec {
  bool random = false;  // uniformly random player (only `seed` applies)
  MctsConfig mcts;
};

// Throws LudusError("bad AI spec 'SPEC': REASON") for anything it does not understand.
PlayerSpec parse_player_spec(const std::string& spec, const PlayerConfig& config);

// Whether `spec` (lowercase, trimmed) is exactly "random" or a strength level's name,
// with no overrides.
bool is_plain_level(const std::string& spec);
// Those names: "random", then the levels from the weakest ("beginner" ... "max").
std::vector<std::string> plain_level_names();

// Seconds in a duration text ("500ms", "2s", "1.5m", "3"); throws LudusError naming it.
double parse_duration(const std::string& text);

}  // namespace ludus::ai
