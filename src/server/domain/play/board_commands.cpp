// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/board_commands.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text.h"
#include "server/domain/command_words.h"
#include "server/base/errors.h"
#include "server/base/json_fields.h"
#include "server/base/texts.h"

namespace ludus::server {
namespace {

BoardOutcome played(Service& service, int64_t board, const std::string& user, const std::string& text,
                    const BoardArgs& args) {
  PlayResult r = service.play(board, user, text, args.expected, args.comment);
  return {play_summary(user, r).in(args.language) + ".", ""};
}

// The text reply in the caller's language, the JSON's message in English (for programs).
BoardOutcome proposal(Service& service, int64_t board, const std::string& user, std::string_view kind,
                      const BoardArgs& args) {
  const Message message = service.propose(board, user, kind).message;
  return {message.in(args.language) + ".", message.english()};
}

BoardOutcome answered(Service& service, int64_t board, const std::string& user, bool accept, const BoardArgs& args) {
  const Message message = service.answer(board, user, accept).message;
  return {message.in(args.language) + ".", message.english()};
}

BoardOutcome followed(Service& service, int64_t board, const std::string& user, bool on, const Language& language) {
  service.subscribe(board, user, on);
  const TextArgs args = {{"user", user}, {"board", board}};
  return {on ? tr(language, "{user} follows board {board}.", args) : tr(language, "{user} no longer follows board {board}.", args),
          ""};
}

// The user's conditional moves in words, for the text reply and the JSON's message.
std::string conditional_words(int64_t board, const ConditionalView& view, const Language& language) {
  std::string out;
  if (view.tree.empty()) {
    out = tr(language, "You have no conditional moves on board {board}.", {{"board", board}});
  } else {
    out = trn(language, "Your conditional moves on board {board} (only you see them; {n} answer):",
              "Your conditional moves on board {board} (only you see them; {n} answers):", conditional_nodes(view.tree),
              {{"board", board}});
    // "if THEIRS ANSWER ...": the grammar's word, as the command takes them.
    for (const auto& line : conditional_lines(view.tree)) {
      out += "\n  if";
      for (const std::string& turn : line) out += " " + turn;
    }
  }
  if (!view.note.empty()) out += "\n" + tr(language, "Your last ones were dropped: {reason}.", {{"reason", view.note}});
  if (!view.exploration)
    out += "\n" + tr(language, "Board {board} does not allow exploration: no conditional moves on it.", {{"board", board}});
  return out;
}

using A = BoardArg;

const std::vector<BoardCommand> kBoardCommands = {
    {"move", {}, {A::Move},
     N_("Plays MOVE (a whole turn: 'd3,e5-e7' where a turn has several actions). With #N the move is refused\n"
        "unless it would be turn N (the number the board shows), so a stale move is never played."),
     true, [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return played(s, b, u, a.move, a); }},
    {"swap", {}, {A::MoveNumber}, N_("Plays the pie move (same as move BOARD USER PASSWORD swap[#N])."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return played(s, b, u, "swap", a); }},
    {"pass", {}, {A::MoveNumber}, N_("Passes, where the rules allow it."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return played(s, b, u, "pass", a); }},
    {"resign", {}, {}, N_("Resigns the game (at any time, your turn or not)."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) {
       s.resign(b, u);
       return BoardOutcome{tr(a.language, "{user} resigns board {board}.", {{"user", u}, {"board", b}}), ""};
     }},
    {"undo", {}, {},
     N_("Proposes to take back your latest turn and everything played after it; the opponent accepts or rejects.\n"
        "Not on rated boards nor on tournament boards."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return proposal(s, b, u, "undo", a); }},
    {"abort", {}, {},
     N_("Proposes to call the game off with no result (unrated, in nobody's record), while at most two turns\n"
        "have been played; the opponent accepts or rejects. Not on tournament boards."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return proposal(s, b, u, "abort", a); }},
    {"draw", {}, {}, N_("Proposes a draw, in a game whose rules have draws; the opponent accepts or rejects."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return proposal(s, b, u, "draw", a); }},
    {"propose", {A::ProposalKind}, {}, N_("Same as the draw, undo and abort commands."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return proposal(s, b, u, a.kind, a); }},
    {"accept", {}, {}, N_("Accepts the opponent's pending proposal. A move by either player withdraws a proposal."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return answered(s, b, u, true, a); }},
    {"reject", {}, {}, N_("Rejects the opponent's pending proposal."), true,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return answered(s, b, u, false, a); }},
    {"conditional", {}, {A::Lines},
     N_("Shows your conditional moves on BOARD, or sets them while it is your opponent's turn: 'if c3 d4 e5 f6;\n"
     "if c4 d5' answers c3 with d4 (then e5 with f6) and c4 with d5. Each word is a whole turn ('d3,e5-e7' in\n"
     "Epoxy, no spaces); lines sharing a beginning merge; one answer to each of their turns. When their turn\n"
     "matches a line, your answer is played at once; when it matches none, all your lines are dropped and you\n"
     "are told. The lines replace those you had; 'clear' forgets them. At most 200 answers, 40 turns a line.\n"
     "Only you see them. Boards that do not allow exploration refuse them: rated boards unless challenged with\n"
     "-exploration=yes, and tournament boards."),
     false,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) {
       const ConditionalView view = a.lines ? s.set_conditional(b, u, *a.lines) : s.conditional(b, u);
       std::string words = conditional_words(b, view, a.language);
       return BoardOutcome{words, words};
     }},
    {"comment", {}, {A::Text}, N_("Adds a comment to the game record (any user may kibitz)."), false,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) {
       s.comment(b, u, a.text);
       return BoardOutcome{tr(a.language, "{user} commented on board {board}.", {{"user", u}, {"board", b}}), ""};
     }},
    {"subscribe", {}, {}, N_("Follows a board (players follow their own boards already)."), false,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return followed(s, b, u, true, a.language); }},
    {"unsubscribe", {}, {}, N_("Stops following a board."), false,
     [](Service& s, int64_t b, const std::string& u, const BoardArgs& a) { return followed(s, b, u, false, a.language); }},
};

std::string_view text_form(BoardArg arg) {
  switch (arg) {
    case A::Move: return "MOVE[#N]";
    case A::MoveNumber: return "[#N]";
    case A::ProposalKind: return "draw|undo|abort";
    case A::Text: return "TEXT...";
    case A::Lines: return "[if THEIRS ANSWER ...; if ...|clear]";
  }
  return "";
}

// The JSON API's "move_number": the number the move's first ply gets.
std::optional<ExpectedMove> ply_guard(const nlohmann::json& body) {
  const std::optional<int> number = int_field(body, "move_number");
  return number ? std::optional(ExpectedMove::ply(*number)) : std::nullopt;
}

[[noreturn]] void usage(const BoardCommand& command) {
  bad_request(text("usage: {usage}", {{"usage", usage_of(command)}}), "usage");
}

// Reads `args` from `words` (all of them must be used).
void read_words(const BoardCommand& command, const std::vector<BoardArg>& args, const std::vector<std::string>& words,
                BoardArgs& out) {
  size_t at = 0;
  for (BoardArg arg : args) {
    if (arg == A::MoveNumber) {
      if (at == words.size()) continue;  // optional
      if (words[at].empty() || words[at][0] != '#') usage(command);
      out.expected = ExpectedMove::turn(parse_move_number(std::string_view(words[at++]).substr(1)));
      continue;
    }
    if (arg == A::Lines) {  // the rest, maybe nothing
      if (at == words.size()) continue;
      out.lines.emplace();
      for (; at < words.size(); ++at) *out.lines += (out.lines->empty() ? "" : " ") + words[at];
      continue;
    }
    if (at == words.size()) usage(command);
    if (arg == A::Move) {
      std::optional<int> turn;
      std::tie(out.move, turn) = split_move_number(words[at++]);
      if (turn) out.expected = ExpectedMove::turn(*turn);
    } else if (arg == A::ProposalKind) {
      out.kind = lowercase(words[at++]);
      if (out.kind != "draw" && out.kind != "undo" && out.kind != "abort") usage(command);
    } else {  // Text: the rest
      for (; at < words.size(); ++at) out.text += (out.text.empty() ? "" : " ") + words[at];
    }
  }
  if (at != words.size()) usage(command);
}

}  // namespace

const std::vector<BoardCommand>& board_commands() { return kBoardCommands; }

const BoardCommand* find_board_command(std::string_view verb) {
  for (const auto& c : kBoardCommands)
    if (c.verb == verb) return &c;
  return nullptr;
}

bool stores_comment(const BoardCommand& command) {
  return command.verb == "move" || command.verb == "swap" || command.verb == "pass";
}

bool bots_may(const BoardCommand& command) {
  static constexpr std::string_view kPlaying[] = {"move",    "swap",  "pass",  "resign", "undo",
                                                  "abort",   "draw",  "propose", "accept", "reject"};
  return std::find(std::begin(kPlaying), std::end(kPlaying), command.verb) != std::end(kPlaying);
}

std::string usage_of(const BoardCommand& command) {
  std::string out(command.verb);
  for (BoardArg arg : command.leading) out += " " + std::string(text_form(arg));
  out += " BOARD USER PASSWORD";
  for (BoardArg arg : command.trailing) out += " " + std::string(text_form(arg));
  return out;
}

BoardArgs board_args_from_words(const BoardCommand& command, const std::vector<std::string>& leading,
                                const std::vector<std::string>& trailing) {
  BoardArgs out;
  read_words(command, command.leading, leading, out);
  read_words(command, command.trailing, trailing, out);
  return out;
}

BoardArgs board_args_from_json(const BoardCommand& command, const nlohmann::json& body) {
  BoardArgs out;
  for (const auto* args : {&command.leading, &command.trailing}) {
    for (BoardArg arg : *args) {
      switch (arg) {
        case A::Move:
          out.move = string_field(body, "move");
          out.expected = ply_guard(body);
          break;
        case A::MoveNumber: out.expected = ply_guard(body); break;
        case A::ProposalKind: out.kind = string_field(body, "kind"); break;
        case A::Text: out.text = string_field(body, "text"); break;
        case A::Lines:
          if (body.contains("lines")) out.lines = string_field(body, "lines");
          break;
      }
    }
  }
  return out;
}

}  // namespace ludus::server
