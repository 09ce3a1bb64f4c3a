// SPDX-License-Identifier: Apache-2.0
// N-Mesh notation (`c4`, `swap`), move parsing with reasons, the end description and the
// board drawing.
#include <algorithm>

#include <fmt/format.h>

#include "core/ascii_board.h"
#include "core/notation.h"
#include "games/n-mesh/n_mesh_state.h"

namespace ludus::nmesh {

std::string NMeshState::action_to_text(Action action) const {
  if (action == mesh_game_->swap_action()) return "swap";
  return mesh_game_->geometry().name(action);
}

ActionShape NMeshState::action_shape(Action action) const {
  if (action != mesh_game_->swap_action()) return {ActionKind::Place, {action}};
  if (plies_ == 1) return {ActionKind::Swap, {last_site_}};
  return {ActionKind::Swap, {}};
}

Action NMeshState::parse_action(std::string_view text) const {
  const std::string move = normalize_move_text(text);
  if (is_terminal()) throw_illegal(text, "the game is over");
  switch (move_word(move)) {
    case MoveWord::Swap:
      if (!swap_allowed()) throw_illegal(text, "swap is only allowed as move 2 (White's first turn)");
      return mesh_game_->swap_action();
    case MoveWord::Pass: throw_illegal(text, "there is no pass in N-Mesh");
    case MoveWord::Resign: throw_illegal(text, "resign is not a board move");
    case MoveWord::None: break;
  }
  std::string error;
  int site = mesh_game_->geometry().parse(move, &error);
  if (site < 0) throw_illegal(text, error);
  if (stone_at(site) != kEmpty) {
    // On White's first turn, naming Black's stone is another way to write `swap`.
    if (swap_allowed() && stone_at(site) == kBlack) return mesh_game_->swap_action();
    throw_illegal(text, "occupied");
  }
  return site;
}

std::string NMeshState::end_reason() const {
  if (!is_terminal()) return {};
  const auto& c = final_counts_;
  std::string counts = fmt::format("enmeshed stones: black {}, white {}", c[kBlack], c[kWhite]);
  if (c[kBlack] != c[kWhite]) return counts;
  return counts + fmt::format("; the tie loses for {}, who moved last", game().colour_name(1 - winner_));
}

std::string NMeshState::ending_theme() const { return is_terminal() ? "enmeshed" : ""; }

std::string NMeshState::render() const { return render(BoardPainter::plain()); }

std::string NMeshState::render(const BoardPainter& painter) const {
  std::array<Board, 2> marked{};
  if (is_terminal()) marked = enmeshed();
  std::string board = render_square_board(
      mesh_game_->geometry(),
      [&](int site) {
        const int stone = stone_at(site);
        if (stone == kEmpty) return mesh_game_->is_liberty(site) ? BoardGlyph::mark(-1, "+") : BoardGlyph::empty(".");
        const bool enmeshed_stone = marked[stone].test(site);
        const char* glyphs = enmeshed_stone ? "XO" : "xo";
        return BoardGlyph::stone(stone, std::string(1, glyphs[stone]), site == last_site_, enmeshed_stone);
      },
      painter);
  return board + painter.paint(BoardGlyph::stone(kBlack, "x")) + " black  " + painter.paint(BoardGlyph::stone(kWhite, "o")) +
         " white  " + painter.paint(BoardGlyph::mark(-1, "+")) + " empty liberty  . empty" +
         (is_terminal() ? "  " + painter.paint(BoardGlyph::stone(kBlack, "X", false, true)) + " " +
                              painter.paint(BoardGlyph::stone(kWhite, "O", false, true)) + " enmeshed"
                        : "") +
         "\n";
}

}  // namespace ludus::nmesh

namespace ludus::nmesh {

std::vector<int> NMeshState::deciding_sites() const {
  std::vector<int> sites;
  if (!is_terminal()) return sites;
  const std::array<Board, 2> marked = enmeshed();
  for (const Board& colour : marked) colour.for_each([&](int site) { sites.push_back(site); });
  std::sort(sites.begin(), sites.end());
  return sites;
}

}  // namespace ludus::nmesh
