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

const char* kSeatWord[2] = {N_("first player"), N_("second player")};

// "at the start" or "after turn 2 (1st action)" (turn_point_text's words, in `language`).
std::string position_words(const TurnPoint& point, const Language& language) {
  if (point.turn == 0) return tr(language, "at the start");
  if (point.whole) return tr(language, "after turn {turn}", {{"turn", point.turn}});
  if (point.action == 1) return tr(language, "after turn {turn} (1st action)", {{"turn", point.turn}});
  if (point.action == 2) return tr(language, "after turn {turn} (2nd action)", {{"turn", point.turn}});
  return tr(language, "after turn {turn} (action {action})", {{"turn", point.turn}, {"action", point.action}});
}

size_t code_points(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// A colour's name in `language` (the games mark them N_, core/translatable.h): "schwarz".
std::string colour(const Game& game, int c, const Language& language) { return tr(language, game.colour_name(c).c_str()); }

std::string options_text(const Game& game) {
  std::string out;
  for (const auto& [k, v] : game.options().values()) out += (out.empty() ? "" : " ") + k + "=" + v;
  return out;
}

std::string header(const Board& board, const State& state, const Language& language) {
  const Game& game = board.game();
  std::string out = tr(language, "Board {board}: {game} ({options})",
                       {{"board", board.id()}, {"game", game.info().title}, {"options", options_text(game)}}) +
                    "\n";
  size_t width = std::max(board.shown_player(0).size(), board.shown_player(1).size());
  size_t colour_width = std::max(code_points(colour(game, 0, language)), code_points(colour(game, 1, language)));
  for (int c = 0; c < 2; ++c) {
    int seat = state.seat_of_colour(c);
    out += fmt::format("  {:<{}}  {:<{}}  {}\n", colour(game, c, language), colour_width, board.shown_player(seat), width,
                       tr(language, kSeatWord[seat]));
  }
  return out;
}

// "x to move (alice), turn 3": who moves in a position that goes on, in turns.
std::string to_move_line(const Board& board, const History& history, const Language& language) {
  const State& state = history.state();
  return tr(language, "{colour} to move ({user}), turn {turn}",
            {{"colour", colour(board.game(), state.to_move(), language)},
             {"user", board.player(state.seat_to_move())},
             {"turn", history.current_turn()}});
}

// "o (bob) wins: line of 5" (the reason is the game's own words).
std::string wins_line(const std::string& colour, const std::string& user, const std::string& reason,
                      const Language& language) {
  if (reason.empty()) return tr(language, "{colour} ({user}) wins", {{"colour", colour}, {"user", user}});
  return tr(language, "{colour} ({user}) wins: {reason}", {{"colour", colour}, {"user", user}, {"reason", reason}});
}

// Status of a replayed position that may be earlier than the board's end.
std::string position_status(const Board& board, const History& history, bool latest, const Language& language) {
  const State& state = history.state();
  const Game& game = board.game();
  if (latest && board.is_over()) return status_line(board, language);
  if (state.is_terminal()) {
    int w = state.winner();
    std::string reason = state.end_reason();
    if (w == kDraw) return reason.empty() ? tr(language, "draw") : tr(language, "draw: {reason}", {{"reason", reason}});
    return wins_line(colour(game, w, language), board.player(state.seat_of_colour(w)), reason, language);
  }
  return to_move_line(board, history, language);
}

// The turns as players count them (docs/turns.md), one row each: its number, its colour
// and what was played, a turn of several actions written as one ("d3,e5-e7").
std::string turn_table(const Board& board, int plies, const Language& language) {
  const std::vector<WrittenTurn> turns = written_turns(board.history(), plies);
  if (turns.empty()) return "";
  size_t colour_width = 0;
  for (int c = 0; c < 2; ++c) colour_width = std::max(colour_width, code_points(colour(board.game(), c, language)));
  std::string out;
  for (const WrittenTurn& turn : turns)
    out += fmt::format("{:>4}  {:<{}}  {}\n", std::to_string(turn.number) + ".", colour(board.game(), turn.mover.colour, language),
                       colour_width, turn.text);
  return out;
}

// "Proposal: alice proposes a draw; bob may accept or reject" (proposal_words, as a sentence
// of each kind so that languages may word it whole).
std::string proposal_line(const Board& board, const Language& language) {
  const GameRecord& r = board.record();
  if (r.proposal.empty() || !r.proposal_seat) return "";
  int seat = *r.proposal_seat;
  const TextArgs args = {{"user", board.player(seat)}, {"other", board.player(1 - seat)}};
  if (r.proposal == "draw") return tr(language, "Proposal: {user} proposes a draw; {other} may accept or reject", args) + "\n";
  if (r.proposal == "abort")
    return tr(language, "Proposal: {user} proposes to abort the game; {other} may accept or reject", args) + "\n";
  return tr(language, "Proposal: {user} proposes to take back their last move; {other} may accept or reject", args) + "\n";
}

}  // namespace

std::string format_time(int64_t seconds, const Language&) {  // a date is data: the same in every language
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
  return buffer;
}

std::string status_line(const Board& board, const Language& language) {
  const Game& game = board.game();
  if (!board.is_over()) return to_move_line(board, board.history(), language);
  if (board.history().ending() == Ending::Aborted)
    return tr(language, "no result: {reason}", {{"reason", board.end_reason()}});
  int w = board.winner_seat();
  if (w < 0) return tr(language, "draw: {reason}", {{"reason", board.end_reason()}});
  return tr(language, "{colour} ({user}) wins: {reason}",
            {{"colour", colour(game, board.colour_of_seat(w), language)}, {"user", board.player(w)}, {"reason", board.end_reason()}});
}

std::string format_board(const Board& board, std::optional<int> ply, const Language& language) {
  const int plies = ply.value_or(board.num_moves());
  std::optional<History> scratch;
  return format_board(board, plies, board.position_at(plies, scratch), language);
}

std::string format_board(const Board& board, int plies, const History& history, const Language& language) {
  const bool latest = plies == board.num_moves();
  std::string out = header(board, history.state(), language);
  if (!latest) {
    const int turns = turns_in(board.history(), board.num_moves());
    out += trn(language, "Position {where} ({n} turn played)", "Position {where} ({n} turns played)", turns,
               {{"where", position_words(turn_point(board.history(), plies), language)}}) +
           "\n";
  }
  out += tr(language, "Status: {status}", {{"status", position_status(board, history, latest, language)}}) + "\n";
  if (latest) out += proposal_line(board, language);
  std::string table = turn_table(board, plies, language);
  out += "\n" + (table.empty() ? tr(language, "No moves yet.") + "\n" : table) + "\n";
  out += history.state().render();
  if (!out.empty() && out.back() != '\n') out += "\n";
  return out;
}

std::string format_history(const Board& board, const Language& language) {
  std::string out = header(board, board.state(), language);
  out += tr(language, "Status: {status}", {{"status", status_line(board, language)}}) + "\n";
  out += proposal_line(board, language);
  const GameRecord& r = board.record();
  out += tr(language, "Started {time} by {user}", {{"time", format_time(r.created_at)}, {"user", r.challenger}}) + "\n\n";
  auto comments = board.comments().begin();
  auto print_comments = [&](int after) {
    for (; comments != board.comments().end() && comments->after_ply <= after; ++comments)
      out += "        " +
             tr(language, "{user} ({time}, comment {comment}): {text}",
                {{"user", comments->user}, {"time", format_time(comments->created_at)}, {"comment", comments->id},
                 {"text", comments->body}}) +
             "\n";
  };
  print_comments(0);
  // One line per turn (what players count), at the time of its last action.
  const std::vector<WrittenTurn> turns = written_turns(board.history(), board.num_moves());
  size_t colour_width = 1, player_width = 1, move_width = 1;
  // "turn 12  ": wide enough for a number of four digits (fmt pads by characters).
  const size_t turn_width = code_points(tr(language, "turn {turn}", {{"turn", 9999}}));
  for (int c = 0; c < 2; ++c) {
    colour_width = std::max(colour_width, code_points(colour(board.game(), c, language)));
    player_width = std::max(player_width, board.player(c).size());
  }
  for (const WrittenTurn& turn : turns) move_width = std::max(move_width, turn.text.size());
  for (const WrittenTurn& turn : turns) {
    const int last = turn.first_ply + turn.plies - 1;
    const MoveRecord& m = board.moves()[static_cast<size_t>(last)];
    out += fmt::format("  {} {:<{}}  {:<{}}  {:<{}}  {}\n",
                       fmt::format("{:<{}}", tr(language, "turn {turn}", {{"turn", turn.number}}), turn_width),
                       colour(board.game(), turn.mover.colour, language), colour_width, board.player(m.seat), player_width,
                       turn.text, move_width, format_time(m.played_at));
    print_comments(m.ply);
  }
  print_comments(1 << 30);
  const TextArgs ended = {{"user", r.losing_seat ? board.player(*r.losing_seat) : std::string()},
                          {"time", format_time(r.updated_at)}};
  if (r.ending == Ending::Resignation && r.losing_seat) out += "  " + tr(language, "{user} resigned ({time})", ended) + "\n";
  if (r.ending == Ending::Timeout && r.losing_seat) out += "  " + tr(language, "{user} lost on time ({time})", ended) + "\n";
  if (r.ending == Ending::Agreement) out += "  " + tr(language, "draw agreed by both players ({time})", ended) + "\n";
  if (r.ending == Ending::Aborted) out += "  " + tr(language, "aborted by both players: no result ({time})", ended) + "\n";
  out += "\n" + tr(language, "Record: {record}", {{"record", dump_json(record_json(board))}}) + "\n";
  return out;
}

std::string format_game_list(const std::string& title, const std::vector<GameRecord>& games, const Language& language) {
  std::string out = fmt::format("{}: {}\n", title, games.size());
  for (const auto& g : games) {
    std::string status;
    if (!g.finished()) {
      status = g.to_move_seat ? tr(language, "{user} to move", {{"user", g.seats[*g.to_move_seat]}}) : tr(language, "on");
      if (g.proposal == "draw") status = tr(language, "{status}, draw proposed", {{"status", status}});
      else if (g.proposal == "undo") status = tr(language, "{status}, undo proposed", {{"status", status}});
      else if (g.proposal == "abort") status = tr(language, "{status}, abort proposed", {{"status", status}});
    } else if (g.winner_seat) {
      status = tr(language, "{user} won ({reason})", {{"user", g.seats[*g.winner_seat]}, {"reason", g.end_reason}});
    } else if (g.ending == Ending::Aborted) {
      status = tr(language, "aborted (no result)");
    } else {
      status = tr(language, "drawn ({reason})", {{"reason", g.end_reason}});
    }
    std::string moves = !g.finished() ? tr(language, "turn {turn}", {{"turn", g.num_turns + 1}})
                                      : trn(language, "{n} turn", "{n} turns", g.num_turns);
    out += fmt::format("  {:>6}  {:<9} {} vs {}  {}  {}\n", g.id, g.game, player_label(g, 0), player_label(g, 1), moves,
                       status);
  }
  return out;
}

}  // namespace ludus::server
