// SPDX-License-Identifier: Apache-2.0
// Ndengrod notation (`e5`, `pass`, `swap`), move parsing with reasons, the end description
// and the board drawing: the same for every bitboard width, written against NdengrodState.
#include "games/ndengrod/ndengrod_state.h"

#include <algorithm>
#include <cctype>

#include "core/ascii_board.h"
#include "core/notation.h"

namespace ludus::ndengrod {

std::string NdengrodState::end_reason() const {
  switch (end_) {
    case End::Line: return "line of " + std::to_string(winning_line_);
    case End::TwoPasses: return "two passes";
    case End::None: break;
  }
  return {};
}

std::string NdengrodState::ending_theme() const {
  return end_ == End::Line ? "line of " + std::to_string(winning_line_) : "";
}

std::string NdengrodState::action_to_text(Action action) const {
  if (action == game_->swap_action()) return "swap";
  if (action == game_->pass_action()) return "pass";
  return game_->geometry().name(action);
}

ActionShape NdengrodState::action_shape(Action action) const {
  if (action == game_->swap_action()) return {ActionKind::Swap, {}};  // the seats change, the stones stay
  if (action == game_->pass_action()) return {ActionKind::Pass, {}};
  return {ActionKind::Place, {action}};
}

Action NdengrodState::parse_action(std::string_view text) const {
  if (is_terminal()) throw_illegal(text, "the game is over");
  switch (move_word(text)) {
    case MoveWord::Swap:
      if (!game_->swap_enabled()) throw_illegal(text, "swap is off in this game");
      if (plies_ != 1) throw_illegal(text, "swap is only allowed as the second move");
      return game_->swap_action();
    case MoveWord::Pass:
      if (any_legal_placement()) throw_illegal(text, "pass is only allowed when no placement is legal");
      return game_->pass_action();
    case MoveWord::Resign:
      throw_illegal(text, "resign ends the game record, it is not a move of the position");
    case MoveWord::None:
      break;
  }
  std::string error;
  int site = game_->geometry().parse(normalize_move_text(text), &error);
  if (site < 0) throw_illegal(text, error);
  if (stone_at(site) != kEmpty) throw_illegal(text, "occupied");
  if (!placement_legal(site))
    throw_illegal(text, placement_repeats(site) ? "repeats an earlier position (superko)" : "suicide");
  return site;
}

std::string NdengrodState::render() const { return render(BoardPainter::plain()); }

std::string NdengrodState::render(const BoardPainter& painter) const {
  const int last_placed = last_action_ >= 0 && last_action_ < game_->num_sites() ? last_action_ : -1;
  return render_hex_board(
      game_->geometry(),
      [&](int site) {
        const int stone = stone_at(site);
        if (stone == kEmpty) return BoardGlyph::empty(".");
        return BoardGlyph::stone(stone, std::string(1, game_->colour_name(stone)[0]), site == last_placed);
      },
      painter);
}

}  // namespace ludus::ndengrod

namespace ludus::ndengrod {

std::vector<int> NdengrodState::deciding_sites() const {
  std::vector<int> sites;
  if (end_ != End::Line) return sites;
  const Geometry& g = game_->geometry();
  const int colour = winner_;
  // Each straight run starts where the cell behind it (direction d + 3) is not the winner's.
  for (int site = 0; site < g.num_sites(); ++site) {
    if (stone_at(site) != colour) continue;
    for (int dir = 0; dir < 3; ++dir) {
      const int behind = g.step(site, dir + 3);
      if (behind >= 0 && stone_at(behind) == colour) continue;
      std::vector<int> run;
      for (int s = site; s >= 0 && stone_at(s) == colour; s = g.step(s, dir)) run.push_back(s);
      if (static_cast<int>(run.size()) >= game_->line_length()) sites.insert(sites.end(), run.begin(), run.end());
    }
  }
  std::sort(sites.begin(), sites.end());
  sites.erase(std::unique(sites.begin(), sites.end()), sites.end());
  return sites;
}

}  // namespace ludus::ndengrod
