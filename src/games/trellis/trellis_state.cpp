// Trellis positions: move generation, the turn/pie/mirror bookkeeping, incremental
// connection detection (union-find with virtual edge nodes) and the notation.
#include <bit>

#include "core/notation.h"
#include "games/trellis/trellis.h"

namespace ludus::trellis {

TrellisState::TrellisState(const TrellisGame& game)
    : State(game), game_(&game), uf_(game.num_sites() + kVirtualNodes) {
  cells_.fill(-1);
  for (int colour : {kBlack, kWhite})
    for (int end : {0, 1}) cells_[game.edge_node(colour, end)] = static_cast<int8_t>(colour);
}

int TrellisState::seat_to_move() const {
  // The first player plays Black, White, Black; from turn 4 the seats hold their colours.
  return turns_played_ < 3 ? 0 : seat_of_colour(to_move());
}

std::string TrellisState::end_reason() const {
  if (outcome_ == kBlack) return "black connects top and bottom";
  if (outcome_ == kWhite) return "white connects left and right";
  if (outcome_ == kDraw) return "both players passed";
  return {};
}

int TrellisState::forbidden_mirror_actions(std::array<Action, 2>& out) const {
  if (!mirror_limit_reached()) return 0;
  out = {mirror_images_[0], mirror_images_[1]};
  return out[0] == out[1] ? 1 : 2;  // a half-turn-symmetric pair has one image
}

void TrellisState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  const TrellisGame& g = *game_;
  const int n_sites = g.num_sites();
  const Board empties = ~occupied_ & Board::first_n(n_sites);
  std::array<Action, 2> forbidden;
  const int n_forbidden = forbidden_mirror_actions(forbidden);
  auto allowed = [&](Action a) {
    for (int i = 0; i < n_forbidden; ++i)
      if (forbidden[i] == a) return false;
    return true;
  };
  // Ascending ids: all single stones, then all pairs, then pass and swap.
  empties.for_each([&](int s) {
    if (allowed(s)) out.push_back(s);
  });
  empties.for_each([&](int s) {
    const Action base = n_sites + s * kPairOffsets;
    for (int k = 0; k < kPairOffsets; ++k) {
      int partner = g.pair_partner(s, k);
      if (partner >= 0 && empty(partner) && allowed(base + k)) out.push_back(base + k);
    }
  });
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
  return !(mirror_limit_reached() && mirrors_last_turn(action));
}

[[gnu::always_inline]] inline void TrellisState::place_stone(int colour, int site) {
  cells_[site] = static_cast<int8_t>(colour);
  occupied_.set(site);
  // Collect the same-coloured links first: one unpredictable branch per union instead of
  // one per link.
  const TrellisGame::Links& links = game_->links(colour, site);
  static_assert(TrellisGame::kMaxLinks == 6);
  auto bit = [&](int i) { return static_cast<unsigned>(cells_[links[i]] == colour) << i; };
  unsigned same = bit(0) | bit(1) | bit(2) | bit(3) | bit(4) | bit(5);
  int root = site;
  for (; same != 0; same &= same - 1) root = uf_.unite(root, links[std::countr_zero(same)]);
}

[[gnu::always_inline]] inline void TrellisState::play_stones(Action placement, TurnStones stones) {
  const int colour = to_move();
  mirror_run_[colour] = static_cast<int8_t>(mirrors_last_turn(placement) ? mirror_run_[colour] + 1 : 0);
  place_stone(colour, stones.first);
  if (stones.second >= 0) place_stone(colour, stones.second);
  // Checking once after both stones finds a win made by the first stone as well: stones
  // only add links, and the second stone cannot undo a connection.
  if (uf_.same(game_->edge_node(colour, 0), game_->edge_node(colour, 1))) outcome_ = static_cast<int8_t>(colour);
  last_action_ = static_cast<int16_t>(placement);
  last_was_pass_ = false;
  ++turns_played_;
  // Turns 1-3 never count as mirroring; turn 4 may mirror turn 3.
  const bool counts = turns_played_ >= 3;
  mirror_images_[0] = counts ? static_cast<int16_t>(game_->mirror_image(0, placement)) : kNoMirror;
  mirror_images_[1] = counts ? static_cast<int16_t>(game_->mirror_image(1, placement)) : kNoMirror;
}

void TrellisState::play_pass() {
  mirror_run_[to_move()] = 0;
  // The previous turn (number turns_played_) was also a pass and both are turn 4 or later.
  if (last_was_pass_ && turns_played_ >= 4) outcome_ = kDraw;
  last_action_ = kNoAction;
  mirror_images_ = {kNoMirror, kNoMirror};
  last_was_pass_ = true;
  ++turns_played_;
}

void TrellisState::apply(Action action) {
  const TrellisGame& g = *game_;
  if (action == g.swap_action()) swap_seats();
  else if (action == g.pass_action()) play_pass();
  else play_stones(action, g.stones_of(action));
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
  if (mirror_limit_reached() && mirrors_last_turn(action))
    throw_illegal(raw, "a tenth mirroring turn in a row is not allowed (it rotates the opponent's last turn by 90°)");
  return action;
}

int TrellisState::random_playout(Rng& shared_rng) {
  // Uniform over the legal actions by rejection: candidate slots are 7 per empty point
  // (one stone, or a pair with that point first) plus pass and swap; every legal action
  // owns exactly one slot, so accepting only legal candidates is uniform.
  const TrellisGame& g = *game_;
  const int16_t* candidates = g.playout_candidates();
  Rng rng = shared_rng;  // a local copy stays in registers
  std::array<int16_t, kMaxSites> empties, index_of;
  int num_empty = 0;
  for (int s = 0; s < g.num_sites(); ++s)
    if (empty(s)) {
      index_of[s] = static_cast<int16_t>(num_empty);
      empties[num_empty++] = static_cast<int16_t>(s);
    }
  auto remove = [&](int s) {
    int i = index_of[s], last = empties[--num_empty];
    empties[i] = static_cast<int16_t>(last);
    index_of[last] = static_cast<int16_t>(i);
  };
  while (outcome_ == kOngoing) {
    const uint32_t placements = 7u * static_cast<uint32_t>(num_empty);
    const uint32_t slot = rng.below(placements + 2);
    if (slot < placements) [[likely]] {
      const uint32_t index = slot / 7;
      const int first = empties[index];
      const int second = candidates[first * 7 + static_cast<int>(slot - 7 * index)];
      if (second >= 0 && cells_[second] >= 0) continue;  // occupied or off the board
      const int k = static_cast<int>(slot - 7 * index);
      const Action placement = k < kPairOffsets ? g.num_sites() + first * kPairOffsets + k : first;
      if (mirror_limit_reached() && mirrors_last_turn(placement)) [[unlikely]] continue;
      remove(first);
      if (second >= 0) remove(second);
      play_stones(placement, {static_cast<int16_t>(first), static_cast<int16_t>(second)});
    } else if (slot == placements) {
      play_pass();
    } else if (swap_available()) {
      swap_seats();
    }
  }
  shared_rng = rng;
  return winner();
}

}  // namespace ludus::trellis
