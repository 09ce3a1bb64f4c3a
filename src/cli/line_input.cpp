// SPDX-License-Identifier: Apache-2.0
#include "cli/line_input.h"

#include <langinfo.h>
#include <unistd.h>

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <editline/readline.h>

#include "core/text.h"

namespace ludus::cli {
namespace {

bool has_control_characters(const std::string& line) {
  for (unsigned char ch : line)
    if ((ch < 32 && ch != '\t') || ch == 127) return true;
  return false;
}

// Character handling of the terminal: the user's locale, or C.UTF-8 when it is plain ASCII.
void read_terminal_as_utf8() {
  std::setlocale(LC_CTYPE, "");
  if (std::strcmp(nl_langinfo(CODESET), "ANSI_X3.4-1968") == 0) std::setlocale(LC_CTYPE, "C.UTF-8");
}

}  // namespace

bool stdin_is_terminal() { return isatty(fileno(stdin)) != 0; }

LineInput::LineInput(std::istream& in, std::ostream& out, bool interactive, bool echo)
    : in_(in), out_(out), interactive_(interactive), echo_(echo) {
  if (interactive_) read_terminal_as_utf8();
}

LineInput::Status LineInput::read(const std::string& prompt, std::string& line) {
  if (interactive_) {
    out_.flush();
    char* text = readline(prompt.c_str());
    if (!text) return Status::kEnd;
    line = text;
    std::free(text);
    if (!line.empty()) add_history(line.c_str());  // up arrow brings it back
  } else {
    out_ << prompt << std::flush;
    if (!std::getline(in_, line)) return Status::kEnd;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (echo_) out_ << line << "\n";
  }
  if (has_control_characters(line)) return Status::kControlCharacters;
  return valid_utf8(line) ? Status::kLine : Status::kNotUtf8;
}

}  // namespace ludus::cli
