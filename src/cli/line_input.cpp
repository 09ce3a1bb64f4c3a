#include "cli/line_input.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include <editline/readline.h>

namespace ludus::cli {
namespace {

bool has_control_characters(const std::string& line) {
  for (unsigned char ch : line)
    if ((ch < 32 && ch != '\t') || ch == 127) return true;
  return false;
}

}  // namespace

bool stdin_is_terminal() { return isatty(fileno(stdin)) != 0; }

LineInput::LineInput(std::istream& in, std::ostream& out, bool interactive, bool echo)
    : in_(in), out_(out), interactive_(interactive), echo_(echo) {}

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
  return has_control_characters(line) ? Status::kControlCharacters : Status::kLine;
}

}  // namespace ludus::cli
