// SPDX-License-Identifier: Apache-2.0
#pragma once
// JSON views of boards and games for the HTTP API (fields documented in docs/http-api.md).
#include <optional>

#include <nlohmann/json.hpp>

#include "core/position_json.h"
#include "core/turn_count.h"
#include "server/domain/play/board.h"
#include "server/storage/records.h"

namespace ludus::server {

// A listing entry (from the cached columns; no replay).
nlohmann::json game_summary_json(const GameRecord& game);

// How much of a board a view carries: Full for GET /api/games/N and the replies to changes
// (with the record and the mail layout), Live for the WebSocket pushes (the state a page
// shows and plays; the record is a download of its own).
enum class BoardDetail { Full, Live };

// The position a board view shows: the latest, or the one after `ply` moves (replayed into
// a scratch history of its own, so it is neither copied nor moved).
class ViewedPosition {
 public:
  ViewedPosition(const Board& board, std::optional<int> ply);
  ViewedPosition(const ViewedPosition&) = delete;
  ViewedPosition& operator=(const ViewedPosition&) = delete;

  const bool latest;  // the board as it stands
  const int plies;    // moves replayed for this view
  const History& history() const { return *history_; }
  // The game is over in this view (no one to move); and it goes on and this is the latest (moves can be made).
  bool over() const { return over_; }
  bool playable() const { return latest && !over_; }

 private:
  std::optional<History> scratch_;
  const History* history_;
  bool over_;
};

// Everything a page needs to show and play a board: players, status, moves, legal
// moves, the ASCII board, the mail layout and the geometry with the stones.  With
// `ply`, the position after that move.
nlohmann::json board_json(const Board& board, std::optional<int> ply = std::nullopt,
                          BoardDetail detail = BoardDetail::Full);

// Parts of board_json() that board_json_text() writes through nlohmann too (small, or
// text a user wrote): the two players [{"seat", "user", "ai", "colour"}]; whose turn
// ({"seat", "user", "colour"}, null when `over`); the pending proposal ({"kind", "seat",
// "user"} or null); the comments [{"id", "user", "after_move", "after_turn", "text",
// "created_at"}] ("after_move" plies, "after_turn" the turns they make).  A seat of a game
// whose rules show a score (State::shown_score, Epoxy) carries its "score".
nlohmann::json seats_json(const Board& board, const State& state);
nlohmann::json to_move_json(const Board& board, const State& state, bool over);
nlohmann::json proposal_json(const Board& board);
// The players' holidays not over when the board was loaded [holiday_json...].
nlohmann::json holidays_json(const Board& board);
// Why a take-back ("undo") or an abort would be refused now, "" when it would not
// (proposal_rules.h), so that a page shows only the proposals the server takes.
std::string proposal_refusal_text(const Board& board, const std::string& kind);
nlohmann::json comments_json(const Board& board);

// The game record {"game", "options", "moves", "result"} (moves end with "resign" after a
// resignation; an agreed draw has result "draw").
nlohmann::json record_json(const Board& board);

}  // namespace ludus::server
