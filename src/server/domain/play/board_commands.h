// SPDX-License-Identifier: Apache-2.0
#pragma once
// The commands that act on one board (move, swap, pass, resign, undo, abort, draw, propose,
// accept, reject, conditional, comment, subscribe, unsubscribe), declared once: verb, arguments, help
// and action.  Both front ends are driven by this table:
//  * the text grammar (commands.cpp, `ludus pbm`, POST /api/command, mail):
//      VERB [LEADING...] BOARD USER PASSWORD [ARGS...]      e.g. move 12 alice pw e5#7
//    (#N: the turn the move is for, as boards and mails number them)
//  * the JSON API (http_api.cpp): POST /api/games/BOARD/VERB with a bearer token and the
//    same arguments by name in the body: {"move": "e5", "move_number": 7} ("move_number":
//    the number of the move's first ply, the board JSON's next_move_number).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "server/domain/service.h"

namespace ludus::server {

// An argument of a board command: how it is written in text and named in JSON.
enum class BoardArg {
  Move,          // text MOVE[#N] (N a turn); JSON "move" (string) and optional "move_number" (a ply)
  MoveNumber,    // text [#N] (optional, a turn); JSON optional "move_number" (a ply)
  ProposalKind,  // text draw|undo|abort; JSON "kind"
  Text,          // text TEXT... (the rest of the words); JSON "text"
  Lines,         // text [if THEIRS ANSWER ...; if ...|clear] (the rest, maybe none); JSON optional "lines"
};

struct BoardArgs {
  std::string move;
  std::optional<ExpectedMove> expected;  // #N (a turn) or "move_number" (a ply)
  std::string kind;
  std::string text;
  std::optional<std::string> lines;  // conditional moves as the grammar writes them; nullopt: show them
  // Not a word of the grammar: the comment a mail's body adds to a move, swap or pass
  // (stored in the move's transaction); "" for none.
  std::string comment;
  // Not a word either: the language of the text reply (CommandCaller::language); English for JSON.
  Language language;
};

struct BoardOutcome {
  std::string line;     // one line for the text reply: "alice plays e5 on board 3 (turn 7)."
  std::string message;  // for the JSON reply's "message" ("" = none)
};

struct BoardCommand {
  std::string_view verb;
  std::vector<BoardArg> leading;   // text arguments before BOARD (propose's kind)
  std::vector<BoardArg> trailing;  // text arguments after PASSWORD
  std::string_view help;
  bool text_reply_shows_board;     // the text reply ends with the board
  BoardOutcome (*run)(Service& service, int64_t board, const std::string& user, const BoardArgs& args);
};

// In the order `help` lists them.
const std::vector<BoardCommand>& board_commands();
const BoardCommand* find_board_command(std::string_view verb);
// Whether the command stores BoardArgs::comment (a mail's body) with what it does: the turns,
// move, swap and pass; the others ignore it.
bool stores_comment(const BoardCommand& command);
// Whether the command is a player's act in the game itself (a turn, a resignation, a proposal
// or its answer): all a bot token may do on a board (docs/bots.md); conditional moves,
// comments and follows are not.
bool bots_may(const BoardCommand& command);
// "move BOARD USER PASSWORD MOVE[#N]".
std::string usage_of(const BoardCommand& command);

// The arguments from the words before BOARD and after PASSWORD (400 "usage: ..." when
// they do not fit), and from JSON body fields (400 on a missing or mistyped field).
BoardArgs board_args_from_words(const BoardCommand& command, const std::vector<std::string>& leading,
                                const std::vector<std::string>& trailing);
BoardArgs board_args_from_json(const BoardCommand& command, const nlohmann::json& body);

}  // namespace ludus::server
