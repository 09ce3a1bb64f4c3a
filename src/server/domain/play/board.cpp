// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/board.h"

#include <algorithm>
#include <atomic>

#include "core/error.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/turn_count.h"
#include "server/base/errors.h"

namespace ludus::server {

History new_history(const std::string& game, const std::map<std::string, std::string>& options) {
  return History(make_game(game, options));
}

namespace {

std::atomic<uint64_t> replays{0};

[[noreturn]] void corrupt(const GameRecord& record, const std::string& what) {
  throw ServiceError(ErrorKind::Internal, "corrupt_board", "board " + std::to_string(record.id) + " " + what);
}

// The stored moves and ending replayed; a board that no longer replays (a rules change,
// a damaged row) is reported, never half-loaded.
History replay(const GameRecord& record, const std::vector<MoveRecord>& moves) {
  replays.fetch_add(1, std::memory_order_relaxed);
  History history = [&] {
    try {
      return new_history(record.game, record.options);
    } catch (const LudusError& e) {
      corrupt(record, std::string("has a bad game or options: ") + e.what());
    }
  }();
  history.set_players(record.seats);
  history.set_date(utc_date(record.created_at));
  for (size_t i = 0; i < moves.size(); ++i) {
    try {
      history.play(moves[i].move);
    } catch (const LudusError& e) {
      corrupt(record, "cannot be replayed at move " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  // The stored ending restored as records restore theirs (core/record.h), which also
  // checks that a "rules" ending is one the moves reach.
  StatedEnding stated;
  if (record.ending != Ending::None) stated.ending = ending_name(record.ending);
  if (record.losing_seat) stated.winner_seat = 1 - *record.losing_seat;
  if (record.ending == Ending::Adjudication) {
    stated.result = record.result;
    stated.reason = record.end_reason;
  }
  try {
    apply_stated_ending(history, stated);
  } catch (const LudusError& e) {
    corrupt(record, std::string("has an ending that does not fit its moves: ") + e.what());
  }
  return history;
}

}  // namespace

uint64_t board_replays() { return replays.load(std::memory_order_relaxed); }

Board::Board(GameRecord record, std::vector<MoveRecord> moves, std::vector<CommentRecord> comments)
    : record_(std::move(record)),
      moves_(std::move(moves)),
      comments_(std::move(comments)),
      history_(replay(record_, moves_)) {}

std::string player_label(const std::string& user, bool bot) { return bot ? user + " [bot]" : user; }

int Board::seat_of(const std::string& user) const {
  for (int seat = 0; seat < 2; ++seat)
    if (record_.seats[seat] == user) return seat;
  return -1;
}

std::vector<MoveRecord> Board::play_turn(std::string_view text, int64_t now) {
  const int first = num_moves();
  history_.play_turn(text);
  std::vector<MoveRecord> added;
  for (int ply = first; ply < history_.num_moves(); ++ply) {
    MoveRecord move;
    move.ply = ply + 1;
    move.turn = history_.turn_number(ply);
    move.seat = history_.mover(ply).seat;
    move.move = history_.moves()[static_cast<size_t>(ply)];
    move.played_at = now;
    moves_.push_back(move);
    added.push_back(std::move(move));
  }
  return added;
}

void Board::truncate(int ply) {
  replays.fetch_add(1, std::memory_order_relaxed);  // History::truncate replays from the start
  moves_.resize(static_cast<size_t>(ply));
  history_.truncate(ply);
  for (auto& comment : comments_) comment.after_ply = std::min(comment.after_ply, ply);  // as Session::truncate_moves
}

GameRecord& Board::refreshed_record(int64_t now) {
  record_.ending = history_.ending();
  record_.losing_seat = history_.losing_seat() >= 0 ? std::optional<int>(history_.losing_seat()) : std::nullopt;
  const bool over = record_.finished();
  if (over) {
    int w = winner_seat();
    record_.winner_seat = w >= 0 ? std::optional<int>(w) : std::nullopt;
    record_.result = history_.result_text();
    record_.to_move_seat.reset();
    if (!record_.finished_at) record_.finished_at = now;
    record_.proposal.clear();
    record_.proposal_seat.reset();
  } else {
    record_.winner_seat.reset();
    record_.result.clear();
    record_.to_move_seat = state().seat_to_move();
    record_.finished_at.reset();
  }
  record_.end_reason = end_reason();
  record_.num_moves = num_moves();
  record_.num_turns = turns_in(history_, num_moves());
  record_.updated_at = now;
  ++record_.revision;  // as Session::update_game stores it
  return record_;
}

const History& Board::position_at(int ply, std::optional<History>& scratch) const {
  if (ply == num_moves()) return history_;
  scratch.emplace(history_at(ply));
  return *scratch;
}

History Board::history_at(int ply) const {
  if (ply < 0 || ply > num_moves())
    bad_request(text("board {board} has no move {move} (moves: 0..{last})",
                     {{"board", id()}, {"move", ply}, {"last", num_moves()}}));
  History at = history_;
  if (ply == num_moves()) return at;
  replays.fetch_add(1, std::memory_order_relaxed);
  at.truncate(ply);
  return at;
}

}  // namespace ludus::server
