// SPDX-License-Identifier: Apache-2.0
#pragma once
// JSON views of a game's position, the same wherever a page gets them: the play server's
// replies (docs/http-api.md) and the engine in the page (WebAssembly, docs/wasm.md).
#include <array>
#include <string>

#include <nlohmann/json.hpp>

#include "core/history.h"
#include "core/turn_count.h"

namespace ludus {

// The board as data for drawing it: {"topology", "rows", "cols", "stones_on", "sites",
// "stones", "features"}, or null for a game without a geometry.
nlohmann::json geometry_json(const History& history);

// What the player to move may do and where the turn stands, added to `j`: "legal_moves"
// (canonical texts, for older clients), "actions" ([{"text", "sites": [names], "kind",
// "ends_turn"}], State::action_shape and State::ends_turn), "turn" (History::current_turn),
// "mid_turn" and "position_turn" (turn_point_json of the position).  Both lists are empty
// unless `playable` (the game goes on in this view).
void add_turn_json(nlohmann::json& j, const History& history, bool playable);

// Where a position stands among the turns (core/turn_count.h), for a page to say it:
// {"turn", "action", "whole", "text": "turn 2 (1st action)"}.
nlohmann::json turn_point_json(const TurnPoint& point);

// Every ply of `history` for a move list: [{"number", "turn", "action", "move", "seat",
// "colour"}] ("action": its place in the turn, 1 or 2 in Epoxy).
nlohmann::json plies_json(const History& history);

// The score the rules show players, by colour ({"maroon": 31, "grey": 20}), or null in a
// game whose rules show none (State::shown_score): for positions with no seats (analysis).
nlohmann::json shown_scores_json(const State& state);

// The names of the sites that decided the game (State::deciding_sites()); [] while it goes on.
nlohmann::json deciding_sites_json(const History& history);

// How a game ended, for every reply that shows one (a board, a position under study):
// null while it is on, else {draw, winner_seat, winner_colour, reason, ending} and, with
// the players, winner_user.  The one writer of an outcome.
nlohmann::json outcome_json(const History& history, const std::array<std::string, 2>* players = nullptr);

// A position under study with everything a page shows and plays: {"game", "moves",
// "status_text", "to_move": COLOUR|null, "to_move_seat", "outcome": null|{...},
// "legal_moves", "actions", "turn", "mid_turn", "position_turn", "plies", "geometry",
// "deciding_sites", "scores", "board_text"} (docs/http-api.md, POST /api/position).
nlohmann::json position_json(const History& history);

}  // namespace ludus
