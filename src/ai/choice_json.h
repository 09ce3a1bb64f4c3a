// SPDX-License-Identifier: Apache-2.0
#pragma once
// The engine's opinion of a position as JSON, the same wherever a page gets it: the play
// server's analysis (POST /api/evaluate, docs/http-api.md) and the engine in the
// page (WebAssembly, docs/wasm.md).
#include <nlohmann/json.hpp>

#include "ai/player.h"
#include "core/history.h"

namespace ludus::ai {

// `choice`, made for the side to move in `history`: {"move", "win_probability" (0-1, for
// the side to move), "value" (-1..1), "pv": [...], "iterations", "seconds", "colour",
// "proven": "win"|"loss"|"draw"|null (the search solved the position), "proven_plies"
// (null when unknown, as for a proof from the opening book)}.
nlohmann::json choice_json(const History& history, const MoveChoice& choice);

// `player`'s move for the side to move in `history` as choice_json, with "turn": the texts
// of its whole turn, that move first (the rest, Epoxy's second action, chosen after it as
// choose_turn does).  For `ludus think` and the page's engine, which must agree move for move.
// Precondition: !history.is_over().
nlohmann::json turn_choice_json(Player& player, const History& history);

}  // namespace ludus::ai
