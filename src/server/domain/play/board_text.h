// SPDX-License-Identifier: Apache-2.0
#pragma once
// The text replies of the command interface, laid out like the mails of the classic
// play-by-email servers: a summary header (board, game, options, players with their
// colours), a status line, the turns in numbered rows (a turn of several actions written
// as one, "d3,e5-e7"), then the ASCII board.  Everything is counted in turns (docs/turns.md).
#include <optional>
#include <string>
#include <vector>

#include "server/base/texts.h"
#include "server/domain/play/board.h"
#include "server/storage/records.h"

namespace ludus::server {

// The board as it stands, or after move `ply` (the move list stops there too).
std::string format_board(const Board& board, std::optional<int> ply = std::nullopt, const Language& language = Language());
// The same for a position of the board already at hand (`at`: after `plies` moves).
std::string format_board(const Board& board, int plies, const History& at, const Language& language = Language());

// Every turn with its player and time, the comments where they were made, and the JSON
// record (game, options, moves, result).
std::string format_history(const Board& board);

// One line per game: board, game, players, the turn to play or the turns played, status.
std::string format_game_list(const std::string& title, const std::vector<GameRecord>& games);

// "x to move (alice), turn 3" / "o (bob) wins: line of 5" / "draw: draw agreed".
std::string status_line(const Board& board);

// "2024-05-01 10:02 UTC".
std::string format_time(int64_t seconds);

}  // namespace ludus::server
