// Trellis positions: move generation, applying moves (stones on the padded cell grid,
// turn/pie/mirror bookkeeping in TurnRecord) and the notation.

#include "core/notation.h"
#include "games/trellis/trellis.h"

namespace ludus::trellis {

TrellisState::TrellisState(const TrellisGame& game) : State(game), game_(&game), cells_(game.empty_cells()) {}

int TrellisState::seat_to_move() const {
  // The first player plays Black, White, Black; from turn 4 the seats hold their colours.
  return record_.turns_played < 3 ? 0 : seat_of_colour(to_move());
}

std::string TrellisState::end_reason() const {
  if (record_.outcome == kBlack) return "black connects top and bottom";
  if (record_.outcome == kWhite) return "white connects left and right";
  if (record_.outcome == kDraw) return "both players passed";
  return {};
}

int TrellisState::forbidden_mirror_actions(std::array<Action, 2>& out) const {
  if (!record_.mirror_limit_reached()) return 0;
  out = {record_.mirror_images[0], record_.mirror_images[1]};
  return out[0] == out[1] ? 1 : 2;  // a half-turn-symmetric pair has one image
}

void TrellisState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  const TrellisGame& g = *game_;
  const int n_sites = g.num_sites();
  std::array<Action, 2> forbidden;
  const int n_forbidden = forbidden_mirror_actions(forbidden);
  auto allowed = [&](Action a) {
    for (int i = 0; i < n_forbidden; ++i)
      if (forbidden[i] == a) return false;
    return true;
  };
  // Ascending ids: all single stones, then all pairs, then pass and swap.
  for (int s = 0; s < n_sites; ++s)
    if (empty(s) && allowed(s)) out.push_back(s);
  std::array<int, kPairOffsets> steps;
  for (int k = 0; k < kPairOffsets; ++k) steps[k] = g.pair_step(k);
  for (int s = 0; s < n_sites; ++s) {
    const uint8_t* first = &cells_[g.cell_of(s)];
    if (!cells::is_empty(*first)) continue;
    const Action base = n_sites + s * kPairOffsets;
    for (int k = 0; k < kPairOffsets; ++k)  // partners off the board are walls
      if (cells::is_empty(first[steps[k]]) && allowed(base + k)) out.push_back(base + k);
  }
  out.push_back(g.pass_action());
  if (swap_available()) out.push_back(g.swap_action());
}

bool TrellisState::is_legal(Action action) const {
  const TrellisGame& g = *game_;
  if (is_terminal() || action < 0 || action >= g.num_distinct_actions()) return false;
  if (action == g.pass_action()) return true;
  if (action == g.swap_action()) return swap_available();
  TurnStones stones = g.stones_of(action);
  if (!empty(stones.first)) return false;
  if (action >= g.num_sites() && (stones.second < 0 || !empty(stones.second))) return false;
  return !(record_.mirror_limit_reached() && record_.mirrors(action));
}

void TrellisState::apply(Action action) {
  const TrellisGame& g = *game_;
  if (action == g.swap_action()) swap_seats();
  else if (action == g.pass_action()) record_.record_pass();
  else {
    const TurnStones stones = g.stones_of(action);
    const int colour = to_move();
    bool won = cells::place_stone(cells_.data(), g.stride(), colour, g.cell_of(stones.first));
    // A win by the first stone is found after the second as well: stones only add links.
    if (stones.second >= 0) won |= cells::place_stone(cells_.data(), g.stride(), colour, g.cell_of(stones.second));
    record_.record_placement(action, g.mirror_image(0, action), g.mirror_image(1, action), won);
  }
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

bool TrellisState::connected(int site_a, int site_b) const {
  const TrellisGame& g = *game_;
  const int colour = stone_at(site_a);
  if (colour < 0 || stone_at(site_b) != colour) return false;
  // Depth-first search over the colour's links between stones.
  const int stride = g.stride(), target = g.cell_of(site_b);
  std::array<bool, kMaxCells> seen{};
  std::vector<int> stack{g.cell_of(site_a)};
  seen[stack.back()] = true;
  while (!stack.empty()) {
    const int x = stack.back();
    stack.pop_back();
    if (x == target) return true;
    const int d = cells::diagonal_step(stride, colour, x);
    for (const int y : {x + 1, x - 1, x + stride, x - stride, x + d, x - d})
      if (!seen[y] && g.site_of(y) >= 0 && stone_at(g.site_of(y)) == colour) {
        seen[y] = true;
        stack.push_back(y);
      }
  }
  return false;
}

}  // namespace ludus::trellis
