// SPDX-License-Identifier: Apache-2.0
#pragma once
// A line of moves as a page or a link writes it: entries that are plies ("e5") or several
// plies joined as people write a turn ("d3,e5-e7", or an older link's "e5,d4"), played on a
// history ply by ply.  The one reader for the play server's analysis (POST /api/position,
// /api/evaluate) and the engine in the page (src/wasm/engine.cpp), so both accept the same
// lines and refuse them in the same words.
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/history.h"

namespace ludus {

// Why a line was refused: its message names the ply by its number in the game
// ("move 3 'e5': the point is occupied"), or says the line is too long.
class MoveEntryError : public LudusError {
 public:
  MoveEntryError(const std::string& message, bool too_long) : LudusError(message), too_long_(too_long) {}
  bool too_long() const { return too_long_; }  // more than max_plies plies (else: a ply the rules refuse)

 private:
  bool too_long_;
};

// Plays the plies of `entries` on `history`; with `stop`, only until the history holds that
// many plies.  Throws MoveEntryError past `max_plies` plies (without `stop`) and on a ply
// the rules refuse or a game already over; `history` then holds the plies before it.
void play_move_entries(History& history, const std::vector<std::string>& entries, int max_plies,
                       std::optional<int> stop = std::nullopt);

}  // namespace ludus
