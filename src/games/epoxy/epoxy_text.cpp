// SPDX-License-Identifier: Apache-2.0
// Epoxy notation (`d3`, `d3-d6`, `pass`), its error messages, and the board drawing.
#include "core/ascii_board.h"
#include "core/notation.h"
#include "games/epoxy/epoxy_state.h"

namespace ludus::epoxy {

std::string EpoxyState::action_to_text(Action action) const {
  const Geometry& g = game_->geometry();
  if (action == game_->pass_action()) return "pass";
  if (game_->is_placement(action)) return g.name(action);
  return g.name(game_->slide_from(action)) + "-" + g.name(game_->slide_to(action));
}

ActionShape EpoxyState::action_shape(Action action) const {
  if (action == game_->pass_action()) return {ActionKind::Pass, {}};
  if (game_->is_placement(action)) return {ActionKind::Place, {action}};
  return {ActionKind::Slide, {game_->slide_from(action), game_->slide_to(action)}};
}

std::string EpoxyState::explain_refused_slide(int from, int to, int dir) const {
  const int opp = 1 - to_move_;
  const std::string& who = game_->colour_name(opp);
  const int behind = look_[from][(dir + 3) % kDirs].first == opp ? 1 : 0;
  return "the slide does not gain contact with " + who + " (adjacent " + who + " stones " +
         std::to_string(adjacent_[opp][from]) + " -> " + std::to_string(adjacent_[opp][to]) + ", lines to " + who +
         " stones " + std::to_string(sighted_[opp][from]) + " -> " + std::to_string(sighted_[opp][to] + behind) + ")";
}

Action EpoxyState::parse_action(std::string_view raw) const {
  const std::string text = normalize_move_text(raw);
  if (is_terminal()) throw_illegal(raw, "the game is over");
  const Geometry& g = game_->geometry();
  switch (move_word(text)) {
    case MoveWord::Pass:
      if (!second_action_) throw_illegal(raw, "pass is only allowed as the second action of a turn");
      return game_->pass_action();
    case MoveWord::Swap:
      throw_illegal(raw, "epoxy has no swap");
    case MoveWord::Resign:
      throw_illegal(raw, "resign is not an action");  // History handles resignation
    case MoveWord::None:
      break;
  }
  if (text.find(',') != std::string::npos) throw_illegal(raw, "one action at a time");
  std::string error;
  if (text.find('-') == std::string::npos) {
    const int site = g.parse(text, &error);
    if (site < 0) throw_illegal(raw, error);
    if (cell_[site] != kEmpty) throw_illegal(raw, "occupied");
    if (seen_[1 - to_move_].test(site)) throw_illegal(raw, "seen by a " + game_->colour_name(1 - to_move_) + " stone");
    return site;
  }
  const auto parts = split_move(text, '-');
  if (!parts) throw_illegal(raw, "malformed move");
  const int from = g.parse(parts->first, &error);
  if (from < 0) throw_illegal(raw, error);
  const int to = g.parse(parts->second, &error);
  if (to < 0) throw_illegal(raw, error);
  if (cell_[from] != to_move_) throw_illegal(raw, "no " + game_->colour_name(to_move_) + " stone on " + g.name(from));
  if (cell_[to] != kEmpty) throw_illegal(raw, g.name(to) + " is occupied");
  const int dir = game_->direction_between(from, to);
  if (dir < 0) {
    const Coord a = g.coord(from), b = g.coord(to);
    const int dr = b.row - a.row, dc = b.col - a.col;
    const bool one_line = dr == 0 || dc == 0 || dr == dc;
    throw_illegal(raw, one_line ? "the line from " + g.name(from) + " to " + g.name(to) + " crosses a hole"
                                : g.name(from) + " and " + g.name(to) + " are not on one line");
  }
  for (int p : game_->ray(from, dir)) {
    if (p == to) break;
    if (cell_[p] != kEmpty) throw_illegal(raw, "blocked by the stone on " + g.name(p));
  }
  if (!slide_allowed(from, to, dir)) throw_illegal(raw, explain_refused_slide(from, to, dir));
  if (slide_repeats(from, to, to_move_, action_ends_turn()))
    throw_illegal(raw, "repeats an earlier situation (same stones, same player to act, same action of the turn)");
  return game_->slide_action(from, to);
}

std::string EpoxyState::end_reason() const {
  if (!is_terminal()) return {};
  return game_->colour_name(1 - winner_) + " has no legal action";
}

std::string EpoxyState::ending_theme() const { return is_terminal() ? "blockade" : ""; }

std::string EpoxyState::render() const { return render(BoardPainter::plain()); }

std::string EpoxyState::render(const BoardPainter& painter) const {
  static const char* kGlyph[2] = {"M", "G"};
  std::string out = render_hex_board(
      game_->geometry(),
      [&](int site) {
        if (cell_[site] == kEmpty) return BoardGlyph::empty(".");
        const bool last = site == last_turn_[0] || site == last_turn_[1];
        return BoardGlyph::stone(cell_[site], kGlyph[cell_[site]], last);
      },
      painter);
  for (int c = 0; c < 2; ++c)
    out += painter.paint(BoardGlyph::stone(c, kGlyph[c])) + " " + game_->colour_name(c) + ": score " + std::to_string(count_first_actions(c)) +
           " (legal first actions), stones " + std::to_string(stones_[c].count()) + "\n";
  if (!is_terminal())
    out += opening_turn_ ? "opening turn: one action\n"
                         : (second_action_ ? "second action of the turn (or pass)\n" : "first action of the turn\n");
  return out;
}

}  // namespace ludus::epoxy

namespace ludus::epoxy {

std::vector<int> EpoxyState::deciding_sites() const {
  std::vector<int> sites;
  if (!is_terminal()) return sites;
  const Geometry& g = game_->geometry();
  // A stone sees along a line up to the first stone: it sees an empty point iff one of
  // its neighbours is empty.
  for (int s = 0; s < g.num_sites(); ++s) {
    if (cell_[s] != winner_) continue;
    for (int dir = 0; dir < kDirs; ++dir) {
      const int next = g.step(s, dir);
      if (next >= 0 && cell_[next] == kEmpty) {
        sites.push_back(s);
        break;
      }
    }
  }
  return sites;
}

}  // namespace ludus::epoxy
