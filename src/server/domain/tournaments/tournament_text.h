// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tournaments as the command interface and mail show them (text), and as the JSON API
// sends them (docs/tournaments.md, docs/http-api.md).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/domain/tournaments/tournament_service.h"

namespace ludus::server {

// "round robin", "double round robin", "Swiss", "knockout".
const char* format_title(TournamentFormat format);
// The name of a tournament created without one: "N-Mesh round robin #3".
std::string default_tournament_name(const std::string& game, TournamentFormat format, int64_t id);
// "Friday blitz (tournament 3)": how mails and replies present it.
std::string display_name(const TournamentRecord& tournament);
// "Friday blitz (tournament 3), round 2: alice - bob" (the Started line of a tournament's board).
Message pairing_summary(const TournamentRecord& tournament, const TournamentGame& game);
// "Friday blitz (tournament 3): N-Mesh Swiss (size 7, rated, ...), 3 rounds, 8-8 players,
// starts when full, open" (no newline).
std::string tournament_line(const TournamentRecord& tournament, const Language& language = Language());
// The whole tournament: its line, the players (and, while open, the boards' settings that
// joining consents to), who won once it is over (or who share first place), the standings
// and how they are ordered, the cross table (round robins) or the bracket (knockout), and
// every round's games.
// Each in `language` (the names, numbers and results are data).
std::string format_tournament(const TournamentView& view, const Language& language = Language());
std::string format_tournament_list(const std::string& title, const std::vector<TournamentRecord>& tournaments,
                                   const Language& language = Language());

// {"id", "name", "game", "options", "rated", "format", "rounds", "min_players", "max_players",
//  "starts_at", "creator", "status", "round", "created_at", "started_at", "finished_at", "revision"}
nlohmann::json tournament_json(const TournamentRecord& tournament);
// tournament_json plus "players", "games", "standings", "tiebreak" (the score shown beside
// the points), "tiebreaks" (their order), "winners" (once finished: one, or those sharing
// first place) and, for round robins, "cross_table" (docs/http-api.md).
nlohmann::json tournament_view_json(const TournamentView& view);

}  // namespace ludus::server
