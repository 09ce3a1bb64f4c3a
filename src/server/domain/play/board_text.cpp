// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/board_text.h"

#include "server/domain/play/proposal_rules.h"

#include <algorithm>
#include <ctime>

#include <fmt/format.h>

#include "core/registry.h"
#include "core/turn_count.h"
#include "server/domain/play/game_json.h"
#include "server/base/json_fields.h"

namespace ludus::server {
namespace {

const char* kSeatWord[2] = {"first player", "second player"};

// "at the start" or "after turn 2 (1st action)".
std::string position_words(const TurnPoint& point) {
  return point.turn == 0 ? "at the start" : "after " + turn_point_text(point);
}

std::string options_text(const Game& game) {
  std::string out;
  for (const auto& [k, v] : game.options().values()) out += (out.empty() ? "" : " ") + k + "=" + v;
  return out;
}

std::string header(const Board& board, const State& state) {
  const Game& game = board.game();
  std::string out = fmt::format("Board {}: {} ({})\n", board.id(), game.info().title, options_text(game));
  size_t width = std::max(board.shown_player(0).size(), board.shown_player(1).size());
  size_t colour_width = std::max(game.colour_name(0).size(), game.colour_name(1).size());
  for (int colour = 0; colour < 2; ++colour) {
    int seat = state.seat_of_colour(colour);
    out += fmt::format("  {:<{}}  {:<{}}  {}\n", game.colour_name(colour), colour_width, board.shown_player(seat), width,
                       kSeatWord[seat]);
  }
  return out;
}

// "x to move (alice), turn 3": who moves in a position that goes on, in turns.
std::string to_move_line(const Board& board, const History& history) {
  const State& state = history.state();
  return fmt::format("{} to move ({}), turn {}", board.game().colour_name(state.to_move()), board.player(state.seat_to_move()),
                     history.current_turn());
}

// Status of a replayed position that may be earlier than the board's end.
std::string position_status(const Board& board, const History& history, bool latest) {
  const State& state = history.state();
  const Game& game = board.game();
  if (latest && board.is_over()) return status_line(board);
  if (state.is_terminal()) {
    int w = state.winner();
    std::string reason = state.end_reason();
    if (w == kDraw) return "draw" + (reason.empty() ? "" : ": " + reason);
    return fmt::format("{} ({}) wins{}", game.colour_name(w), board.player(state.seat_of_colour(w)),
                       reason.empty() ? "" : ": " + reason);
  }
  return to_move_line(board, history);
}

// The turns as players count them (docs/turns.md), one row each: its number, its colour
// and what was played, a turn of several actions written as one ("d3,e5-e7").
std::string turn_table(const Board& board, int plies) {
  const std::vector<WrittenTurn> turns = written_turns(board.history(), plies);
  if (turns.empty()) return "";
  size_t colour_width = 0;
  for (int c = 0; c < 2; ++c) colour_width = std::max(colour_width, board.game().colour_name(c).size());
  std::string out;
  for (const WrittenTurn& turn : turns)
    out += fmt::format("{:>4}  {:<{}}  {}\n", std::to_string(turn.number) + ".", board.game().colour_name(turn.mover.colour),
                       colour_width, turn.text);
  return out;
}

std::string proposal_line(const Board& board) {
  const GameRecord& r = board.record();
  if (r.proposal.empty() || !r.proposal_seat) return "";
  int seat = *r.proposal_seat;
  return fmt::format("Proposal: {} proposes {}; {} may accept or reject\n", board.player(seat), proposal_words(r.proposal),
                     board.player(1 - seat));
}

}  // namespace

std::string format_time(int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
  return buffer;
}

std::string status_line(const Board& board) {
  const Game& game = board.game();
  if (!board.is_over()) return to_move_line(board, board.history());
  if (board.history().ending() == Ending::Aborted) return "no result: " + board.end_reason();
  int w = board.winner_seat();
  if (w < 0) return "draw: " + board.end_reason();
  return fmt::format("{} ({}) wins: {}", game.colour_name(board.colour_of_seat(w)), board.player(w),
                     board.end_reason());
}

std::string format_board(const Board& board, std::optional<int> ply, const Language& language) {
  const int plies = ply.value_or(board.num_moves());
  std::optional<History> scratch;
  return format_board(board, plies, board.position_at(plies, scratch));
}

std::string format_board(const Board& board, int plies, const History& history, const Language& language) {
  const bool latest = plies == board.num_moves();
  std::string out = header(board, history.state());
  if (!latest)
    out += fmt::format("Position {} ({} played)\n", position_words(turn_point(board.history(), plies)),
                       counted(turns_in(board.history(), board.num_moves()), "turn"));
  out += "Status: " + position_status(board, history, latest) + "\n";
  if (latest) out += proposal_line(board);
  std::string table = turn_table(board, plies);
  out += "\n" + (table.empty() ? std::string("No moves yet.\n") : table) + "\n";
  out += history.state().render();
  if (!out.empty() && out.back() != '\n') out += "\n";
  return out;
}

std::string format_history(const Board& board) {
  std::string out = header(board, board.state());
  out += "Status: " + status_line(board) + "\n";
  out += proposal_line(board);
  const GameRecord& r = board.record();
  out += fmt::format("Started {} by {}\n\n", format_time(r.created_at), r.challenger);
  auto comments = board.comments().begin();
  auto print_comments = [&](int after) {
    for (; comments != board.comments().end() && comments->after_ply <= after; ++comments)
      out += fmt::format("        {} ({}, comment {}): {}\n", comments->user, format_time(comments->created_at),
                         comments->id, comments->body);
  };
  print_comments(0);
  // One line per turn (what players count), at the time of its last action.
  const std::vector<WrittenTurn> turns = written_turns(board.history(), board.num_moves());
  size_t colour_width = 1, player_width = 1, move_width = 1;
  for (int c = 0; c < 2; ++c) {
    colour_width = std::max(colour_width, board.game().colour_name(c).size());
    player_width = std::max(player_width, board.player(c).size());
  }
  for (const WrittenTurn& turn : turns) move_width = std::max(move_width, turn.text.size());
  for (const WrittenTurn& turn : turns) {
    const int last = turn.first_ply + turn.plies - 1;
    const MoveRecord& m = board.moves()[static_cast<size_t>(last)];
    out += fmt::format("  turn {:<4} {:<{}}  {:<{}}  {:<{}}  {}\n", turn.number, board.game().colour_name(turn.mover.colour),
                       colour_width, board.player(m.seat), player_width, turn.text, move_width, format_time(m.played_at));
    print_comments(m.ply);
  }
  print_comments(1 << 30);
  if (r.ending == Ending::Resignation && r.losing_seat)
    out += fmt::format("  {} resigned ({})\n", board.player(*r.losing_seat), format_time(r.updated_at));
  if (r.ending == Ending::Timeout && r.losing_seat)
    out += fmt::format("  {} lost on time ({})\n", board.player(*r.losing_seat), format_time(r.updated_at));
  if (r.ending == Ending::Agreement) out += fmt::format("  draw agreed by both players ({})\n", format_time(r.updated_at));
  if (r.ending == Ending::Aborted) out += fmt::format("  aborted by both players: no result ({})\n", format_time(r.updated_at));
  out += "\nRecord: " + dump_json(record_json(board)) + "\n";
  return out;
}

std::string format_game_list(const std::string& title, const std::vector<GameRecord>& games) {
  std::string out = fmt::format("{}: {}\n", title, games.size());
  for (const auto& g : games) {
    std::string status;
    if (!g.finished()) {
      status = g.to_move_seat ? g.seats[*g.to_move_seat] + " to move" : "on";
      if (!g.proposal.empty()) status += ", " + g.proposal + " proposed";
    } else if (g.winner_seat) {
      status = g.seats[*g.winner_seat] + " won (" + g.end_reason + ")";
    } else if (g.ending == Ending::Aborted) {
      status = "aborted (no result)";
    } else {
      status = "drawn (" + g.end_reason + ")";
    }
    std::string moves = !g.finished() ? fmt::format("turn {}", g.num_turns + 1) : counted(g.num_turns, "turn");
    out += fmt::format("  {:>6}  {:<9} {} vs {}  {}  {}\n", g.id, g.game, player_label(g, 0), player_label(g, 1), moves,
                       status);
  }
  return out;
}

}  // namespace ludus::server
