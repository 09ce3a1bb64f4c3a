// SPDX-License-Identifier: Apache-2.0
#pragma once
// The text replies about ratings (ratings.h) of the command interface: a game's
// standings and a player's ratings with their rated games; and their JSON (the API's
// standings and player pages, a player's data export).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/base/texts.h"
#include "server/domain/play/ratings.h"

namespace ludus::server {

// "N-Mesh standings (3 players; ...)" and one row per player: rank, player, rating
// ('?' when provisional at `now`), deviation at `now`, games, won, lost, drawn.
std::string format_standings(const std::string& game, const std::vector<Standing>& standings, int64_t now,
                             const Language& language = Language());

// The player's rating in each game played (with rank and record), then the rated games
// oldest first: date, game, board, result and opponent, rating before -> after.
std::string format_player_ratings(const std::string& player, const std::vector<Standing>& ratings,
                                  const std::vector<RatingChange>& history, int64_t now,
                                  const Language& language = Language());

// A standing as JSON: rank, rating and deviation (to a tenth) at `now`, provisional, games,
// wins, losses, draws; with the player ("player", "computer") or else the game.
nlohmann::json standing_json(const Standing& standing, int64_t now, bool with_player);
// A rated game of a player as JSON: game, board, at, rating_before, rating, deviation,
// opponent, result.
nlohmann::json rating_change_json(const RatingChange& change);

}  // namespace ludus::server
