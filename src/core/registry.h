// SPDX-License-Identifier: Apache-2.0
#pragma once
// The list of games.  Each game registers itself from its own translation unit
// (games are linked as object libraries so the registration is never dropped).
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace ludus {

struct GameEntry {
  const GameInfo* info;
  std::function<std::shared_ptr<const Game>(const Options&)> create;
};

// Call from a static initialiser: `static const bool kRegistered = register_game(...)`.
bool register_game(GameEntry entry);

// Registered games sorted by name.
std::vector<GameEntry> registered_games();

// "epoxy, n-mesh, ...": the registered names, for error messages.
std::string registered_game_names();

// Looks a game up by name (case-insensitive; "nmesh" and "n_mesh" find "n-mesh");
// throws LudusError("unknown game 'x' (games: ...)").
const GameEntry& find_game(std::string_view name);

// The game's title ("N-Mesh"), or `name` itself when no game has that name (a stored row
// of a game this build does not know).
std::string game_title(std::string_view name);

// Validates the options and builds the game; throws LudusError on any bad input.
std::shared_ptr<const Game> make_game(std::string_view name,
                                      const std::map<std::string, std::string>& options = {});

}  // namespace ludus
