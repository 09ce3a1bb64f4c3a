// SPDX-License-Identifier: Apache-2.0
// Trellis positions: move generation and applying moves (stones on the padded cell grid,
// turn/pie/mirror bookkeeping in TurnRecord).  The notation is in trellis_text.cpp.
#include "games/trellis/trellis_state.h"

namespace ludus::trellis {

TrellisState::TrellisState(const TrellisGame& game) : State(game), game_(&game), cells_(game.empty_cells()) {}

int TrellisState::seat_to_move() const {
  // The first player plays Black, White, Black; from turn 4 the seats hold their colours.
  return record_.turns_played < 3 ? 0 : seat_of_colour(to_move());
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
