// Netted notation, move parsing with reasons, board drawing and end description: the
// same for every engine width, written against the NettedState accessors.
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

}  // namespace ludus::netted
