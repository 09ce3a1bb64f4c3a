// SPDX-License-Identifier: Apache-2.0
#pragma once
// What free text a user may store (comments, reports' reasons, administrators' reasons):
// one rule, applied by the domain, so HTTP's JSON routes, POST /api/command, mail and
// `ludus pbm` all accept and refuse the same text (docs/security.md, "Operator terminals").
// Stored text never holds a character a terminal acts on (core/text.h: is_terminal_control)
// but the newline of a text that may have several lines.
#include <cstddef>
#include <string>
#include <string_view>

namespace ludus::server {

enum class TextLines { One, Several };

struct UserTextRule {
  const char* what;   // N_("the comment"), N_("the reason"): how error messages name it (translated)
  TextLines lines = TextLines::One;
  size_t max_bytes = 0;    // of the text as stored
  bool may_be_empty = false;
  size_t max_chars = 0;    // characters (code points) of the text as stored; 0: no limit but max_bytes
};

// `text` as it is stored, or a 400:
//  * bad_encoding when it is not UTF-8;
//  * bad_text when it holds a control character (C0, DEL, C1) or a bidirectional control
//    (U+202A-U+202E, U+2066-U+2069); the message names the first one (U+001B) and where it
//    is.  Not refused: a line end (LF, or CR LF, which becomes LF) and a tab, which becomes a
//    space;
//  * bad_text when, made as below, it is empty (unless may_be_empty) or longer than
//    max_bytes (or max_chars characters).
// Made: TextLines::Several keeps its lines and loses trailing blanks; TextLines::One has
// its line ends made spaces, every run of blanks one space, no leading or trailing blank.
std::string checked_user_text(std::string_view text, const UserTextRule& rule);

}  // namespace ludus::server
