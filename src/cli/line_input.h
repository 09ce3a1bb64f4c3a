// SPDX-License-Identifier: Apache-2.0
#pragma once
// Lines typed by a person: with line editing and history (libedit's readline) when
// standard input is a terminal, plain lines from a stream otherwise (scripts, pipes,
// tests).  Either way a line holding control characters (the escape sequences of arrow
// or function keys a terminal without editing passes on) or bytes that are not UTF-8 is
// reported, never returned as a move.  A terminal is read as UTF-8: the locale's character
// set, or C.UTF-8 when the locale is plain ASCII ("C"), so 'é4' or 'ｃ３' arrive whole and
// the error can name them (libedit drops what its locale cannot decode).
#include <iosfwd>
#include <string>

namespace ludus::cli {

class LineInput {
 public:
  // `in` is read when it is not a terminal; `out` receives the prompt then (and the line,
  // with `echo`, so that a transcript of scripted input stays readable).
  LineInput(std::istream& in, std::ostream& out, bool interactive, bool echo);

  enum class Status { kLine, kControlCharacters, kNotUtf8, kEnd };
  // Shows `prompt` and reads one line into `line` (without the newline).
  Status read(const std::string& prompt, std::string& line);

 private:
  std::istream& in_;
  std::ostream& out_;
  bool interactive_;
  bool echo_;
};

// Whether standard input is a terminal a person types at.
bool stdin_is_terminal();

}  // namespace ludus::cli
