// SPDX-License-Identifier: Apache-2.0
#include "core/ascii_board.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace ludus {
namespace {

// A drawing as lines of one-column places, each blank or holding one character of a
// glyph; painted only at the end, so that layout never depends on escape codes.
class Canvas {
 public:
  explicit Canvas(int lines) : lines_(static_cast<size_t>(lines)) {}

  // Puts `glyph` at column x of `line`, one place per character of its text.
  void put(int line, int x, const BoardGlyph& glyph) {
    auto& places = lines_[static_cast<size_t>(line)];
    for (size_t i = 0; i < glyph.text.size(); ++i) {
      const size_t at = static_cast<size_t>(x) + i;
      if (places.size() <= at) places.resize(at + 1);
      BoardGlyph one = glyph;
      one.text = glyph.text.substr(i, 1);
      places[at] = std::move(one);
    }
  }
  bool blank(int line, int x) const {
    const auto& places = lines_[static_cast<size_t>(line)];
    return x < 0 || static_cast<size_t>(x) >= places.size() || !places[static_cast<size_t>(x)];
  }
  // Column of the first non-blank place of `line`, or -1.
  int first(int line) const {
    const auto& places = lines_[static_cast<size_t>(line)];
    for (size_t x = 0; x < places.size(); ++x)
      if (places[x]) return static_cast<int>(x);
    return -1;
  }
  // A site's glyph, with brackets around the last move when the painter wants them.
  void put_site(int line, int x, const BoardGlyph& glyph, const BoardPainter& painter) {
    put(line, x, glyph);
    if (glyph.last && painter.brackets_last_move() && blank(line, x - 1) && blank(line, x + 1)) {
      put(line, x - 1, BoardGlyph::label("("));
      put(line, x + 1, BoardGlyph::label(")"));
    }
  }

  // The text without trailing blanks (and, with `strip_margin`, without the common left
  // margin); labels run together are painted as one.
  std::string text(const BoardPainter& painter, bool strip_margin) const {
    int margin = -1;
    for (int line = 0; strip_margin && line < static_cast<int>(lines_.size()); ++line) {
      const int f = first(line);
      if (f >= 0) margin = margin < 0 ? f : std::min(margin, f);
    }
    std::string out;
    for (const auto& places : lines_) {
      std::string row;
      size_t end = places.size();
      while (end > 0 && !places[end - 1]) --end;
      for (size_t x = std::max(0, margin); x < end; ++x) {
        if (!places[x]) {
          row += ' ';
          continue;
        }
        BoardGlyph glyph = *places[x];
        while (glyph.kind == GlyphKind::kLabel && x + 1 < end && places[x + 1] && places[x + 1]->kind == GlyphKind::kLabel)
          glyph.text += places[++x]->text;
        row += painter.paint(glyph);
      }
      out += row + "\n";
    }
    return out;
  }

 private:
  std::vector<std::vector<std::optional<BoardGlyph>>> lines_;
};

}  // namespace

const BoardPainter& BoardPainter::plain() {
  static const BoardPainter painter;
  return painter;
}

std::string render_hex_board(const Geometry& g, const SiteGlyph& glyph, const BoardPainter& painter) {
  const int rows = g.num_rows(), cols = g.num_cols();
  // Cells two characters apart, each row one character left of the one above.
  auto x_of = [&](int row, int col) { return 4 + 2 * col - row + rows; };
  const int label_lines = cols > 9 ? 2 : 1;  // tens over units
  const int top = label_lines;               // line of row 0
  Canvas canvas(label_lines + rows + label_lines);

  std::vector<bool> used_col(static_cast<size_t>(cols), false);
  std::vector<bool> reaches_bottom(static_cast<size_t>(cols), false);
  for (int r = 0; r < rows; ++r) {
    int first_x = -1, last_x = -1;
    for (int c = 0; c < cols; ++c) {
      const int site = g.site_at(r, c);
      if (site < 0) continue;
      used_col[static_cast<size_t>(c)] = true;
      if (r == rows - 1) reaches_bottom[static_cast<size_t>(c)] = true;
      const int x = x_of(r, c);
      canvas.put_site(top + r, x, glyph(site), painter);
      if (first_x < 0) first_x = x;
      last_x = x;
    }
    if (first_x < 0) continue;
    const std::string letter(1, static_cast<char>('a' + r));
    canvas.put(top + r, first_x - 3, BoardGlyph::label(letter));
    canvas.put(top + r, last_x + 3, BoardGlyph::label(letter));
  }
  // Column numbers continuing each column's diagonal: on the line above row 0, and on the
  // line below the last row for the columns that reach it (the others end on the left edge,
  // where their numbers would stand under the row letters).
  for (int c = 0; c < cols; ++c) {
    if (!used_col[static_cast<size_t>(c)]) continue;
    const std::string number = std::to_string(c + 1);
    for (const int row : {-1, rows}) {
      if (row == rows && !reaches_bottom[static_cast<size_t>(c)]) continue;
      const int first_line = row < 0 ? 0 : top + rows;
      const int x = x_of(row, c);
      if (number.size() == 2) {
        canvas.put(first_line, x, BoardGlyph::label(number.substr(0, 1)));
        canvas.put(first_line + 1, x, BoardGlyph::label(number.substr(1, 1)));
      } else {
        canvas.put(first_line + label_lines - 1, x, BoardGlyph::label(number));
      }
    }
  }
  return canvas.text(painter, true);
}

std::string render_square_board(const Geometry& g, const SiteGlyph& glyph, const BoardPainter& painter) {
  const int rows = g.num_rows(), cols = g.num_cols();
  Canvas canvas(rows + 2);
  auto x_of = [](int col) { return 4 + 2 * col; };  // after the row number and two blanks
  for (int c = 0; c < cols; ++c) {
    const BoardGlyph letter = BoardGlyph::label(std::string(1, static_cast<char>('a' + c)));
    canvas.put(0, x_of(c), letter);
    canvas.put(rows + 1, x_of(c), letter);
  }
  for (int r = rows - 1; r >= 0; --r) {
    const int line = rows - r;
    const std::string number = std::to_string(r + 1);
    canvas.put(line, 2 - static_cast<int>(number.size()), BoardGlyph::label(number));
    for (int c = 0; c < cols; ++c) {
      const int site = g.site_at(r, c);
      if (site >= 0) canvas.put_site(line, x_of(c), glyph(site), painter);
    }
    canvas.put(line, x_of(cols - 1) + 3, BoardGlyph::label(number));
  }
  return canvas.text(painter, false);
}

}  // namespace ludus
