// SPDX-License-Identifier: Apache-2.0
// Netted notation, move parsing with reasons, board drawing and end description: the
// same for every engine width, written against the NettedState accessors.
#include <algorithm>

#include "core/ascii_board.h"
#include "core/notation.h"
#include "games/netted/netted_state.h"

namespace ludus::netted {

std::string NettedState::action_to_text(Action action) const { return netted().geometry().name(action); }

Action NettedState::parse_action(std::string_view text) const {
  switch (move_word(text)) {
    case MoveWord::Pass: throw_illegal(text, "there is no pass in Netted");
    case MoveWord::Swap: throw_illegal(text, "there is no swap in Netted");
    case MoveWord::Resign: throw_illegal(text, "resign is not a placement");
    case MoveWord::None: break;
  }
  std::string error;
  const int site = netted().geometry().parse(normalize_move_text(text), &error);
  if (site < 0) throw_illegal(text, error);
  if (is_terminal()) throw_illegal(text, "the game is over");
  if (owner(site) >= 0) throw_illegal(text, "occupied");
  // An empty cell is refused only by the suicide rule.
  if (!is_legal(site)) throw_illegal(text, "suicide");
  return site;
}

std::string NettedState::render() const { return render(BoardPainter::plain()); }

std::string NettedState::render(const BoardPainter& painter) const {
  const NettedGame& g = netted();
  static const char* const kStone[2] = {"X", "O"};
  static const char* const kGap[2] = {"x", "o"};
  std::string board = render_hex_board(
      g.geometry(),
      [&](int site) {
        const int colour = owner(site);
        if (colour >= 0) return BoardGlyph::stone(colour, kStone[colour], site == last_placed_);
        const bool black_gap = is_gap(0, site), white_gap = is_gap(1, site);
        if (black_gap && white_gap) return BoardGlyph::mark(-1, "*");
        if (black_gap || white_gap) return BoardGlyph::mark(black_gap ? 0 : 1, kGap[black_gap ? 0 : 1]);
        return BoardGlyph::empty(g.is_edge(site) ? ":" : ".");
      },
      painter);
  return board + painter.paint(BoardGlyph::stone(0, kStone[0])) + " black, " + painter.paint(BoardGlyph::stone(1, kStone[1])) +
         " white, " + painter.paint(BoardGlyph::mark(0, kGap[0])) + "/" + painter.paint(BoardGlyph::mark(1, kGap[1])) +
         " black/white gap (" + painter.paint(BoardGlyph::mark(-1, "*")) +
         " both), : empty edge cell, . empty inner cell\n";
}

std::string NettedState::end_reason() const {
  if (!is_terminal()) return {};
  const std::string& loser = game().colour_name(1 - winner());
  if (netted_stones() == 0) return loser + " has no legal placement";
  return loser + " is netted (" + std::to_string(netted_stones()) + " stone" +
         (netted_stones() == 1 ? "" : "s") + ", " + std::to_string(netted_edges()) + " edge cell" +
         (netted_edges() == 1 ? "" : "s") + ")";
}

std::string NettedState::ending_theme() const {
  if (!is_terminal()) return {};
  return netted_stones() == 0 ? "no placement" : "netted";
}

}  // namespace ludus::netted

namespace ludus::netted {

// Regions as the rules define them (RULES.md §2), from the loser's side: flood fills over
// steps that enter no winner stone or gap and cross no winner diagonal.
std::vector<int> NettedState::deciding_sites() const {
  std::vector<int> dead;
  if (!is_terminal() || netted_stones() == 0) return dead;
  const NettedGame& g = netted();
  const int winner_colour = winner(), loser = 1 - winner_colour;
  std::vector<char> seen(g.num_sites(), 0);
  for (int start = 0; start < g.num_sites(); ++start) {
    if (owner(start) != loser || seen[start]) continue;
    std::vector<int> region{start};
    seen[start] = 1;
    for (size_t i = 0; i < region.size(); ++i) {
      const int a = region[i];
      for (int b : g.geometry().neighbours(a)) {
        if (seen[b] || owner(b) == winner_colour || is_gap(winner_colour, b) || !step_open(loser, a, b)) continue;
        seen[b] = 1;
        region.push_back(b);
      }
    }
    int stones = 0, edges = 0;
    for (int s : region) {
      stones += owner(s) == loser;
      edges += g.is_edge(s);
    }
    if (edges > stones) continue;
    for (int s : region)
      if (owner(s) == loser) dead.push_back(s);
  }
  std::sort(dead.begin(), dead.end());
  return dead;
}

}  // namespace ludus::netted
