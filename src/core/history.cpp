// SPDX-License-Identifier: Apache-2.0
#include "core/history.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/notation.h"
#include "core/text.h"

namespace ludus {

namespace {

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace

History::History(std::shared_ptr<const Game> game) : game_(std::move(game)), state_(game_->new_initial_state()) {}

History::History(const History& other)
    : game_(other.game_),
      state_(other.state_->clone()),
      actions_(other.actions_),
      moves_(other.moves_),
      movers_(other.movers_),
      turn_numbers_(other.turn_numbers_),
      ending_(other.ending_),
      loser_seat_(other.loser_seat_),
      adjudicated_winner_(other.adjudicated_winner_),
      adjudication_reason_(other.adjudication_reason_),
      players_(other.players_),
      date_(other.date_) {}

History& History::operator=(const History& other) {
  if (this != &other) {
    History copy(other);
    *this = std::move(copy);
  }
  return *this;
}

// --- turns ---------------------------------------------------------------------------------

int History::turn_start(int ply) const {
  while (ply > 0 && turn_numbers_[static_cast<size_t>(ply - 1)] == turn_numbers_[static_cast<size_t>(ply)]) --ply;
  return ply;
}

int History::latest_turn_start(int seat) const {
  for (int ply = num_moves() - 1; ply >= 0; --ply)
    if (mover(ply).seat == seat) return turn_start(ply);
  return -1;
}

bool History::mid_turn() const {
  return !actions_.empty() && !is_over() && movers_.back() == next_mover();
}

int History::current_turn() const {
  if (actions_.empty()) return 1;
  const int last = turn_numbers_.back();
  return mid_turn() || is_over() ? last : last + 1;
}

// --- playing -------------------------------------------------------------------------------

Action History::play(std::string_view text) {
  if (is_over()) throw LudusError("illegal move '" + std::string(text) + "': the game is over");
  Action action = state_->parse_action(text);
  play(action);
  return action;
}

void History::play(Action action) {
  if (is_over()) throw LudusError("illegal move: the game is over");
  if (!state_->is_legal(action)) throw LudusError("illegal move: action " + std::to_string(action));
  const PlyMover who = next_mover();
  const bool continues = !movers_.empty() && movers_.back() == who;
  turn_numbers_.push_back(turn_numbers_.empty() ? 1 : turn_numbers_.back() + (continues ? 0 : 1));
  movers_.push_back(who);
  moves_.push_back(state_->action_to_text(action));
  state_->apply(action);
  actions_.push_back(action);
}

History History::with_actions(const std::string& typed) const {
  if (is_over()) throw LudusError("illegal move '" + typed + "': the game is over");
  const auto plies = state_->split_turn_text(typed);
  if (plies.empty() || typed.empty()) throw LudusError("illegal move '" + typed + "': malformed move");
  History trial = *this;
  const PlyMover who = next_mover();
  for (const auto& ply : plies) {
    if (trial.is_over() || !(trial.next_mover() == who))
      throw LudusError("illegal move '" + typed + "': more moves than the turn has");
    trial.play(ply);
  }
  return trial;
}

int History::play_actions(std::string_view text) {
  const int before = num_moves();
  *this = with_actions(std::string(trim(text)));
  return num_moves() - before;
}

int History::play_turn(std::string_view text) {
  const std::string typed(trim(text));
  History trial = with_actions(typed);
  if (trial.mid_turn()) {
    std::vector<std::string> whole(trial.moves_.begin() + num_moves(), trial.moves_.end());
    for (auto& ply : trial.turn_completion()) whole.push_back(std::move(ply));
    throw LudusError("illegal move '" + typed + "': not a whole turn; send all of it, e.g. '" + join_plies(whole) + "'");
  }
  const int played = trial.num_moves() - num_moves();
  *this = std::move(trial);
  return played;
}

std::vector<std::string> History::turn_completion() const {
  std::vector<std::string> texts;
  History h = *this;
  // A turn has a handful of plies: the bound only guards against a game that never ends one.
  for (int guard = 0; guard < 16 && h.mid_turn(); ++guard) {
    const State& s = h.state();
    const auto legal = s.legal_actions();
    if (legal.empty()) break;
    // A pass that ends the turn, else the first action that ends it, else the first.
    Action chosen = kNoAction;
    for (Action a : legal) {
      if (!s.ends_turn(a)) continue;
      if (chosen == kNoAction || s.action_shape(a).kind == ActionKind::Pass) chosen = a;
      if (s.action_shape(a).kind == ActionKind::Pass) break;
    }
    if (chosen == kNoAction) chosen = legal.front();
    texts.push_back(s.action_to_text(chosen));
    h.play(chosen);
  }
  return texts;
}

void History::play_moves(const std::vector<std::string>& moves) {
  for (const auto& typed : moves) {
    const int number = num_moves() + 1;
    try {
      play_actions(typed);
    } catch (const LudusError& e) {
      throw LudusError("move " + std::to_string(number) + ": " + e.what());
    }
  }
}

void History::truncate(int plies) {
  clear_outside_ending();
  if (plies < 0) plies = 0;
  if (plies >= num_moves()) return;
  std::vector<Action> keep(actions_.begin(), actions_.begin() + plies);
  state_ = game_->new_initial_state();
  actions_.clear();
  moves_.clear();
  movers_.clear();
  turn_numbers_.clear();
  for (Action a : keep) play(a);
}

bool History::undo_turn() {
  if (ending_ != Ending::None) {
    clear_outside_ending();
    return true;
  }
  if (actions_.empty()) return false;
  truncate(turn_start(num_moves() - 1));
  return true;
}

// --- the end -----------------------------------------------------------------------------

Ending History::ending() const {
  if (ending_ != Ending::None) return ending_;
  return state_->is_terminal() ? Ending::Rules : Ending::None;
}

int History::winner() const {
  switch (ending_) {
    case Ending::Resignation:
    case Ending::Timeout: return state_->colour_of_seat(1 - loser_seat_);
    case Ending::Agreement:
    case Ending::Aborted: return kDraw;
    case Ending::Adjudication: return adjudicated_winner_;
    default: return state_->winner();
  }
}

int History::winning_seat() const {
  const int colour = winner();
  return colour == kDraw ? kDraw : state_->seat_of_colour(colour);
}

std::string History::end_reason() const {
  switch (ending()) {
    case Ending::None: return "";
    case Ending::Rules: return state_->end_reason();
    case Ending::Resignation: return game_->colour_name(state_->colour_of_seat(loser_seat_)) + " resigned";
    case Ending::Timeout: return game_->colour_name(state_->colour_of_seat(loser_seat_)) + " lost on time";
    case Ending::Agreement: return "agreed by both players";
    case Ending::Aborted: return "aborted by both players";
    case Ending::Adjudication: return adjudication_reason_;
  }
  return "";
}

std::string History::status() const {
  if (ending_ == Ending::None) return describe_status(*state_);
  if (ending_ == Ending::Aborted) return "No result: " + end_reason();
  const int w = winner();
  const std::string head = w == kDraw ? "Draw" : capitalized(game_->colour_name(w)) + " wins";
  const std::string reason = end_reason();
  return reason.empty() ? head : head + ": " + reason;
}

std::string History::result_text() const {
  if (!is_over()) return "";
  if (ending_ == Ending::Aborted) return "aborted";
  const int w = winner();
  return w == kDraw ? "draw" : game_->colour_name(w);
}

void History::resign(int seat) {
  if (is_over()) throw LudusError("cannot resign: the game is over");
  if (seat != 0 && seat != 1) throw LudusError("cannot resign: no seat " + std::to_string(seat));
  ending_ = Ending::Resignation;
  loser_seat_ = seat;
}

void History::agree_draw() {
  if (is_over()) throw LudusError("cannot agree a draw: the game is over");
  ending_ = Ending::Agreement;
}

void History::lose_on_time(int seat) {
  if (is_over()) throw LudusError("cannot end on time: the game is over");
  if (seat != 0 && seat != 1) throw LudusError("cannot end on time: no seat " + std::to_string(seat));
  ending_ = Ending::Timeout;
  loser_seat_ = seat;
}

void History::abort_game() {
  if (is_over()) throw LudusError("cannot abort: the game is over");
  ending_ = Ending::Aborted;
}

void History::adjudicate(int winner_colour, std::string reason) {
  if (is_over()) throw LudusError("cannot adjudicate: the game is over");
  ending_ = Ending::Adjudication;
  adjudicated_winner_ = winner_colour == 0 || winner_colour == 1 ? winner_colour : kDraw;
  adjudication_reason_ = std::move(reason);
}

bool History::adjudicate_at_ply_limit(int limit) {
  if (is_over() || num_moves() < limit) return false;
  adjudicate(kDraw, "no result after " + std::to_string(limit) + " plies (scored as a draw)");
  return true;
}

int default_ply_limit(const Game& game) { return std::max(1000, 20 * game.num_distinct_actions()); }

void History::clear_outside_ending() {
  ending_ = Ending::None;
  loser_seat_ = -1;
  adjudicated_winner_ = kDraw;
  adjudication_reason_.clear();
}

}  // namespace ludus
