// SPDX-License-Identifier: Apache-2.0
// Trellis notation (`d4`, `d4,g4`, `pass`, `swap`), move parsing with reasons, the end
// description, and the board drawing.
//
// The board in play-by-email style: points joined by lines, dark squares filled
// with ':', light ones blank, coordinates on all four sides, and a legend.
//
//      a  b  c  d  e  f  g
//   7  .--.--.--.--.--.--.  7
//      |::|  |::|  |::|  |
//   6  .--.--x--.--.--.--.  6
#include <algorithm>

#include <fmt/format.h>

#include "core/ascii_board.h"
#include "core/notation.h"
#include "games/trellis/trellis_state.h"

namespace ludus::trellis {

std::string TrellisState::end_reason() const {
  if (record_.outcome == kBlack) return "black connects top and bottom";
  if (record_.outcome == kWhite) return "white connects left and right";
  if (record_.outcome == kDraw) return "both players passed";
  return {};
}

std::string TrellisState::ending_theme() const {
  return record_.outcome == kBlack || record_.outcome == kWhite ? "connection" : "";
}

std::string TrellisState::action_to_text(Action action) const {
  const TrellisGame& g = *game_;
  if (action == g.pass_action()) return "pass";
  if (action == g.swap_action()) return "swap";
  TurnStones stones = g.stones_of(action);
  std::string text = g.geometry().name(stones.first);
  if (stones.second >= 0) text += "," + g.geometry().name(stones.second);
  return text;
}

ActionShape TrellisState::action_shape(Action action) const {
  const TrellisGame& g = *game_;
  if (action == g.pass_action()) return {ActionKind::Pass, {}};
  if (action == g.swap_action()) return {ActionKind::Swap, {}};
  const TurnStones stones = g.stones_of(action);
  if (stones.second < 0) return {ActionKind::Place, {stones.first}};
  return {ActionKind::Place, {stones.first, stones.second}};
}

Action TrellisState::parse_action(std::string_view raw) const {
  const TrellisGame& g = *game_;
  const std::string text = normalize_move_text(raw);
  if (is_terminal()) throw_illegal(raw, "the game is over");
  switch (move_word(text)) {
    case MoveWord::Pass:
      return g.pass_action();
    case MoveWord::Swap:
      if (swap_available()) return g.swap_action();
      if (seats_swapped()) throw_illegal(raw, "swap was already played");
      throw_illegal(raw, "swap is only allowed as the second player's choice before turn 4");
    case MoveWord::Resign:
      throw_illegal(raw, "resign is not a board move");
    case MoveWord::None:
      break;
  }
  auto parse_point = [&](const std::string& point) {
    std::string error;
    int site = g.geometry().parse(point, &error);
    if (site < 0) throw_illegal(raw, error);
    if (!empty(site)) throw_illegal(raw, point + " is occupied");
    return site;
  };
  Action action;
  if (text.find(',') != std::string::npos) {
    auto parts = split_move(text, ',');
    if (!parts) throw_illegal(raw, "malformed move (expected 'd4', 'd4,g4', 'pass' or 'swap')");
    int a = parse_point(parts->first), b = parse_point(parts->second);
    if (a == b) throw_illegal(raw, "both stones on " + parts->first);
    action = g.action_of(a, b);
    if (action == kNoAction)
      throw_illegal(raw, "the two stones must be exactly three apart: (±3,0), (0,±3), (±1,±2) or (±2,±1)");
  } else {
    if (text.empty()) throw_illegal(raw, "malformed move (expected 'd4', 'd4,g4', 'pass' or 'swap')");
    action = parse_point(text);
  }
  if (record_.mirror_limit_reached() && record_.mirrors(action))
    throw_illegal(raw, "a tenth mirroring turn in a row is not allowed (it rotates the opponent's last turn by 90°)");
  return action;
}

std::string TrellisState::render() const { return render(BoardPainter::plain()); }

// Points are three characters apart (joined by "--"), so the last turn is marked by
// capitals rather than brackets.
std::string TrellisState::render(const BoardPainter& painter) const {
  const TrellisGame& g = *game_;
  const int n = g.size();
  const TurnStones last_turn = this->last_turn();
  auto glyph = [&](int site) {
    const int colour = stone_at(site);
    if (colour < 0) return painter.paint(BoardGlyph::empty("."));
    const bool last = site == last_turn.first || site == last_turn.second;
    const char* text = colour == kBlack ? (last ? "X" : "x") : (last ? "O" : "o");
    return painter.paint(BoardGlyph::stone(colour, text, last));
  };
  auto label = [&](const std::string& text) { return painter.paint(BoardGlyph::label(text)); };
  std::string letters = "    ";
  for (int c = 0; c < n; ++c) letters += label(std::string(1, char('a' + c))) + (c + 1 < n ? "  " : "");
  std::string out = letters + "\n";
  for (int r = n - 1; r >= 0; --r) {
    std::string line = label(fmt::format("{:>2}", r + 1)) + "  ";
    for (int c = 0; c < n; ++c) {
      line += glyph(g.site(c, r));
      if (c + 1 < n) line += "--";
    }
    out += line + "  " + label(std::to_string(r + 1)) + "\n";
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
  out += painter.paint(BoardGlyph::stone(kBlack, "x")) + " black: joins top and bottom rows, links across dark squares (::)\n";
  out += painter.paint(BoardGlyph::stone(kWhite, "o")) + " white: joins left and right columns, links across light squares\n";
  out += painter.paint(BoardGlyph::stone(kBlack, "X", true)) + " " + painter.paint(BoardGlyph::stone(kWhite, "O", true)) +
         ": stones of the last turn\n";
  return out;
}

}  // namespace ludus::trellis

namespace ludus::trellis {

// A breadth-first search over the connections of RULES.md §3 (orthogonal steps, and the
// diagonals of the winner's home squares) from the stones on one of its sides.
std::vector<int> TrellisState::deciding_sites() const {
  if (record_.outcome != kBlack && record_.outcome != kWhite) return {};
  const Geometry& g = game_->geometry();
  const int colour = record_.outcome;
  const int last = g.num_rows() - 1;
  // Black joins rows 0 and n-1, White columns 0 and n-1.
  auto side = [&](int site) { return colour == kBlack ? g.coord(site).row : g.coord(site).col; };
  std::vector<int> parent(g.num_sites(), -2);
  std::vector<int> queue;
  for (int s = 0; s < g.num_sites(); ++s)
    if (stone_at(s) == colour && side(s) == 0) {
      parent[s] = -1;
      queue.push_back(s);
    }
  for (size_t i = 0; i < queue.size(); ++i) {
    const int a = queue[i];
    if (side(a) == last) {
      std::vector<int> chain;
      for (int s = a; s >= 0; s = parent[s]) chain.push_back(s);
      return chain;
    }
    const Coord c = g.coord(a);
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (dr == 0 && dc == 0) continue;
        const int b = g.site_at(c.row + dr, c.col + dc);
        if (b < 0 || parent[b] != -2 || stone_at(b) != colour) continue;
        if (dr != 0 && dc != 0) {
          // The square crossed has its lower-left point at the smaller row and column;
          // it is dark (Black's home) iff their sum is odd.
          const bool dark = (std::min(c.row, c.row + dr) + std::min(c.col, c.col + dc)) % 2 != 0;
          if (dark != (colour == kBlack)) continue;
        }
        parent[b] = a;
        queue.push_back(b);
      }
  }
  return {};
}

}  // namespace ludus::trellis
