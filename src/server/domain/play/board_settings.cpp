// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/board_settings.h"

#include <charconv>

#include "core/text.h"
#include "server/base/errors.h"

namespace ludus::server {
namespace {

// The board's time limits from the challenge options "nagtime" and "forfeittime" (days),
// which are taken out of `options` (the rest are the game's).
TimeLimits take_time_limits(std::map<std::string, std::string>& options) {
  TimeLimits limits;
  for (auto [name, days] : {std::pair{"nagtime", &limits.nag_days}, std::pair{"forfeittime", &limits.forfeit_days}}) {
    auto it = options.find(name);
    if (it == options.end()) continue;
    const std::string& text = it->second;
    int value = -1;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > TimeLimits::kMaxDays)
      bad_request(ludus::server::text("-{option} must be a number of days from 0 (none) to {max}",
                                      {{"option", name}, {"max", TimeLimits::kMaxDays}}),
                  "bad_game");
    *days = value;
    options.erase(it);
  }
  return limits;
}

// A yes|no board option (rated, exploration), taken out of `options`; nullopt when not given.
std::optional<bool> take_yes_no(std::map<std::string, std::string>& options, const std::string& name) {
  auto it = options.find(name);
  if (it == options.end()) return std::nullopt;
  const std::string value = lowercase(it->second);
  options.erase(it);
  if (value == "yes" || value == "on" || value == "true") return true;
  if (value == "no" || value == "off" || value == "false") return false;
  bad_request(text("-{option} must be yes or no", {{"option", name}}), "bad_game");
}

}  // namespace

BoardSettings take_board_settings(std::map<std::string, std::string>& options) {
  BoardSettings settings;
  settings.limits = take_time_limits(options);
  settings.rated = take_yes_no(options, "rated");
  settings.exploration = take_yes_no(options, "exploration");
  return settings;
}

std::string time_limits_text(const TimeLimits& limits, const Language& language) {
  const std::string nag = limits.nag_days ? trn(language, "a reminder after {n} day without a move",
                                                "a reminder after {n} days without a move", limits.nag_days)
                                          : tr(language, "no reminders");
  const std::string forfeit = limits.forfeit_days ? trn(language, "lost on time after {n} day without a move",
                                                        "lost on time after {n} days without a move", limits.forfeit_days)
                                                  : tr(language, "never lost on time");
  return tr(language, "{reminders}, {forfeit}", {{"reminders", nag}, {"forfeit", forfeit}});
}

std::map<std::string, std::string> board_setting_words(const TimeLimits& limits, bool rated, bool exploration) {
  return {{"nagtime", std::to_string(limits.nag_days)},
          {"forfeittime", std::to_string(limits.forfeit_days)},
          {"rated", rated ? "yes" : "no"},
          {"exploration", exploration ? "yes" : "no"}};
}

std::string exploration_text(bool exploration, const Language& language) {
  return exploration ? tr(language, "exploration allowed") : tr(language, "no exploration");
}

}  // namespace ludus::server
