// SPDX-License-Identifier: Apache-2.0
#pragma once
// The games' catalog as every front end gives it: the play server's GET /api/games and the
// engine in the page (src/wasm/engine.cpp, call "games").  Here, not in core, because it
// carries the AI levels' measured ratings (ai/level_ratings.h).
#include <nlohmann/json.hpp>

namespace ludus::ai {

// The games that can be challenged, in the order of RULES.md: names, titles, colours,
// options, summaries, where the stones stand, how a turn is written, and the computer
// players' measured ratings ("ai_levels": [{"level": "ai:medium", "rating", "low", "high"}],
// weakest first; a rating or end null where unbounded; [] for a game not measured).
nlohmann::json catalog_json();

}  // namespace ludus::ai
