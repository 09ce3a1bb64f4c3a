#pragma once
// A board of the play server: its stored record, the move list (the truth) and the
// position replayed from it through core History.  Also the rules of the server that sit
// above the game rules: who holds which seat, how turns group plies, how a game ended.
#include <optional>
#include <string>
#include <vector>

#include "core/history.h"
#include "server/records.h"

namespace ludus::server {

class Board {
 public:
  // Replays `moves` (and a stored resignation); throws ServerError 500 when the stored
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
  int colour_of_move(int index) const { return mover_colours_[index]; }

  // --- players ---------------------------------------------------------------------------
  const std::string& player(int seat) const { return record_.seats[seat]; }
  // Seat of `user`, or -1 when the user does not play here.
  int seat_of(const std::string& user) const;
  // Colour the seat holds now (a pie swap exchanges them).
  int colour_of_seat(int seat) const { return state().colour_of_seat(seat); }

  // --- the end -------------------------------------------------------------------------------
  bool is_over() const { return record_.ending == "agreement" || history_.is_over(); }
  // Seat to move; -1 once the game is over.
  int seat_to_move() const { return is_over() ? -1 : state().seat_to_move(); }
  // Winning seat; -1 for a draw or while the game is on.
  int winner_seat() const;
  // "line of 5", "x resigned", "draw agreed" ("" while on).
  std::string end_reason() const;

  // --- changes (the caller stores them) ---------------------------------------------------
  // Plays one ply for `seat`; the caller has checked that it is that seat's turn.
  // Throws LudusError (illegal move) with the game's reason.
  const MoveRecord& play_ply(std::string_view text, int64_t now);
  void resign(int seat);
  void agree_draw();
  // Pending proposal ("draw" / "undo" by `seat`); clear_proposal() withdraws it.
  void set_proposal(const std::string& kind, int seat) {
    record_.proposal = kind;
    record_.proposal_seat = seat;
  }
  void clear_proposal() {
    record_.proposal.clear();
    record_.proposal_seat.reset();
  }
  // First move number of `seat`'s latest turn, or 0 when that seat has not moved.
  int latest_turn_start(int seat) const;
  // Keeps the first `ply` moves only (replays).
  void truncate(int ply);

  // Recomputes the cached columns (status, result, winner, reason, num_moves, seat to
  // move) and sets updated_at.
  GameRecord& refreshed_record(int64_t now);

  // The position after move `ply` (0 = the start), replayed.
  History history_at(int ply) const;

 private:
  // Rebuilds history_ and mover_colours_ from the first `count` moves.
  void replay(size_t count);

  GameRecord record_;
  std::vector<MoveRecord> moves_;
  std::vector<CommentRecord> comments_;
  History history_;
  std::vector<int> mover_colours_;
};

// A new board's history for a game name and options (validated; throws LudusError).
History new_history(const std::string& game, const std::map<std::string, std::string>& options);

}  // namespace ludus::server
