// The Trellis board in play-by-email style: points joined by lines, dark squares filled
// with ':', light ones blank, coordinates on all four sides, and a legend.
//
//      a  b  c  d  e  f  g
//   7  .--.--.--.--.--.--.  7
//      |::|  |::|  |::|  |
//   6  .--.--x--.--.--.--.  6
#include <fmt/format.h>

#include "games/trellis/trellis.h"

namespace ludus::trellis {

std::string TrellisState::render() const {
  const TrellisGame& g = *game_;
  const int n = g.size();
  const TurnStones last_turn = this->last_turn();
  auto glyph = [&](int site) {
    int colour = stone_at(site);
    if (colour < 0) return '.';
    bool last = site == last_turn.first || site == last_turn.second;
    return colour == kBlack ? (last ? 'X' : 'x') : (last ? 'O' : 'o');
  };
  std::string letters = "    ";
  for (int c = 0; c < n; ++c) letters += fmt::format("{}{}", char('a' + c), c + 1 < n ? "  " : "");
  std::string out = letters + "\n";
  for (int r = n - 1; r >= 0; --r) {
    std::string line = fmt::format("{:>2}  ", r + 1);
    for (int c = 0; c < n; ++c) {
      line += glyph(g.site(c, r));
      if (c + 1 < n) line += "--";
    }
    out += line + fmt::format("  {}\n", r + 1);
    if (r == 0) break;
    // The squares between this row of points and the one below.
    std::string squares = "    ";
    for (int c = 0; c < n; ++c) {
      squares += '|';
      if (c + 1 < n) squares += TrellisGame::dark_square(c, r - 1) ? "::" : "  ";
    }
    out += squares + "\n";
  }
  out += letters + "\n";
  out += "x black: joins top and bottom rows, links across dark squares (::)\n";
  out += "o white: joins left and right columns, links across light squares\n";
  out += "X O: stones of the last turn\n";
  return out;
}

}  // namespace ludus::trellis
