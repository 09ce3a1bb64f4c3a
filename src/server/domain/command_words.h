// SPDX-License-Identifier: Apache-2.0
#pragma once
// Words of the text command grammar that several commands share: board numbers and turn
// numbers ("12", "#7", "e5#7": the turns boards and mails show), and the page of a listing
// ("-limit=50 -offset=100").  Each throws ServiceError 400 with a one-line reason.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/base/paging.h"

namespace ludus::server {

// "12" -> 12.
int64_t parse_board(std::string_view text);
// "7" (the text after '#'): N >= min; 1 for the turn about to be played, 0 for a position.
int parse_move_number(std::string_view text, int min = 1);
// "TEXT#N" -> {TEXT, N}; "TEXT" -> {TEXT, nullopt}.
std::pair<std::string, std::optional<int>> split_move_number(std::string_view text);
// The page a listing command asks for with -limit=N and -offset=N, each at most once, as its
// last words (after any password, which therefore stays where the redaction looks for it);
// takes those words out of `args`.  parse_page's bounds and defaults.
Page take_page_words(std::vector<std::string>& args, int default_limit);

}  // namespace ludus::server
