// SPDX-License-Identifier: Apache-2.0
#pragma once
// Case folding and blank trimming for user-typed text (moves, commands, AI specs,
// options): written once so every front end folds text the same way.
#include <optional>
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

// The code points of `text`, or nullopt when it is not well-formed UTF-8 (as valid_utf8).
std::optional<std::vector<char32_t>> code_points(std::string_view text);

// `text` as a message quotes what someone typed: valid UTF-8 as it is, each byte that is not
// UTF-8 and each control character (C0, DEL, C1) as U+FFFD, cut after `max_chars`
// characters (then "..."), never inside one.
std::string quoted_text(std::string_view text, size_t max_chars);

}  // namespace ludus
