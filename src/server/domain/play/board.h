// SPDX-License-Identifier: Apache-2.0
#pragma once
// A board of the play server: its stored record, the move list (the truth) and the
// game replayed from it as a core History, which owns turns and endings.  The board adds
// who holds which seat and the pending proposal, and turns History's changes into rows.
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/history.h"
#include "server/storage/holiday_store.h"
#include "server/storage/records.h"

namespace ludus::server {

// A player's name as the text views and mails show it: "engine1 [bot]" for a bot account
// (docs/bots.md), else the name.
std::string player_label(const std::string& user, bool bot);
inline std::string player_label(const GameRecord& record, int seat) {
  return player_label(record.seats[static_cast<size_t>(seat)], record.bots[static_cast<size_t>(seat)]);
}

class Board {
 public:
  // Replays `moves` (and a stored resignation); throws ServiceError 500 when the stored
  // moves no longer replay (a rules change), naming the board and the move.
  Board(GameRecord record, std::vector<MoveRecord> moves, std::vector<CommentRecord> comments = {});

  const GameRecord& record() const { return record_; }
  int64_t id() const { return record_.id; }
  const std::vector<MoveRecord>& moves() const { return moves_; }
  const std::vector<CommentRecord>& comments() const { return comments_; }
  const History& history() const { return history_; }
  const Game& game() const { return history_.game(); }
  const State& state() const { return history_.state(); }
  int num_moves() const { return static_cast<int>(moves_.size()); }
  // Colour that played moves()[index] (for the columns of the move list).
  int colour_of_move(int index) const { return history_.mover(index).colour; }

  // --- players ---------------------------------------------------------------------------
  const std::string& player(int seat) const { return record_.seats[seat]; }
  // player_label of the seat: the name as text shows it.
  std::string shown_player(int seat) const { return player_label(record_, seat); }
  // Seat of `user`, or -1 when the user does not play here.
  int seat_of(const std::string& user) const;
  // Colour the seat holds now (a pie swap exchanges them).
  int colour_of_seat(int seat) const { return state().colour_of_seat(seat); }

  // --- the end -------------------------------------------------------------------------------
  bool is_over() const { return history_.is_over(); }
  // Seat to move; -1 once the game is over.
  int seat_to_move() const { return is_over() ? -1 : state().seat_to_move(); }
  // Winning seat; -1 for a draw or while the game is on.
  int winner_seat() const { return is_over() ? history_.winning_seat() : -1; }
  // "line of 5", "x resigned", "draw agreed" ("" while on).
  std::string end_reason() const { return history_.end_reason(); }

  // --- changes (the caller stores them) ---------------------------------------------------
  // Plays a typed turn (History::play_turn: all or nothing, never past the turn's end) for
  // the seat to move; the caller has checked that it is that seat's turn.  Returns the
  // rows of the new plies.  Throws LudusError (illegal move) with the game's reason.
  std::vector<MoveRecord> play_turn(std::string_view text, int64_t now);
  void resign(int seat) { history_.resign(seat); }
  void agree_draw() { history_.agree_draw(); }
  void lose_on_time(int seat) { history_.lose_on_time(seat); }
  void abort_game() { history_.abort_game(); }
  // A comment stored with this change (the caller inserts its row too).
  void add_comment(CommentRecord comment) { comments_.push_back(std::move(comment)); }
  // Pending proposal ("draw" / "undo" / "abort" by `seat`); clear_proposal() withdraws it.
  void set_proposal(const std::string& kind, int seat) {
    record_.proposal = kind;
    record_.proposal_seat = seat;
  }
  void clear_proposal() {
    record_.proposal.clear();
    record_.proposal_seat.reset();
  }
  // The players' holidays not over when the board was loaded (Service::load_shared), for
  // its view: the opponent sees when a player is away.
  const std::vector<Holiday>& holidays() const { return holidays_; }
  void set_holidays(std::vector<Holiday> holidays) { holidays_ = std::move(holidays); }
  // Keeps the first `ply` moves only (replays); later comments move to after move `ply`.
  void truncate(int ply);

  // Recomputes the stored ending and the cached columns (status, result, winner, reason,
  // num_moves, seat to move) from the history, sets updated_at and counts the revision
  // the stored change will have (Session::update_game adds one).
  GameRecord& refreshed_record(int64_t now);

  // The position after move `ply` (0 = the start), replayed.
  History history_at(int ply) const;
  // The same without a copy for the latest position: the board's own history, or the
  // replay of an earlier one made in `scratch`.
  const History& position_at(int ply, std::optional<History>& scratch) const;

 private:
  GameRecord record_;
  std::vector<MoveRecord> moves_;
  std::vector<CommentRecord> comments_;
  History history_;
  std::vector<Holiday> holidays_;
};

// Boards replayed from their stored moves since the process started (every Board made from
// rows, and every history_at of an earlier position): what one change costs, read by tests
// and the metrics.
uint64_t board_replays();

// A new board's history for a game name and options (validated; throws LudusError).
History new_history(const std::string& game, const std::map<std::string, std::string>& options);

}  // namespace ludus::server
