// SPDX-License-Identifier: Apache-2.0
#pragma once
// Case folding and blank trimming for user-typed text (moves, commands, AI specs,
// options), and what a terminal must not be given raw (terminal_safe): written once so
// every front end folds and shows text the same way.
#include <string>
#include <string_view>
#include <vector>

namespace ludus {

// ASCII lowercase copy.
std::string lowercase(std::string_view text);

// `text` without leading and trailing blanks.
std::string_view trim(std::string_view text);

// lowercase(trim(text)).
std::string lowercase_trimmed(std::string_view text);

// The words of `text`, split at blanks.
std::vector<std::string> split_words(std::string_view text);

// `text` with every run of blanks and control characters (CR, LF, tab ...) made one space,
// trimmed: for mail header values, and for error messages, which quote SQL statements and
// library errors that span lines.
std::string one_line(std::string_view text);

// True when `text` is well-formed UTF-8 (RFC 3629: no overlong forms, surrogates, code points
// past U+10FFFF, stray or truncated sequences).  NUL is well-formed.
bool valid_utf8(std::string_view text);

// The code point UTF-8 encodes at the start of `text` and its length in bytes; length 0 when
// the bytes there are not UTF-8 (valid_utf8's rules) or `text` is empty.
struct Utf8Char {
  char32_t point = 0;
  size_t length = 0;
};
Utf8Char first_utf8_char(std::string_view text);

// Whether a terminal acts on code point `c` instead of showing it: the C0 controls (newline
// and tab included: callers that keep lines say so), DEL, the C1 controls (U+0080-U+009F:
// CSI and OSC in one character), the bidirectional marks, embeddings, overrides and
// isolates (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which reorder what is shown after
// them, and the line and paragraph separators (U+2028, U+2029), which break a line.  The one list of
// what user text may not hold (server/domain/community/user_text.h) and what terminal_safe escapes.
bool is_terminal_control(char32_t c);

// `text` made safe to print on an operator's terminal, keeping what it says readable: each
// is_terminal_control character but newline and tab shown as an escape (\x1b for a C0
// control or DEL, \u009b for a C1 control, \u202e for a bidirectional control) and each
// byte that is not UTF-8 as \xNN; everything else unchanged.  For text that came from a
// user, a record file or the database, at the point it is printed.
std::string terminal_safe(std::string_view text);

// `text` as a message quotes what someone typed: valid UTF-8 as it is, each byte that is not
// UTF-8 and each is_terminal_control character as U+FFFD, cut after `max_chars`
// characters (then "..."), never inside one.
std::string quoted_text(std::string_view text, size_t max_chars);

}  // namespace ludus
