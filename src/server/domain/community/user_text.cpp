// SPDX-License-Identifier: Apache-2.0
#include "server/domain/community/user_text.h"

#include <fmt/format.h>

#include "core/text.h"
#include "server/base/errors.h"

namespace ludus::server {

std::string checked_user_text(std::string_view text, const UserTextRule& rule) {
  if (!valid_utf8(text)) bad_request(fmt::format("{} is not valid UTF-8", rule.what), "bad_encoding");
  std::string made;
  made.reserve(text.size());
  for (size_t at = 0, line = 1; at < text.size();) {
    const Utf8Char ch = first_utf8_char(text.substr(at));
    if (ch.point == '\r' && text.substr(at, 2) == "\r\n") {
      at += 1;  // CR LF: the LF alone
      continue;
    }
    if (ch.point == '\n') {
      made += rule.lines == TextLines::Several ? '\n' : ' ';
      ++line;
    } else if (ch.point == '\t') {
      made += ' ';
    } else if (is_terminal_control(ch.point)) {
      // Escape sequences would reach the terminals of administrators and players (title,
      // colours, a cleared screen) and bidirectional controls reorder what they read.
      bad_request(fmt::format("{} holds the control character U+{:04X}{}, which text may not hold (escape sequences, "
                              "bidirectional overrides); send plain text",
                              rule.what, static_cast<unsigned>(ch.point),
                              rule.lines == TextLines::Several ? fmt::format(" on line {}", line) : std::string()),
                  "bad_text");
    } else {
      made += text.substr(at, ch.length);
    }
    at += ch.length;
  }
  if (rule.lines == TextLines::One) {
    made = one_line(made);
  } else {
    while (!made.empty() && (made.back() == ' ' || made.back() == '\n')) made.pop_back();
  }
  if (made.empty() && !rule.may_be_empty) bad_request(fmt::format("{} is empty", rule.what), "bad_text");
  size_t chars = 0;
  for (size_t at = 0; rule.max_chars > 0 && at < made.size(); at += first_utf8_char(made.substr(at)).length) ++chars;
  if (rule.max_chars > 0 && chars > rule.max_chars)
    bad_request(fmt::format("{} is longer than {} characters", rule.what, rule.max_chars), "bad_text");
  if (made.size() > rule.max_bytes)
    bad_request(fmt::format("{} is longer than {} bytes", rule.what, rule.max_bytes), "bad_text");
  return made;
}

}  // namespace ludus::server
