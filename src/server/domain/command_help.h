// SPDX-License-Identifier: Apache-2.0
#pragma once
// The help of the command grammar (commands.h): each command's usage line and text, for
// `help`, usage errors and the summary.  The board commands' help is in board_commands.h.
#include <string_view>

namespace ludus::server {

struct CommandHelp {
  const char* name;
  const char* usage;
  const char* text;  // English, marked N_: `help` writes it with tr in the reader's language
};

// The command (not a board command) named `name` (lower case), or nullptr.
const CommandHelp* find_command(std::string_view name);

}  // namespace ludus::server
