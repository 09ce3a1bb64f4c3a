// SPDX-License-Identifier: Apache-2.0
#include "cli/terminal_painter.h"

#include <unistd.h>

#include <cstdlib>

#include "core/error.h"
#include "core/text.h"

namespace ludus::cli {
namespace {

const char* env(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? value : nullptr;
}

std::string sgr(const std::string& codes, const std::string& text) { return "\x1b[" + codes + "m" + text + "\x1b[0m"; }

}  // namespace

ColorMode parse_color_mode(const std::string& text) {
  const std::string mode = lowercase(text);
  if (mode == "auto") return ColorMode::kAuto;
  if (mode == "always") return ColorMode::kAlways;
  if (mode == "never") return ColorMode::kNever;
  throw LudusError("--color must be auto, always or never, not '" + text + "'");
}

bool use_color(ColorMode mode, int fd) {
  if (mode != ColorMode::kAuto) return mode == ColorMode::kAlways;
  if (env("NO_COLOR")) return false;  // https://no-color.org: set and not empty
  const char* term = env("TERM");
  return term && std::string(term) != "dumb" && isatty(fd);
}

bool utf8_locale() {
  const char* locale = env("LC_ALL");
  if (!locale) locale = env("LC_CTYPE");
  if (!locale) locale = env("LANG");
  if (!locale) return false;
  const std::string name = lowercase(locale);
  return name.find("utf-8") != std::string::npos || name.find("utf8") != std::string::npos;
}

std::string TerminalPainter::paint(const BoardGlyph& glyph) const {
  static const char* const kColour[2] = {"31", "34"};  // red, blue
  switch (glyph.kind) {
    case GlyphKind::kStone: {
      const bool first = glyph.colour == 0;
      std::string codes = std::string("1;") + kColour[first ? 0 : 1];
      if (glyph.last) codes += ";7";
      if (glyph.emphasis) codes += ";4";
      return sgr(codes, unicode_ ? (first ? "\u25CF" : "\u25CB") : glyph.text);
    }
    case GlyphKind::kMark:
      return sgr(glyph.colour < 0 ? "33" : kColour[glyph.colour == 0 ? 0 : 1], glyph.text);
    case GlyphKind::kEmpty:
      return sgr("2", glyph.text);
    case GlyphKind::kLabel:
      return sgr("36", glyph.text);
  }
  return glyph.text;
}

}  // namespace ludus::cli
