#include "server/board.h"

#include "core/error.h"
#include "core/registry.h"
#include "server/errors.h"

namespace ludus::server {

History new_history(const std::string& game, const std::map<std::string, std::string>& options) {
  return History(make_game(game, options));
}

namespace {

History replay_moves(const GameRecord& record, const std::vector<MoveRecord>& moves, size_t count,
                     std::vector<int>* colours) {
  size_t i = 0;
  try {
    History history = new_history(record.game, record.options);
    for (; i < count; ++i) {
      if (colours) colours->push_back(history.state().to_move());
      history.play(moves[i].move);
    }
    return history;
  } catch (const LudusError& e) {
    throw ServerError(500, "corrupt_board",
                      "board " + std::to_string(record.id) + " cannot be replayed at move " + std::to_string(i + 1) +
                          ": " + e.what());
  }
}

}  // namespace

Board::Board(GameRecord record, std::vector<MoveRecord> moves, std::vector<CommentRecord> comments)
    : record_(std::move(record)),
      moves_(std::move(moves)),
      comments_(std::move(comments)),
      history_(replay_moves(record_, {}, 0, nullptr)) {
  replay(moves_.size());
  if (record_.ending == "resign" && record_.resigned_seat && !history_.is_over())
    history_.resign(history_.state().colour_of_seat(*record_.resigned_seat));
}

void Board::replay(size_t count) {
  mover_colours_.clear();
  history_ = replay_moves(record_, moves_, count, &mover_colours_);
}

int Board::seat_of(const std::string& user) const {
  for (int seat = 0; seat < 2; ++seat)
    if (record_.seats[seat] == user) return seat;
  return -1;
}

int Board::winner_seat() const {
  if (!is_over() || record_.ending == "agreement") return -1;
  if (record_.ending == "resign" && record_.resigned_seat) return 1 - *record_.resigned_seat;
  return state().winning_seat();  // kDraw == -1
}

std::string Board::end_reason() const {
  if (!is_over()) return "";
  if (record_.ending == "agreement") return "agreed by both players";
  if (record_.ending == "resign" && record_.resigned_seat)
    return game().colour_name(colour_of_seat(*record_.resigned_seat)) + " resigned";
  return state().end_reason();
}

const MoveRecord& Board::play_ply(std::string_view text, int64_t now) {
  const int seat = state().seat_to_move();
  const int colour = state().to_move();
  Action action = state().parse_action(text);
  // A turn is the run of plies one seat plays with one colour (Epoxy's two actions); a
  // change of seat or of colour starts the next one (Trellis's opening, pie swaps).
  int turn = 1;
  if (!moves_.empty()) {
    const MoveRecord& last = moves_.back();
    bool same = last.seat == seat && mover_colours_.back() == colour;
    turn = last.turn + (same ? 0 : 1);
  }
  MoveRecord move;
  move.ply = num_moves() + 1;
  move.turn = turn;
  move.seat = seat;
  move.move = state().action_to_text(action);
  move.played_at = now;
  history_.play(action);
  mover_colours_.push_back(colour);
  moves_.push_back(std::move(move));
  return moves_.back();
}

void Board::resign(int seat) {
  record_.ending = "resign";
  record_.resigned_seat = seat;
  history_.resign(state().colour_of_seat(seat));
}

void Board::agree_draw() { record_.ending = "agreement"; }

int Board::latest_turn_start(int seat) const {
  for (int i = num_moves() - 1; i >= 0; --i) {
    if (moves_[i].seat != seat) continue;
    int start = i;
    while (start > 0 && moves_[start - 1].turn == moves_[i].turn) --start;
    return moves_[start].ply;
  }
  return 0;
}

void Board::truncate(int ply) {
  moves_.resize(static_cast<size_t>(ply));
  replay(moves_.size());
}

GameRecord& Board::refreshed_record(int64_t now) {
  const bool over = is_over();
  record_.status = over ? "finished" : "active";
  if (over) {
    int w = winner_seat();
    record_.winner_seat = w >= 0 ? std::optional<int>(w) : std::nullopt;
    record_.result = w >= 0 ? game().colour_name(colour_of_seat(w)) : "draw";
    record_.to_move_seat.reset();
    record_.proposal.clear();
    record_.proposal_seat.reset();
  } else {
    record_.winner_seat.reset();
    record_.result.clear();
    record_.to_move_seat = state().seat_to_move();
  }
  record_.end_reason = end_reason();
  record_.num_moves = num_moves();
  record_.updated_at = now;
  return record_;
}

History Board::history_at(int ply) const {
  if (ply < 0 || ply > num_moves())
    bad_request("board " + std::to_string(id()) + " has no move " + std::to_string(ply) + " (moves: 0.." +
                std::to_string(num_moves()) + ")");
  if (ply == num_moves() && record_.ending.empty()) return history_;
  return replay_moves(record_, moves_, static_cast<size_t>(ply), nullptr);
}

}  // namespace ludus::server
