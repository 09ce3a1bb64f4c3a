// SPDX-License-Identifier: Apache-2.0
// Epoxy position and move generation.  Every point keeps, per direction, the colour of
// the first stone that way and the number of empty points before it, plus per-colour
// counts of such directions and of adjacent stones; a placement or removal updates only
// the points that can see it.  A placement is then legal where the opponent's sight set
// is clear, a slide target is a look-up along an open line, and the slide test is a few
// table reads (slide_allowed).
#include <algorithm>
#include <bit>
#include <cmath>

#include "core/error.h"
#include "games/epoxy/epoxy_state.h"

namespace ludus::epoxy {
namespace {

constexpr int opposite(int dir) { return (dir + 3) % kDirs; }

// Index of the n-th (from 0) set bit in increasing order; requires n < b.count().
int nth_bit(const Board& b, int n) {
  for (int i = 0;; ++i) {
    uint64_t w = b.word(i);
    const int c = std::popcount(w);
    if (n >= c) {
      n -= c;
      continue;
    }
    for (; n > 0; --n) w &= w - 1;
    return i * 64 + std::countr_zero(w);
  }
}

// Index of the first element above `value` in the non-decreasing a[0..n), n >= 1, with
// a[n-1] > value; a binary search whose steps depend only on n, so it does not mispredict.
int first_above(const int16_t* a, int n, int value) {
  const int16_t* base = a;
  while (n > 1) {
    const int half = n / 2;
    base = base[half - 1] <= value ? base + half : base;
    n -= half;
  }
  return static_cast<int>(base - a) + (*base <= value ? 1 : 0);
}

}  // namespace

EpoxyState::EpoxyState(const EpoxyGame& game) : State(game), game_(&game) {
  cell_.fill(kEmpty);
  open_total_.fill(0);
  for (int p = 0; p < game.num_sites(); ++p)
    for (int d = 0; d < kDirs; ++d) {
      look_[p][d] = {kEmpty, static_cast<uint8_t>(game.ray(p, d).size())};
      open_total_[p] += look_[p][d].open;
    }
  for (auto& s : sighted_) s.fill(0);
  for (auto& a : adjacent_) a.fill(0);
  open_slides_ = {0, 0};
  situations_.record(situation_key());
}

// --- incremental tables ---------------------------------------------------------------------

// Along the ray from `site` in `dir`, up to and including the first stone, every point's
// look back towards `site` changes the same way: from old_first to new_first, and its
// open count by open_delta (to new_open_base plus the points in between).  `site`'s own
// look that way says how many points that is.  Apart from that loop count nothing
// branches on the position (such branches mispredict): "no stone" has a scratch row of
// sight counts, and when old_first == new_first the decrement and increment cancel.
[[gnu::always_inline]] inline void EpoxyState::relook_ray(int site, int dir, int old_first, int new_first,
                                                          int new_open_base, int open_delta) {
  const int back = opposite(dir);
  const int ahead_first = look_[site][dir].first;
  const int count = look_[site][dir].open + (ahead_first != kEmpty ? 1 : 0);
  const uint8_t* ray = game_->ray(site, dir).data();  // a local: byte stores would force reloads
  auto& old_sighted = sighted_[sight_row(old_first)];
  auto& new_sighted = sighted_[sight_row(new_first)];
  Board& old_seen = seen_[sight_row(old_first)];
  Board& new_seen = seen_[sight_row(new_first)];
  for (int i = 0; i < count; ++i) {
    const int p = ray[i];
    Look& look = look_[p][back];
    look.first = static_cast<int8_t>(new_first);
    look.open = static_cast<uint8_t>(new_open_base + i);
    open_total_[p] = static_cast<uint8_t>(open_total_[p] + open_delta);
    const uint64_t now_unseen = --old_sighted[p] == 0 ? 1 : 0;
    old_seen.word(p >> 6) &= ~(now_unseen << (p & 63));
    ++new_sighted[p];
    new_seen.set(p);
  }
  open_slides_[ahead_first & 1] += ahead_first != kEmpty ? open_delta : 0;
}

void EpoxyState::put_stone(int site, int colour) {
  // Points looking back at `site` saw past it to what `site` sees that way; now they see
  // this stone, after the empty points in between.
  for (int d = 0; d < kDirs; ++d) {
    const Look& beyond = look_[site][opposite(d)];
    relook_ray(site, d, beyond.first, colour, 0, -(1 + beyond.open));
  }
  for (int q : game_->geometry().neighbours(site)) ++adjacent_[colour][q];
  cell_[site] = static_cast<int8_t>(colour);
  stones_[colour].set(site);
  open_slides_[colour] += open_total_[site];
  stones_hash_ ^= game_->stone_key(site, colour);
}

void EpoxyState::lift_stone(int site) {
  const int colour = cell_[site];
  open_slides_[colour] -= open_total_[site];
  cell_[site] = kEmpty;
  stones_[colour].reset(site);
  stones_hash_ ^= game_->stone_key(site, colour);
  // The reverse: points looking back at `site` now see through it.
  for (int d = 0; d < kDirs; ++d) {
    const int beyond_first = look_[site][opposite(d)].first, beyond_open = look_[site][opposite(d)].open;
    relook_ray(site, d, colour, beyond_first, 1 + beyond_open, 1 + beyond_open);
  }
  for (int q : game_->geometry().neighbours(site)) --adjacent_[colour][q];
}

std::string EpoxyState::check_tables() const {
  const Geometry& g = game_->geometry();
  std::array<int, 2> open_slides = {0, 0};
  uint64_t stones_hash = 0;
  for (int p = 0; p < game_->num_sites(); ++p) {
    if (cell_[p] != kEmpty) stones_hash ^= game_->stone_key(p, cell_[p]);
    const std::string at = " at " + g.name(p);
    int sighted[2] = {0, 0}, adjacent[2] = {0, 0}, open_total = 0;
    for (int d = 0; d < kDirs; ++d) {
      Look look;
      for (int q : game_->ray(p, d)) {
        if (cell_[q] != kEmpty) {
          look.first = cell_[q];
          break;
        }
        ++look.open;
      }
      if (look.first != look_[p][d].first || look.open != look_[p][d].open)
        return "look" + at + " direction " + std::to_string(d);
      if (look.first != kEmpty) ++sighted[look.first];
      open_total += look.open;
    }
    for (int q : g.neighbours(p))
      if (cell_[q] != kEmpty) ++adjacent[cell_[q]];
    if (open_total != open_total_[p]) return "open_total" + at;
    if (cell_[p] != kEmpty) open_slides[cell_[p]] += open_total;
    for (int c = 0; c < 2; ++c) {
      if (sighted[c] != sighted_[c][p]) return "sighted" + at;
      if (adjacent[c] != adjacent_[c][p]) return "adjacent" + at;
      if ((sighted[c] > 0) != seen_[c].test(p)) return "seen" + at;
      if ((cell_[p] == c) != stones_[c].test(p)) return "stones" + at;
    }
  }
  if (open_slides != open_slides_) return "open_slides";
  if (stones_hash != stones_hash_) return "stones_hash";
  return {};
}

// --- move generation ------------------------------------------------------------------------

Board EpoxyState::placements(int mover) const {
  return game_->all_sites().and_not(stones_[0] | stones_[1] | seen_[1 - mover]);
}

// With s = from and t = to: opponent stones adjacent to t exceed those adjacent to s, or
// they are equal and the directions from t whose first stone is an opponent's (after the
// move) exceed those from s (before it).  Sliding along `dir` changes, seen from t, only
// the direction back towards s: it now looks past the vacated s to what s saw that way
// (the table still shows the moving stone there, which is not an opponent's).  No other
// line from t passes through s, and the opponent's stones next to t stay where they are.
bool EpoxyState::slide_allowed(int from, int to, int dir) const {
  const int opp = 1 - cell_[from];
  const int adjacent_from = adjacent_[opp][from], adjacent_to = adjacent_[opp][to];
  if (adjacent_to != adjacent_from) return adjacent_to > adjacent_from;
  const int behind = look_[from][opposite(dir)].first == opp ? 1 : 0;
  return sighted_[opp][to] + behind > sighted_[opp][from];
}

template <typename F>
bool EpoxyState::for_each_slide(int mover, F&& f) const {
  const int opp = 1 - mover;
  for (int w = 0; w < 3; ++w) {
    for (uint64_t bits = stones_[mover].word(w); bits; bits &= bits - 1) {
      const int from = w * 64 + std::countr_zero(bits);
      if (open_total_[from] == 0) continue;
      const int adjacent_from = adjacent_[opp][from], sighted_from = sighted_[opp][from];
      for (int d = 0; d < kDirs; ++d) {
        const int open = look_[from][d].open;
        if (open == 0) continue;
        // slide_allowed() with the per-start values hoisted out of the loop.
        const int needed_sighted = sighted_from - (look_[from][opposite(d)].first == opp ? 1 : 0);
        const uint8_t* ray = game_->ray(from, d).data();
        for (int k = 0; k < open; ++k) {
          const int to = ray[k];
          const int adjacent_to = adjacent_[opp][to];
          if ((adjacent_to > adjacent_from || (adjacent_to == adjacent_from && sighted_[opp][to] > needed_sighted)) &&
              f(from, to))
            return true;
        }
      }
    }
  }
  return false;
}

template <typename F>
bool EpoxyState::for_each_legal_slide(int mover, bool ends_turn, F&& f) const {
  if (slides_since_placement_ < 2) return for_each_slide(mover, f);
  return for_each_slide(mover, [&](int from, int to) { return !slide_repeats(from, to, mover, ends_turn) && f(from, to); });
}

void EpoxyState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  placements(to_move_).for_each([&](int p) { out.push_back(p); });
  for_each_legal_slide(to_move_, action_ends_turn(), [&](int from, int to) {
    out.push_back(game_->slide_action(from, to));
    return false;
  });
  if (second_action_) out.push_back(game_->pass_action());
}

int EpoxyState::count_first_actions(int colour) const {
  int count = placements(colour).count();
  for_each_legal_slide(colour, false, [&](int, int) {
    ++count;
    return false;
  });
  return count;
}

bool EpoxyState::has_first_action(int colour) const {
  return placements(colour).any() || for_each_legal_slide(colour, false, [](int, int) { return true; });
}

bool EpoxyState::is_legal(Action action) const {
  if (is_terminal() || action < 0 || action >= game_->num_distinct_actions()) return false;
  if (action == game_->pass_action()) return second_action_;
  if (game_->is_placement(action)) return placements(to_move_).test(action);
  const int from = game_->slide_from(action), to = game_->slide_to(action);
  if (cell_[from] != to_move_ || cell_[to] != kEmpty) return false;
  const int dir = game_->direction_between(from, to);
  if (dir < 0) return false;
  const auto ray = game_->ray(from, dir);
  const int distance = static_cast<int>(std::find(ray.begin(), ray.end(), to) - ray.begin()) + 1;
  return distance <= look_[from][dir].open && slide_allowed(from, to, dir) &&
         !slide_repeats(from, to, to_move_, action_ends_turn());
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
  ++plies_;
  if (!second_action_) last_turn_ = {-1, -1};
  if (action != game_->pass_action())
    last_turn_[second_action_ ? 1 : 0] =
        static_cast<int16_t>(game_->is_placement(action) ? action : game_->slide_to(action));
  if (action != game_->pass_action()) {
    if (game_->is_placement(action)) {
      put_stone(action, to_move_);
      situations_.clear();  // no earlier situation can come back (see epoxy.h)
      slides_since_placement_ = 0;
    } else {
      lift_stone(game_->slide_from(action));
      put_stone(game_->slide_to(action), to_move_);
      slides_since_placement_ = std::min(slides_since_placement_ + 1, 2);
    }
    if (!action_ends_turn()) {
      second_action_ = true;
      situations_.record(situation_key());
      return;
    }
  }
  end_turn();
  if (!is_terminal()) situations_.record(situation_key());
}

// Rejection sampling: draw uniformly among the legal placements, every slide along an
// open line (legal or not) and pass, and draw again while the draw is an illegal slide;
// every legal action has the same chance on every draw (about two draws in three are
// accepted in random games).  After many refusals it counts the legal actions and picks
// one, which keeps the choice uniform.
Action EpoxyState::random_action(Rng& rng) const {
  const int mover = to_move_;
  const bool ends_turn = action_ends_turn();
  const Board place = placements(mover);
  const int num_placements = place.count();
  const int num_open = open_slides_[mover];
  const int total = num_placements + num_open + (second_action_ ? 1 : 0);
  // The mover's stones and the running totals of their open-line slides (ends[0] = 0,
  // stone i owns draws ends[i] .. ends[i+1]-1), filled at the first slide draw.
  std::array<uint8_t, kMaxSites> stone;
  std::array<int16_t, kMaxSites + 1> ends;
  int num_stones = 0;
  for (int attempt = 0; attempt < 32; ++attempt) {
    int pick = static_cast<int>(rng.below(static_cast<uint32_t>(total)));
    if (pick < num_placements) return nth_bit(place, pick);
    pick -= num_placements;
    if (pick == num_open) return game_->pass_action();
    if (num_stones == 0) {
      ends[0] = 0;
      stones_[mover].for_each([&](int s) {
        stone[num_stones] = static_cast<uint8_t>(s);
        ends[num_stones + 1] = static_cast<int16_t>(ends[num_stones] + open_total_[s]);
        ++num_stones;
      });
    }
    const int i = first_above(ends.data() + 1, num_stones, pick);
    const int from = stone[i];
    int within = pick - ends[i];
    // The direction: skip the whole directions before the draw, without branching.
    int dir = 0, skipped = 0, running = 0;
    for (int d = 0; d < kDirs - 1; ++d) {
      running += look_[from][d].open;
      const bool passed = running <= within;
      dir += passed;
      skipped = passed ? running : skipped;
    }
    within -= skipped;
    const int to = game_->ray(from, dir)[within];
    if (slide_allowed(from, to, dir) && !slide_repeats(from, to, mover, ends_turn)) return game_->slide_action(from, to);
  }
  int legal_slides = 0;
  for_each_legal_slide(mover, ends_turn, [&](int, int) {
    ++legal_slides;
    return false;
  });
  int pick = static_cast<int>(rng.below(static_cast<uint32_t>(num_placements + legal_slides + (second_action_ ? 1 : 0))));
  if (pick < num_placements) return nth_bit(place, pick);
  pick -= num_placements;
  Action chosen = game_->pass_action();
  for_each_legal_slide(mover, ends_turn, [&](int from, int to) {
    if (pick-- > 0) return false;
    chosen = game_->slide_action(from, to);
    return true;
  });
  return chosen;
}

int EpoxyState::random_playout(Rng& rng) {
  while (!is_terminal()) apply(random_action(rng));
  return winner_;
}

int EpoxyState::exclusive_points(int colour) const {
  const Board empty = game_->all_sites().and_not(stones_[0] | stones_[1]);
  return (empty & seen_[colour]).and_not(seen_[1 - colour]).count();
}

float EpoxyState::win_estimate(int colour) const {
  if (is_terminal()) return winner_ == colour ? 1.0f : 0.0f;
  // A lead of 4 points reads as 88%.  At the weight 0.3 this scale scored 43% of 200 and
  // a flatter 0.2 scored 48.5% (docs/ai.md); at the shipped 0.1 only 0.5 was measured.
  constexpr float kScale = 0.5f;
  const int lead = exclusive_points(colour) - exclusive_points(1 - colour);
  return chance_of_lead(kScale, lead);
}

int EpoxyState::prior_tactic(Action action) const {
  if (action == game_->pass_action()) return 0;
  const int mover = to_move_;
  const int before = exclusive_points(mover) - exclusive_points(1 - mover);
  EpoxyState after(*this);
  after.apply(action);
  const int gain = after.exclusive_points(mover) - after.exclusive_points(1 - mover) - before;
  return 1 + 7 * (game_->is_placement(action) ? 0 : 1) + 3 + std::clamp(gain, -3, 3);
}

int EpoxyState::guided_playout(Rng& rng) {
  for (int ply = 0; ply < kPlayoutHorizon && !is_terminal(); ++ply) apply(playout_action(rng));
  if (is_terminal()) return winner_;
  const int lead = count_first_actions(0) - count_first_actions(1);
  if (lead != 0) return lead > 0 ? 0 : 1;
  // A tie says nothing: a coin there made the search blind to the endgame (docs/ai.md).
  while (!is_terminal()) apply(playout_action(rng));
  return winner_;
}

}  // namespace ludus::epoxy
