// SPDX-License-Identifier: Apache-2.0
#include "server/domain/community/user_text.h"

#include <fmt/format.h>

#include "core/text.h"
#include "server/base/errors.h"

namespace ludus::server {
std::string checked_user_text(std::string_view text, const UserTextRule& rule) {
  if (!valid_utf8(text)) bad_request(ludus::server::text("{what} is not valid UTF-8", {{"what", ludus::server::text(rule.what)}}), "bad_encoding");
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
      const std::string point = fmt::format("U+{:04X}", static_cast<unsigned>(ch.point));
      bad_request(rule.lines == TextLines::Several
                      ? ludus::server::text("{what} holds the control character {character} on line {line}, which text may not hold "
                             "(escape sequences, bidirectional overrides); send plain text",
                             {{"what", ludus::server::text(rule.what)}, {"character", point}, {"line", line}})
                      : ludus::server::text("{what} holds the control character {character}, which text may not hold (escape "
                             "sequences, bidirectional overrides); send plain text",
                             {{"what", ludus::server::text(rule.what)}, {"character", point}}),
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
  if (made.empty() && !rule.may_be_empty) bad_request(ludus::server::text("{what} is empty", {{"what", ludus::server::text(rule.what)}}), "bad_text");
  size_t chars = 0;
  for (size_t at = 0; rule.max_chars > 0 && at < made.size(); at += first_utf8_char(made.substr(at)).length) ++chars;
  if (rule.max_chars > 0 && chars > rule.max_chars)
    bad_request(ludus::server::text("{what} is longer than {max} characters", {{"what", ludus::server::text(rule.what)}, {"max", rule.max_chars}}),
                "bad_text");
  if (made.size() > rule.max_bytes)
    bad_request(ludus::server::text("{what} is longer than {max} bytes", {{"what", ludus::server::text(rule.what)}, {"max", rule.max_bytes}}),
                "bad_text");
  return made;
}

}  // namespace ludus::server
