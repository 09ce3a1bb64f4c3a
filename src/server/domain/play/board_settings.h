// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a board is besides its game: settings chosen when it is made, kept apart from the
// game's options (which the game validates and the rules read).  The challenge grammar
// writes both as `-key=value` words; these are the board's own words:
//   -nagtime=DAYS -forfeittime=DAYS   (0 = none; defaults 7 and 21; at most 365)
//   -rated=yes|no                     (default: yes for the game's standard options)
//   -exploration=yes|no               (default: no on rated boards, yes on the others; always
//                                      no on tournament boards): whether the players may use
//                                      conditional moves and the server's analysis engine
//                                      while the game is on (docs/correspondence.md)
#include <map>
#include <optional>
#include <string>

#include "server/base/texts.h"
#include "server/storage/mail_store.h"

namespace ludus::server {

struct BoardSettings {
  TimeLimits limits;
  std::optional<bool> rated;  // nullopt: as the options decide (board_spec)
  std::optional<bool> exploration;  // nullopt: as being rated decides (board_spec)
};

// Takes the board's words out of `options`, leaving the game's; throws 400 bad_game naming
// a bad value.
BoardSettings take_board_settings(std::map<std::string, std::string>& options);

// The time limits for people, the one wording of every front end (the lobby's cards, the
// tournament page, the offers' mails and listings): "a reminder after 7 days without a move,
// lost on time after 21 days without a move"; "no reminders, never lost on time".
// In `language` for the text replies; the JSON fields keep the English.
std::string time_limits_text(const TimeLimits& limits, const Language& language = Language());

// The board's words for `limits`, `rated` and `exploration`, as offers store them beside the
// game's options and the API shows them (old clients read them among "options").
std::map<std::string, std::string> board_setting_words(const TimeLimits& limits, bool rated, bool exploration);

// "exploration allowed" / "no exploration": the setting in words on cards, mails and boards.
std::string exploration_text(bool exploration, const Language& language = Language());

}  // namespace ludus::server
