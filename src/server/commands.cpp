#include "server/commands.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>

#include <fmt/format.h>

#include "core/error.h"
#include "core/options.h"
#include "core/registry.h"
#include "core/text.h"
#include "server/errors.h"
#include "server/mail_format.h"

namespace ludus::server {
namespace {

struct CommandHelp {
  const char* name;
  const char* usage;
  const char* text;
};

// The grammar, in the order `help` lists it.
const CommandHelp kCommands[] = {
    {"signup", "signup USER PASSWORD [EMAIL]",
     "Creates an account. USER: 1-32 letters, digits, '_', '.', '-' (case-insensitive)."},
    {"passwd", "passwd USER OLD NEW", "Changes your password (and logs out every web session)."},
    {"challenge", "GAME challenge [-OPTION=VALUE...] USER1 USER2 PASSWORD",
     "Starts a game: USER1 is the first player, USER2 the second. PASSWORD is the challenger's, who must be\n"
     "USER1 or USER2. A player may be the computer: ai:random, ai:easy, ai:hard ... Replies with the board number."},
    {"move", "move BOARD USER PASSWORD MOVE[#N]",
     "Plays MOVE (a whole turn: 'd3,e5-e7' where a turn has several actions). With #N the move is refused\n"
     "unless it would be move number N (moves played + 1), so a stale move is never played."},
    {"swap", "swap BOARD USER PASSWORD [#N]", "Plays the pie move (same as move BOARD USER PASSWORD swap[#N])."},
    {"pass", "pass BOARD USER PASSWORD [#N]", "Passes, where the rules allow it."},
    {"resign", "resign BOARD USER PASSWORD", "Resigns the game (at any time, your turn or not)."},
    {"undo", "undo BOARD USER PASSWORD",
     "Proposes to take back your latest turn and everything played after it; the opponent accepts or rejects."},
    {"draw", "draw BOARD USER PASSWORD", "Proposes a draw; the opponent accepts or rejects."},
    {"propose", "propose draw|undo BOARD USER PASSWORD", "Same as the draw and undo commands."},
    {"accept", "accept BOARD USER PASSWORD",
     "Accepts the opponent's pending proposal. A move by either player withdraws a proposal."},
    {"reject", "reject BOARD USER PASSWORD", "Rejects the opponent's pending proposal."},
    {"comment", "comment BOARD USER PASSWORD TEXT...", "Adds a comment to the game record (any user may kibitz)."},
    {"subscribe", "subscribe BOARD USER PASSWORD", "Follows a board (players follow their own boards already)."},
    {"unsubscribe", "unsubscribe BOARD USER PASSWORD", "Stops following a board."},
    {"show", "show BOARD[#N]", "Shows the board, or the position after move N."},
    {"history", "history BOARD", "Shows every move with its player and time, the comments and the record."},
    {"games", "games USER [active|next|finished|watched|all]",
     "Lists a user's games: active (default), next (those where it is USER's move), finished, watched, all."},
    {"help", "help [COMMAND]", "Shows this summary, or the help of one command."},
};

const CommandHelp* find_command(std::string_view name) {
  for (const auto& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

[[noreturn]] void usage(const CommandHelp& c) { bad_request(std::string("usage: ") + c.usage, "usage"); }

// "12" -> 12; 400 otherwise.
int64_t parse_board(std::string_view text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0 || text.size() > 15)
    bad_request("bad board number '" + std::string(text.substr(0, 20)) + "'", "bad_board");
  return value;
}

// "#N": N >= 1 for the move about to be played, N >= 0 for a position (0 = the start).
int parse_move_number(std::string_view text, int min = 1) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min)
    bad_request("bad move number '#" + std::string(text.substr(0, 20)) + "'", "bad_move_number");
  return value;
}

// Splits "TEXT#N" at its last '#'.
std::pair<std::string, std::optional<int>> split_number(std::string_view text) {
  auto hash = text.rfind('#');
  if (hash == std::string_view::npos) return {std::string(text), std::nullopt};
  return {std::string(text.substr(0, hash)), parse_move_number(text.substr(hash + 1))};
}

class Run {
 public:
  Run(Service& service, std::string game, const CommandHelp& command, std::vector<std::string> args)
      : service_(service), game_(std::move(game)), command_(command), args_(std::move(args)) {}

  std::string execute() {
    const std::string name = command_.name;
    if (name == "signup") return signup();
    if (name == "passwd") return passwd();
    if (name == "challenge") return challenge();
    if (name == "move") return move();
    if (name == "swap" || name == "pass") return word_move(name);
    if (name == "resign") return resign();
    if (name == "undo" || name == "draw") return propose(name, 0);
    if (name == "propose") {
      if (args_.empty()) usage(command_);
      std::string kind = lowercase(args_[0]);
      if (kind != "draw" && kind != "undo") usage(command_);
      return propose(kind, 1);
    }
    if (name == "accept" || name == "reject") return answer(name == "accept");
    if (name == "comment") return comment();
    if (name == "subscribe" || name == "unsubscribe") return subscribe(name == "subscribe");
    if (name == "show") return show();
    if (name == "history") return history();
    if (name == "games") return games();
    return help();
  }

 private:
  void expect(size_t min, size_t max) {
    if (args_.size() < min || args_.size() > max) usage(command_);
  }
  // BOARD USER PASSWORD starting at args_[first]: authenticates, and checks the GAME word
  // (if any) before anything changes.
  std::pair<int64_t, std::string> board_and_user(size_t first = 0) {
    int64_t board = parse_board(args_[first]);
    std::string user = service_.accounts().authenticate(args_[first + 1], args_[first + 2]);
    if (!game_.empty()) load(board);
    return {board, user};
  }
  // When a GAME word was given, the board must be of that game.
  Board load(int64_t board) {
    Board b = service_.load(board);
    if (!game_.empty() && game_ != b.game().name())
      bad_request(fmt::format("{} is a game of {}, not {}", board_name(board), b.game().name(), game_), "wrong_game");
    return b;
  }
  std::string with_board(const std::string& line, int64_t board) {
    return line + "\n\n" + format_board(load(board));
  }

  std::string signup() {
    expect(2, 3);
    std::string id = service_.accounts().signup(args_[0], args_[1], args_.size() > 2 ? args_[2] : "");
    return fmt::format("Welcome, {}: your account is ready.\n", id);
  }

  std::string passwd() {
    expect(3, 3);
    service_.accounts().change_password(args_[0], args_[1], args_[2]);
    return fmt::format("Password changed for {}.\n", Accounts::normalize_user_id(args_[0]));
  }

  std::string challenge() {
    if (game_.empty()) bad_request("challenge needs the game first: GAME challenge [-OPTION=VALUE...] USER1 USER2 PASSWORD", "usage");
    std::vector<std::string> option_words, rest;
    for (const auto& a : args_) (a.size() > 1 && a[0] == '-' && rest.empty() ? option_words : rest).push_back(a);
    if (rest.size() != 3) usage(command_);
    std::map<std::string, std::string> options;
    try {
      options = parse_option_assignments(option_words);
    } catch (const LudusError& e) {
      bad_request(e.what(), "bad_game");
    }
    // The password names the challenger: whichever human player it belongs to.
    std::string challenger;
    for (int i = 0; i < 2 && challenger.empty(); ++i) {
      if (Accounts::is_ai(rest[i])) continue;
      try {
        challenger = service_.accounts().authenticate(rest[i], rest[2]);
      } catch (const ServerError& e) {
        if (e.status() != 401) throw;
      }
    }
    if (challenger.empty()) unauthorized("wrong user id or password (PASSWORD must be USER1's or USER2's)");
    int64_t board = service_.challenge(challenger, game_, options, lowercase(rest[0]), lowercase(rest[1]));
    return with_board(fmt::format("{} challenges: board {} is ready.", challenger, board), board);
  }

  std::string play(int64_t board, const std::string& user, const std::string& text, std::optional<int> number) {
    PlayResult r = service_.play(board, user, text, number);
    std::string moves;
    for (const auto& m : r.moves) moves += (moves.empty() ? "" : ",") + m;
    std::string line = r.first_ply > 0 ? fmt::format("{} plays {} on {} (move #{}).", user, moves, board_name(board), r.first_ply)
                                       : fmt::format("{} resigns {}.", user, board_name(board));
    return with_board(line, board);
  }

  std::string move() {
    expect(4, 4);
    auto [board, user] = board_and_user();
    auto [text, number] = split_number(args_[3]);
    return play(board, user, text, number);
  }

  std::string word_move(const std::string& word) {
    expect(3, 4);
    std::optional<int> number;
    if (args_.size() == 4) {
      if (args_[3].empty() || args_[3][0] != '#') usage(command_);
      number = parse_move_number(std::string_view(args_[3]).substr(1));
    }
    auto [board, user] = board_and_user();
    return play(board, user, word, number);
  }

  std::string resign() {
    expect(3, 3);
    auto [board, user] = board_and_user();
    service_.resign(board, user);
    return with_board(fmt::format("{} resigns {}.", user, board_name(board)), board);
  }

  std::string propose(const std::string& kind, size_t first) {
    expect(first + 3, first + 3);
    auto [board, user] = board_and_user(first);
    return with_board(service_.propose(board, user, kind).message + ".", board);
  }

  std::string answer(bool accept) {
    expect(3, 3);
    auto [board, user] = board_and_user();
    return with_board(service_.answer(board, user, accept).message + ".", board);
  }

  std::string comment() {
    if (args_.size() < 4) usage(command_);
    auto [board, user] = board_and_user();
    std::string text;
    for (size_t i = 3; i < args_.size(); ++i) text += (i > 3 ? " " : "") + args_[i];
    service_.comment(board, user, text);
    return fmt::format("{} commented on {}.\n", user, board_name(board));
  }

  std::string subscribe(bool on) {
    expect(3, 3);
    auto [board, user] = board_and_user();
    service_.subscribe(board, user, on);
    return fmt::format("{} {} {}.\n", user, on ? "follows" : "no longer follows", board_name(board));
  }

  std::string show() {
    expect(1, 1);
    auto hash = args_[0].find('#');
    int64_t board = parse_board(std::string_view(args_[0]).substr(0, hash));
    std::optional<int> ply;
    if (hash != std::string::npos) ply = parse_move_number(std::string_view(args_[0]).substr(hash + 1), 0);
    return format_board(load(board), ply);
  }

  std::string history() {
    expect(1, 1);
    return format_history(load(parse_board(args_[0])));
  }

  std::string games() {
    expect(1, 2);
    GameFilter filter;
    filter.user = Accounts::is_ai(args_[0]) ? lowercase(args_[0]) : Accounts::normalize_user_id(args_[0]);
    std::string which = args_.size() > 1 ? lowercase(args_[1]) : "active";
    if (which == "active" || which == "finished")
      filter.status = which;
    else if (which == "next")
      filter.user_to_move = true;
    else if (which == "watched")
      filter.watched = true;
    else if (which != "all")
      usage(command_);
    if (!game_.empty()) bad_request("games lists every game of a user; give no GAME", "usage");
    return format_game_list(fmt::format("Games of {} ({})", filter.user, which), service_.list(filter));
  }

  std::string help() {
    expect(0, 1);
    return CommandInterpreter::help(args_.empty() ? "" : lowercase(args_[0]));
  }

  Service& service_;
  std::string game_;
  const CommandHelp& command_;
  std::vector<std::string> args_;
};

}  // namespace

std::string CommandInterpreter::execute(const std::vector<std::string>& words) {
  if (words.empty()) bad_request("empty command (try 'help')", "usage");
  size_t at = 0;
  std::string game;
  const CommandHelp* command = find_command(lowercase(words[0]));
  if (!command) {
    try {
      game = find_game(words[0]).info->name;
    } catch (const LudusError&) {
      bad_request("unknown command '" + words[0].substr(0, 40) + "' (try 'help')", "usage");
    }
    if (words.size() < 2) bad_request("a command must follow the game name (try 'help')", "usage");
    at = 1;
    command = find_command(lowercase(words[1]));
    if (!command) bad_request("unknown command '" + words[1].substr(0, 40) + "' (try 'help')", "usage");
  }
  std::vector<std::string> args(words.begin() + static_cast<std::ptrdiff_t>(at) + 1, words.end());
  return Run(*service_, game, *command, std::move(args)).execute();
}

std::vector<std::string> CommandInterpreter::split(std::string_view text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i == text.size()) break;
    std::string word;
    bool quoted = false;
    while (i < text.size() && (quoted || !std::isspace(static_cast<unsigned char>(text[i])))) {
      char ch = text[i++];
      if (ch == '"') {
        quoted = !quoted;
      } else if (quoted && ch == '\\' && i < text.size() && (text[i] == '"' || text[i] == '\\')) {
        word += text[i++];
      } else {
        word += ch;
      }
    }
    if (quoted) bad_request("unterminated quote in the command", "usage");
    words.push_back(std::move(word));
  }
  return words;
}

std::string CommandInterpreter::help(std::string_view name) {
  if (!name.empty()) {
    const CommandHelp* c = find_command(name);
    if (!c) bad_request("no command '" + std::string(name.substr(0, 40)) + "' (try 'help')", "usage");
    return fmt::format("{}\n  {}\n", c->usage, c->text);
  }
  std::string out =
      "Commands: [GAME] COMMAND ARGUMENTS...  (GAME is needed only by challenge)\n"
      "BOARD is a board number, #N a move number (moves played + 1); words with blanks go in \"quotes\".\n\n";
  for (const auto& c : kCommands) out += fmt::format("  {}\n", c.usage);
  out += "\nGames and their challenge options, -OPTION=DEFAULT (VALUES):\n";
  for (const auto& entry : registered_games()) {
    std::string opts;
    for (const auto& o : entry.info->options)
      opts += fmt::format("{}-{}={} ({})", opts.empty() ? "" : " ", o.name, o.default_value, o.range_text());
    out += fmt::format("  {:<9} {} [{}]\n", entry.info->name, entry.info->summary, opts);
  }
  out += "\n'help COMMAND' explains one command.\n";
  return out;
}

}  // namespace ludus::server
