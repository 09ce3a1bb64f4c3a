#include "core/ascii_board.h"

#include <algorithm>
#include <vector>

namespace ludus {

std::string render_hex_board(const Geometry& g, const SiteGlyph& glyph) {
  const int rows = g.num_rows(), cols = g.num_cols();
  // Screen x of (row, col): one step right is `unit` characters, one row down shifts
  // half a step left.  Wider units keep two-digit column numbers apart.
  const int unit = cols > 9 ? 4 : 2;
  const int half = unit / 2;
  const int margin = 3;  // row letter + space
  auto x_of = [&](int row, int col) { return margin + unit * col - half * row + half * (rows + 1); };

  // Screen lines: line 0 holds labels above row 0; line r+1 holds row r.
  std::vector<std::string> lines(rows + 1);
  auto put = [&](int line, int x, const std::string& text) {
    std::string& s = lines[line];
    if (static_cast<int>(s.size()) < x + static_cast<int>(text.size())) s.resize(x + text.size(), ' ');
    s.replace(x, text.size(), text);
  };

  std::vector<int> first_col(rows, -1);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      int site = g.site_at(r, c);
      if (site < 0) continue;
      if (first_col[r] < 0) first_col[r] = c;
      put(r + 1, x_of(r, c), glyph(site));
    }
  }
  // Column labels: above-right of the topmost site of each column (never a site: that
  // spot is in the same column, one row up).
  for (int c = 0; c < cols; ++c) {
    for (int r = 0; r < rows; ++r) {
      if (g.site_at(r, c) < 0) continue;
      put(r, x_of(r - 1, c), std::to_string(c + 1));  // line r is the line above row r
      break;
    }
  }
  // Row letters: half a step left of the row's first site, or further left when a column
  // label sits there (perforated boards, whose columns may start below the top row).
  for (int r = 0; r < rows; ++r) {
    if (first_col[r] < 0) continue;
    int x = x_of(r, first_col[r]) - half - 2;
    size_t leftmost = lines[r + 1].find_first_not_of(' ');
    if (leftmost != std::string::npos) x = std::min(x, static_cast<int>(leftmost) - 2);
    put(r + 1, x, std::string(1, char('a' + r)));
  }
  // Strip the common left margin and trailing blanks.
  size_t common = std::string::npos;
  for (auto& s : lines) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    if (s.empty()) continue;
    common = std::min(common, s.find_first_not_of(' '));
  }
  std::string out;
  for (auto& s : lines) {
    if (common != std::string::npos && s.size() >= common) s.erase(0, common);
    out += s + "\n";
  }
  return out;
}

std::string render_square_board(const Geometry& g, const SiteGlyph& glyph) {
  const int rows = g.num_rows(), cols = g.num_cols();
  std::string letters = "   ";
  for (int c = 0; c < cols; ++c) letters += std::string(1, char('a' + c)) + (c + 1 < cols ? " " : "");
  std::string out = letters + "\n";
  for (int r = rows - 1; r >= 0; --r) {
    std::string num = std::to_string(r + 1);
    std::string line = std::string(2 - std::min<size_t>(2, num.size()), ' ') + num + " ";
    for (int c = 0; c < cols; ++c) {
      int site = g.site_at(r, c);
      line += (site < 0 ? std::string(" ") : glyph(site)) + (c + 1 < cols ? " " : "");
    }
    out += line + " " + num + "\n";
  }
  return out + letters + "\n";
}

}  // namespace ludus
