// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `tournament` command of the text grammar (commands.h; docs/tournaments.md):
//
//   tournament create GAME [-name="NAME"] [-OPTION=VALUE...] -format=F [-rounds=N] -players=MIN-MAX
//                     -start=DATE|full [-rated=yes|no] [-nagtime=D] [-forfeittime=D] USER PASSWORD
//   tournament join|leave|withdraw|start NUMBER USER PASSWORD
//   tournament show NUMBER
//   tournament list [GAME] [open|running|finished|cancelled|all]
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/command_caller.h"
#include "server/domain/service.h"

namespace ludus::server {

// Runs `tournament ARGS...` (`game`: a game name given before the verb, or "").  Throws
// ServiceError with one line on any error.
std::string run_tournament_command(Service& service, const std::string& game, const std::vector<std::string>& args,
                                   CommandCaller& caller);
// Which of ARGS (the words after `tournament`) are passwords.
std::vector<size_t> tournament_password_words(const std::vector<std::string>& args);

}  // namespace ludus::server
