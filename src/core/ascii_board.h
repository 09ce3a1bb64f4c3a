// SPDX-License-Identifier: Apache-2.0
#pragma once
// Board drawings shared by the games, in the style of the play-by-email help pages, and
// the split that keeps colour out of the games: a game says what each place shows (a
// stone of a colour, the last move, a mark such as a gap, an empty point, a coordinate)
// as a BoardGlyph with its plain ASCII text; a BoardPainter turns glyphs into text.  The
// plain painter keeps the ASCII (records, mail, tests, GTP); a front end passes its own
// (cli/terminal_painter.h: ANSI colour and Unicode stones) without any game knowing it.
#include <functional>
#include <string>

#include "core/geometry.h"

namespace ludus {

enum class GlyphKind : unsigned char { kEmpty, kStone, kMark, kLabel };

struct BoardGlyph {
  std::string text = ".";  // plain ASCII: one character on hex and square boards
  GlyphKind kind = GlyphKind::kEmpty;
  int colour = -1;         // kStone, kMark: whose (-1 for a mark of nobody's)
  bool last = false;       // a stone placed by the last turn
  bool emphasis = false;   // a stone the game singles out (N-Mesh's enmeshed stones)

  static BoardGlyph empty(std::string text) { return {std::move(text), GlyphKind::kEmpty, -1, false, false}; }
  static BoardGlyph stone(int colour, std::string text, bool last = false, bool emphasis = false) {
    return {std::move(text), GlyphKind::kStone, colour, last, emphasis};
  }
  static BoardGlyph mark(int colour, std::string text) { return {std::move(text), GlyphKind::kMark, colour, false, false}; }
  static BoardGlyph label(std::string text) { return {std::move(text), GlyphKind::kLabel, -1, false, false}; }
};

class BoardPainter {
 public:
  virtual ~BoardPainter() = default;
  // The text of one glyph; it must take as many terminal columns as glyph.text.
  virtual std::string paint(const BoardGlyph& glyph) const { return glyph.text; }
  // Whether the drawing marks the last move with brackets around it, "(x)": plain text
  // has no other way; a painter that highlights it says no.
  virtual bool brackets_last_move() const { return true; }

  // The painter of plain ASCII.
  static const BoardPainter& plain();
};

// One glyph per site.
using SiteGlyph = std::function<BoardGlyph(int site)>;

// Hex cells / triangular points, one row per line, each row half a step left of the one
// above, holes drawn as blanks.  Row letters on both sides of every row; the diagonal
// column numbers on a line above the board, each continuing its column's diagonal, and
// below it for the columns that reach the last row (numbers above 9 written downwards, tens
// over units, so that cells stay two characters apart and the largest boards fit 100
// columns):
//
//        1 2 3 4 5
//    a  . . .  a
//   b  . . . .  b
//  c  . . . . .  c
//   d  . . . .  d
//    e  . . .  e
//       3 4 5
std::string render_hex_board(const Geometry& geometry, const SiteGlyph& glyph,
                             const BoardPainter& painter = BoardPainter::plain());

// Square cells: column letters above and below, row numbers left and right (two blanks
// from the cells, room for the last move's brackets), row 1 at the bottom.
std::string render_square_board(const Geometry& geometry, const SiteGlyph& glyph,
                                const BoardPainter& painter = BoardPainter::plain());

}  // namespace ludus
