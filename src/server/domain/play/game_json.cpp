// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/game_json.h"

#include "server/domain/play/holidays.h"
#include "server/domain/play/proposal_rules.h"

#include <algorithm>

#include "core/geometry.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/turn_count.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/play/board_text.h"

namespace ludus::server {
namespace {

template <class T>
nlohmann::json optional_json(const std::optional<T>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json player_json(const Board& board, const State& state, int seat) {
  const std::string& user = board.player(seat);
  const int colour = state.colour_of_seat(seat);
  nlohmann::json j = {{"seat", seat},
                      {"user", user},
                      {"ai", Accounts::is_ai(user)},
                      {"bot", board.record().bots[static_cast<size_t>(seat)]},
                      {"colour", board.game().colour_name(colour)}};
  // The score the rules show players (Epoxy's legal first actions), in games that have one.
  if (const std::optional<int> score = state.shown_score(colour)) j["score"] = *score;
  return j;
}

}  // namespace

nlohmann::json seats_json(const Board& board, const State& state) {
  return {player_json(board, state, 0), player_json(board, state, 1)};
}

nlohmann::json to_move_json(const Board& board, const State& state, bool over) {
  if (over) return nullptr;
  const int seat = state.seat_to_move();
  return {{"seat", seat}, {"user", board.player(seat)}, {"colour", board.game().colour_name(state.to_move())}};
}

nlohmann::json proposal_json(const Board& board) {
  const GameRecord& r = board.record();
  if (r.proposal.empty() || !r.proposal_seat) return nullptr;
  return {{"kind", r.proposal}, {"seat", *r.proposal_seat}, {"user", board.player(*r.proposal_seat)}};
}

nlohmann::json holidays_json(const Board& board) {
  nlohmann::json out = nlohmann::json::array();
  for (const Holiday& h : board.holidays()) out.push_back(holiday_json(h));
  return out;
}

std::string proposal_refusal_text(const Board& board, const std::string& kind) {
  const auto refusal = kind == "abort" ? abort_refusal(board) : takeback_refusal(board);
  return refusal ? refusal->reason.english() : "";
}

nlohmann::json comments_json(const Board& board) {
  nlohmann::json comments = nlohmann::json::array();
  for (const auto& c : board.comments())
    comments.push_back({{"id", c.id},
                        {"user", c.user},
                        {"after_move", c.after_ply},
                        {"after_turn", turns_in(board.history(), std::min(c.after_ply, board.num_moves()))},
                        {"text", c.body},
                        {"created_at", c.created_at}});
  return comments;
}

namespace {

nlohmann::json move_json(const Board& board, int index) {
  const MoveRecord& m = board.moves()[index];
  // The turn as the replayed history counts it (rows stored before every move had to be a
  // whole turn may number the two halves of one apart).
  return {{"number", m.ply},
          {"turn", board.history().turn_number(index)},
          {"action", action_in_turn(board.history(), index)},
          {"move", m.move},
          {"seat", m.seat},
          {"user", board.player(m.seat)},
          {"colour", board.game().colour_name(board.colour_of_move(index))},
          {"played_at", m.played_at}};
}

}  // namespace

nlohmann::json record_json(const Board& board) {
  return record_to_json(board.history());
}

nlohmann::json game_summary_json(const GameRecord& g) {
  return {{"board", g.id},
          {"game", g.game},
          {"options", g.options},
          {"players", g.seats},
          {"bots", g.bots},
          {"challenger", g.challenger},
          {"status", g.status()},
          {"moves_played", g.num_moves},
          {"next_move_number", g.num_moves + 1},
          {"turns_played", g.num_turns},
          {"turn", g.finished() ? g.num_turns : g.num_turns + 1},
          {"to_move_seat", optional_json(g.to_move_seat)},
          {"to_move_user", g.to_move_seat ? nlohmann::json(g.seats[*g.to_move_seat]) : nlohmann::json()},
          {"result", g.result},
          {"winner_seat", optional_json(g.winner_seat)},
          {"end_reason", g.end_reason},
          {"proposal", g.proposal.empty() ? nlohmann::json() : nlohmann::json(g.proposal)},
          {"rated", g.rated},
          {"exploration", g.exploration},
          {"created_at", g.created_at},
          {"updated_at", g.updated_at},
          {"finished_at", optional_json(g.finished_at)},
          {"revision", g.revision}};
}

ViewedPosition::ViewedPosition(const Board& board, std::optional<int> ply)
    : latest(!ply || *ply == board.num_moves()),
      plies(latest ? board.num_moves() : *ply),
      history_(&board.position_at(plies, scratch_)),
      over_(latest ? board.is_over() : history_->state().is_terminal()) {}

nlohmann::json board_json(const Board& board, std::optional<int> ply, BoardDetail detail) {
  const ViewedPosition view(board, ply);
  const bool latest = view.latest;
  const int plies = view.plies;
  const History& history = view.history();
  const State& state = history.state();
  const GameRecord& r = board.record();

  nlohmann::json j = game_summary_json(r);
  j["title"] = board.game().info().title;
  j["colours"] = board.game().info().colours;
  j["seats"] = seats_json(board, state);
  j["position_move_number"] = plies;  // moves replayed for this view
  j["latest"] = latest;
  j["status_text"] = latest ? status_line(board) : history.status();
  // Whose turn in this view (null when the game is over there).
  j["to_move"] = to_move_json(board, state, view.over());
  j["outcome"] = latest ? outcome_json(board.history(), &r.seats) : nlohmann::json();
  nlohmann::json moves = nlohmann::json::array();
  for (int i = 0; i < board.num_moves(); ++i) moves.push_back(move_json(board, i));
  j["moves"] = moves;
  j["last_move"] = plies > 0 ? move_json(board, plies - 1) : nlohmann::json();
  add_turn_json(j, history, view.playable());
  j["proposal"] = proposal_json(board);
  j["takeback_refused"] = proposal_refusal_text(board, "undo");
  j["abort_refused"] = proposal_refusal_text(board, "abort");
  j["holidays"] = holidays_json(board);
  j["tournament"] = optional_json(r.tournament);
  j["comments"] = comments_json(board);
  j["board_text"] = state.render();
  if (detail == BoardDetail::Full) {
    j["record"] = record_json(board);
    j["mail"] = format_board(board, plies, history);
  }
  j["geometry"] = geometry_json(history);
  j["deciding_sites"] = deciding_sites_json(history);
  return j;
}

}  // namespace ludus::server
