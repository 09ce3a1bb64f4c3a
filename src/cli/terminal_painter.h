// SPDX-License-Identifier: Apache-2.0
#pragma once
// Colour and Unicode stones for boards drawn in a terminal (the games' drawings are
// plain; core/ascii_board.h): `--color=auto|always|never`, NO_COLOR honoured.
#include <string>

#include "core/ascii_board.h"

namespace ludus::cli {

enum class ColorMode { kAuto, kAlways, kNever };

// "auto", "always" or "never"; throws LudusError otherwise.
ColorMode parse_color_mode(const std::string& text);

// Whether to colour output written to file descriptor `fd`: always / never as asked;
// auto when NO_COLOR is unset or empty, TERM is set and not "dumb", and fd is a terminal.
bool use_color(ColorMode mode, int fd);

// Whether the locale's character set is UTF-8 (LC_ALL, else LC_CTYPE, else LANG).
bool utf8_locale();

// ANSI colours: the first colour's stones red, the second's blue, their marks (gaps) in
// the same colours, empty points dim, the last move in reverse video, a stone the game
// singles out underlined.  With `unicode`, stones are ● (first colour) and ○ (second).
class TerminalPainter : public BoardPainter {
 public:
  explicit TerminalPainter(bool unicode) : unicode_(unicode) {}
  std::string paint(const BoardGlyph& glyph) const override;
  bool brackets_last_move() const override { return false; }

 private:
  bool unicode_;
};

}  // namespace ludus::cli
