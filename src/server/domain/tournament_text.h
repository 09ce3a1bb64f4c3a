// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tournaments as the command interface and mail show them (text), and as the JSON API
// sends them (docs/tournaments.md, docs/http-api.md).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/domain/tournament_service.h"

namespace ludus::server {

// "tournament 3, round 2: alice - bob" (the Started line of a tournament's board).
std::string pairing_summary(const TournamentRecord& tournament, const TournamentGame& game);
// "tournament 3: N-Mesh swiss, 3 rounds, 8-8 players, starts when full, open" (no newline).
std::string tournament_line(const TournamentRecord& tournament);
// The whole tournament: its line, the players, the standings with the tiebreak, the cross
// table (round robins) or the bracket (knockout), and every round's games.
std::string format_tournament(const TournamentView& view);
std::string format_tournament_list(const std::string& title, const std::vector<TournamentRecord>& tournaments);

// {"id", "game", "options", "rated", "format", "rounds", "min_players", "max_players",
//  "starts_at", "creator", "status", "round", "created_at", "started_at", "finished_at"}
nlohmann::json tournament_json(const TournamentRecord& tournament);
// tournament_json plus "players", "games", "standings", "tiebreak" and, for round robins,
// "cross_table" (docs/http-api.md).
nlohmann::json tournament_view_json(const TournamentView& view);

}  // namespace ludus::server
