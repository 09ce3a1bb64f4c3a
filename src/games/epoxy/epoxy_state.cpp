// Epoxy position and move generation.  Every point keeps, per direction, the colour of
// the first stone seen that way, plus per-colour counts of such directions and of
// adjacent stones; a placement or removal updates only the points it can see.  Then a
// placement is legal where the opponent's sight count is zero, and the slide test is two
// table look-ups (see slide_allowed).
#include <algorithm>

#include "core/ascii_board.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/epoxy/epoxy.h"

namespace ludus::epoxy {
namespace {

constexpr int opposite(int dir) { return (dir + 3) % kDirs; }

}  // namespace

EpoxyState::EpoxyState(const EpoxyGame& game) : State(game), game_(&game) {
  cell_.fill(kEmpty);
  for (auto& f : first_) f.fill(kEmpty);
  for (auto& s : sighted_) s.fill(0);
  for (auto& a : adjacent_) a.fill(0);
}

// --- incremental tables ---------------------------------------------------------------------

void EpoxyState::set_first(int site, int dir, int colour) {
  const int old = first_[site][dir];
  if (old == colour) return;
  if (old != kEmpty && --sighted_[old][site] == 0) seen_[old].reset(site);
  if (colour != kEmpty && sighted_[colour][site]++ == 0) seen_[colour].set(site);
  first_[site][dir] = static_cast<int8_t>(colour);
}

void EpoxyState::put_stone(int site, int colour) {
  // Every point that looks back at `site` (up to and including the next stone) now sees
  // this stone first.
  for (int d = 0; d < kDirs; ++d) {
    const int back = opposite(d);
    for (int p : game_->ray(site, d)) {
      set_first(p, back, colour);
      if (cell_[p] != kEmpty) break;
    }
  }
  for (int q : game_->geometry().neighbours(site)) ++adjacent_[colour][q];
  cell_[site] = static_cast<int8_t>(colour);
  stones_[colour].set(site);
}

void EpoxyState::lift_stone(int site) {
  const int colour = cell_[site];
  // Points looking back at `site` now see through it, to what `site` itself saw that way.
  for (int d = 0; d < kDirs; ++d) {
    const int back = opposite(d);
    const int beyond = first_[site][back];
    for (int p : game_->ray(site, d)) {
      set_first(p, back, beyond);
      if (cell_[p] != kEmpty) break;
    }
  }
  for (int q : game_->geometry().neighbours(site)) --adjacent_[colour][q];
  cell_[site] = kEmpty;
  stones_[colour].reset(site);
}

void EpoxyState::set_position(std::span<const int> cells, int to_move, bool second_action) {
  const int n = game_->num_sites();
  if (static_cast<int>(cells.size()) != n) throw LudusError("set_position: wrong number of cells");
  for (int s = 0; s < n; ++s)
    if (cell_[s] != kEmpty) lift_stone(s);
  for (int s = 0; s < n; ++s)
    if (cells[s] != kEmpty) put_stone(s, cells[s]);
  to_move_ = to_move;
  second_action_ = second_action;
  opening_turn_ = false;
  winner_ = -1;
}

// --- move generation ------------------------------------------------------------------------

// With s = from and t = to: opponent stones adjacent to t exceed those adjacent to s, or
// they are equal and the directions from t whose first stone is an opponent's (after the
// move) exceed those from s (before it).  Sliding along `dir` changes, seen from t, only
// the direction back towards s: it now looks past the vacated s to what s saw that way
// (the table still holds the moving stone there, which is not an opponent's).  No other
// line from t passes through s, and adjacency to t does not involve s's colour.
bool EpoxyState::slide_allowed(int from, int to, int dir) const {
  const int opp = 1 - cell_[from];
  const int adjacent_from = adjacent_[opp][from], adjacent_to = adjacent_[opp][to];
  if (adjacent_to != adjacent_from) return adjacent_to > adjacent_from;
  const int behind = first_[from][opposite(dir)] == opp ? 1 : 0;
  return sighted_[opp][to] + behind > sighted_[opp][from];
}

template <typename Emit>
bool EpoxyState::for_each_first_action(int mover, Emit&& emit) const {
  const int opp = 1 - mover;
  const Board empty = game_->all_sites().and_not(stones_[0] | stones_[1]);
  bool stopped = false;
  empty.and_not(seen_[opp]).for_each([&](int p) {
    if (!stopped && emit(static_cast<Action>(p))) stopped = true;
  });
  if (stopped) return true;
  const int n = game_->num_sites();
  bool found = false;
  stones_[mover].for_each([&](int from) {
    if (found) return;
    const int adjacent_from = adjacent_[opp][from], sighted_from = sighted_[opp][from];
    for (int d = 0; d < kDirs && !found; ++d) {
      const int sighted_bonus = sighted_from - (first_[from][opposite(d)] == opp ? 1 : 0);
      for (int to : game_->ray(from, d)) {
        if (cell_[to] != kEmpty) break;
        const int adjacent_to = adjacent_[opp][to];
        if (adjacent_to > adjacent_from || (adjacent_to == adjacent_from && sighted_[opp][to] > sighted_bonus)) {
          if (emit(static_cast<Action>(n * (1 + from) + to))) {
            found = true;
            break;
          }
        }
      }
    }
  });
  return found;
}

void EpoxyState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  for_each_first_action(to_move_, [&](Action a) {
    out.push_back(a);
    return false;
  });
  if (second_action_) out.push_back(game_->pass_action());
}

int EpoxyState::count_first_actions(int colour) const {
  int count = 0;
  for_each_first_action(colour, [&](Action) {
    ++count;
    return false;
  });
  return count;
}

bool EpoxyState::has_first_action(int colour) const {
  return for_each_first_action(colour, [](Action) { return true; });
}

bool EpoxyState::is_legal(Action action) const {
  if (is_terminal() || action < 0 || action >= game_->num_distinct_actions()) return false;
  if (action == game_->pass_action()) return second_action_;
  const int opp = 1 - to_move_;
  if (game_->is_placement(action)) return cell_[action] == kEmpty && !seen_[opp].test(action);
  const int from = game_->slide_from(action), to = game_->slide_to(action);
  if (cell_[from] != to_move_ || cell_[to] != kEmpty) return false;
  const int dir = game_->direction_between(from, to);
  if (dir < 0) return false;
  for (int p : game_->ray(from, dir)) {
    if (p == to) break;
    if (cell_[p] != kEmpty) return false;
  }
  return slide_allowed(from, to, dir);
}

// --- playing --------------------------------------------------------------------------------

void EpoxyState::end_turn() {
  const int next = 1 - to_move_;
  second_action_ = false;
  opening_turn_ = false;
  if (!has_first_action(next)) {
    winner_ = to_move_;  // the last player to play wins
    return;
  }
  to_move_ = next;
}

void EpoxyState::apply(Action action) {
  if (action != game_->pass_action()) {
    if (game_->is_placement(action)) {
      put_stone(action, to_move_);
    } else {
      lift_stone(game_->slide_from(action));
      put_stone(game_->slide_to(action), to_move_);
    }
    if (!opening_turn_ && !second_action_) {
      second_action_ = true;
      return;
    }
  }
  end_turn();
}

int EpoxyState::random_playout(Rng& rng) {
  std::array<Action, 7 * kMaxSites + 1> actions;  // <= one placement and six slides per empty point, + pass
  while (!is_terminal()) {
    int count = 0;
    for_each_first_action(to_move_, [&](Action a) {
      actions[count++] = a;
      return false;
    });
    if (second_action_) actions[count++] = game_->pass_action();
    apply(actions[rng.below(static_cast<uint32_t>(count))]);
  }
  return winner_;
}

// --- text -------------------------------------------------------------------------------------

std::string EpoxyState::action_to_text(Action action) const {
  const Geometry& g = game_->geometry();
  if (action == game_->pass_action()) return "pass";
  if (game_->is_placement(action)) return g.name(action);
  return g.name(game_->slide_from(action)) + "-" + g.name(game_->slide_to(action));
}

std::string EpoxyState::explain_refused_slide(int from, int to, int dir) const {
  const int opp = 1 - to_move_;
  const std::string who = game_->colour_name(opp);
  const int behind = first_[from][opposite(dir)] == opp ? 1 : 0;
  return "a slide must increase contact with " + who + " (adjacent " + who + " stones " +
         std::to_string(adjacent_[opp][from]) + " -> " + std::to_string(adjacent_[opp][to]) + ", lines to " + who +
         " stones " + std::to_string(sighted_[opp][from]) + " -> " + std::to_string(sighted_[opp][to] + behind) + ")";
}

Action EpoxyState::parse_action(std::string_view raw) const {
  const std::string text = normalize_move_text(raw);
  if (is_terminal()) throw_illegal(raw, "the game is over");
  const Geometry& g = game_->geometry();
  const std::string& mover = game_->colour_name(to_move_);
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
  if (text.find(',') != std::string::npos)
    throw_illegal(raw, "one action at a time (a whole turn 'd3,e5-e7' is split before it is played)");
  std::string error;
  if (text.find('-') == std::string::npos) {
    const int site = g.parse(text, &error);
    if (site < 0) throw_illegal(raw, error);
    if (cell_[site] != kEmpty) throw_illegal(raw, "occupied");
    if (seen_[1 - to_move_].test(site)) throw_illegal(raw, "seen by a " + game_->colour_name(1 - to_move_) + " stone");
    return site;
  }
  auto parts = split_move(text, '-');
  if (!parts) throw_illegal(raw, "malformed move");
  const int from = g.parse(parts->first, &error);
  if (from < 0) throw_illegal(raw, error);
  const int to = g.parse(parts->second, &error);
  if (to < 0) throw_illegal(raw, error);
  if (cell_[from] != to_move_) throw_illegal(raw, "no " + mover + " stone on " + g.name(from));
  if (cell_[to] != kEmpty) throw_illegal(raw, g.name(to) + " is occupied");
  const int dir = game_->direction_between(from, to);
  if (dir < 0) {
    const Coord a = g.coord(from), b = g.coord(to);
    const int dr = b.row - a.row, dc = b.col - a.col;
    const bool on_a_line = dr == 0 || dc == 0 || dr == dc;
    throw_illegal(raw, on_a_line ? "the line from " + g.name(from) + " to " + g.name(to) + " crosses a hole"
                                 : g.name(from) + " and " + g.name(to) + " are not on one line");
  }
  for (int p : game_->ray(from, dir)) {
    if (p == to) break;
    if (cell_[p] != kEmpty) throw_illegal(raw, "blocked by the stone on " + g.name(p));
  }
  if (!slide_allowed(from, to, dir)) throw_illegal(raw, explain_refused_slide(from, to, dir));
  return game_->slide_action(from, to);
}

std::string EpoxyState::end_reason() const {
  if (!is_terminal()) return {};
  return game_->colour_name(1 - winner_) + " has no legal action";
}

std::string EpoxyState::render() const {
  static const char* kGlyph[2] = {"M", "G"};
  std::string out = render_hex_board(game_->geometry(), [&](int site) {
    return cell_[site] == kEmpty ? std::string(".") : std::string(kGlyph[cell_[site]]);
  });
  for (int c = 0; c < 2; ++c)
    out += std::string(kGlyph[c]) + " " + game_->colour_name(c) + ": " + std::to_string(stones_[c].count()) +
           " stones, score " + std::to_string(count_first_actions(c)) + " (legal first actions)\n";
  if (!is_terminal())
    out += opening_turn_ ? "opening turn: one action\n"
                         : (second_action_ ? "second action of the turn (pass allowed)\n" : "first action of the turn\n");
  return out;
}

}  // namespace ludus::epoxy
