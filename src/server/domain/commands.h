// SPDX-License-Identifier: Apache-2.0
#pragma once
// The command interface in the classic play-by-email style.  The same words work on the
// command line (`ludus pbm ...`) and over HTTP (POST /api/command):
//
//   [GAME] COMMAND ARGUMENTS...
//
// GAME is needed only by `challenge` (elsewhere it may be given and must match the
// board's game).  Commands that change a board authenticate with USER PASSWORD; the
// full grammar is in docs/http-api.md and in `help`.
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "server/domain/command_caller.h"
#include "server/domain/service.h"

namespace ludus::server {

class CommandInterpreter {
 public:
  explicit CommandInterpreter(Service& service) : service_(&service) {}

  // Runs one command given as words; returns the reply text.  Throws ServiceError (or
  // LudusError) with one line on any error.  `client` is who sends it (CommandCaller), for
  // slowing down password guessing (LoginThrottle).  `comment` (a mail's body) is stored
  // with a move, swap or pass, in its transaction; other commands ignore it.
  std::string execute(const std::vector<std::string>& words, const LoginClient& client = {},
                      std::string_view comment = {});
  // The same, for a front end that wants to know who the command proved to be
  // (`caller.user()` afterwards, also when the command failed after the password was verified).
  std::string execute(const std::vector<std::string>& words, CommandCaller& caller, std::string_view comment = {});
  // Whether the words start with a command (or a game name and a command), i.e. whether
  // they are meant for execute(), right or wrong; "Epoxy Board 2: your move" is not.
  static bool names_command(const std::vector<std::string>& words);
  // Whether the command would store `comment` (move, swap, pass, also after a game name):
  // a mail whose body cannot be read is refused only for those.
  static bool takes_comment(const std::vector<std::string>& words);
  // The command as text with its password words replaced by "*****", and everything after
  // an unknown command word dropped (for replies that quote a command, and logs).
  static std::string redacted(const std::vector<std::string>& words);
  // Splits command text into words at blanks; "double quotes" group words (with \" and
  // \\ escapes inside).  Throws 400 on an unterminated quote.
  static std::vector<std::string> split(std::string_view text);
  // Help for one command, or the command summary (with the games) when empty, in `language`
  // (the prose; the grammar lines stay English).
  static std::string help(std::string_view command = {}, const Language& language = Language());

 private:
  Service* service_;
};

}  // namespace ludus::server
