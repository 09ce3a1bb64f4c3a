// SPDX-License-Identifier: Apache-2.0
// Trellis playouts, allocation-free: uniformly random, or guided (bridges saved).
#include "games/trellis/trellis_bridges.h"
#include "games/trellis/trellis_state.h"

namespace ludus::trellis {
namespace playout {

// wyrand (Wang Yi): one 64-bit word of state and one multiplication per number, against
// xoshiro256**'s four words, which the playout loop cannot keep in registers.  Seeded
// from the caller's Rng, so playouts stay reproducible.
class PlayoutRng {
 public:
  explicit PlayoutRng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    state_ += 0xa0761d6478bd642full;
    const __uint128_t product = static_cast<__uint128_t>(state_) * (state_ ^ 0xe7037ed1a0b428dbull);
    return static_cast<uint64_t>(product >> 64) ^ static_cast<uint64_t>(product);
  }

 private:
  uint64_t state_;
};

}  // namespace playout

template <bool kGuided>
int TrellisState::play_plies(Rng& shared_rng, int max_plies) {
  // Uniform over the legal actions by rejection: candidate slots are 7 per empty point
  // (a pair with that point canonically first, for each of the 6 forward offsets, or the
  // single stone) plus pass and swap.  Every legal action owns exactly one slot, so
  // accepting only legal candidates draws uniformly among them.  Rejections are mostly
  // pairs whose partner is taken: about 2.4 draws per turn on 15x15, from 1.2 on the
  // empty board to 6 near the end.
  const TrellisGame& g = *game_;
  if (is_terminal() || max_plies == 0) return winner();
  // Everything the loop reads is copied into locals first: the grid is written through a
  // byte pointer, which may alias any member, so members would be reloaded after each
  // stone.
  const int stride = g.stride(), n_sites = g.num_sites();
  const int16_t* const site_of_cell = g.site_of_cell_table();
  const int16_t* const ccw_image = g.mirror_image_table(0);
  const int16_t* const cw_image = g.mirror_image_table(1);
  uint8_t* const grid = cells_.data();
  // Per candidate k: the cell step to the second stone (0 for the single stone: the point
  // itself, which is empty) and the placement id as site * scale + offset.
  std::array<int, 7> steps, scale, offset;
  for (int k = 0; k < kPairOffsets; ++k) {
    steps[k] = g.pair_step(k);
    scale[k] = kPairOffsets;
    offset[k] = n_sites + k;
  }
  steps[kPairOffsets] = 0;
  scale[kPairOffsets] = 1;
  offset[kPairOffsets] = 0;

  // The empty points, for drawing and removing in O(1).
  std::array<int16_t, kMaxSites> empties;
  std::array<int16_t, kMaxCells> index_of;
  int num_empty = 0;
  for (int s = 0; s < n_sites; ++s) {
    const int cell = g.cell_of(s);
    index_of[cell] = static_cast<int16_t>(num_empty);
    empties[num_empty] = static_cast<int16_t>(cell);
    num_empty += cells::is_empty(grid[cell]);
  }
  auto remove = [&](int cell) __attribute__((always_inline)) {
    const int i = index_of[cell], last = empties[--num_empty];
    empties[i] = static_cast<int16_t>(last);
    index_of[last] = static_cast<int16_t>(i);
  };

  // The guided playout's memory of the last turn: the cells of its stones (-1 for none).
  TurnRecord record = record_;
  std::array<int, 2> last_cells{-1, -1};
  if (kGuided && record.last_action >= 0) {
    const TurnStones stones = g.stones_of(record.last_action);
    last_cells = {g.cell_of(stones.first), stones.second < 0 ? -1 : g.cell_of(stones.second)};
  }
  // Where the stones just placed go: the empties list, the grid, the turn record and the
  // guided playout's memory.  `k` is the forward pair offset from `first` to the second
  // stone, kPairOffsets for a single stone.
  auto place_turn = [&](int first, int k, Action placement) __attribute__((always_inline)) {
    const int colour = record.to_move();
    remove(first);
    bool won = cells::place_stone(grid, stride, colour, first);
    if (k < kPairOffsets) {
      remove(first + steps[k]);
      won |= cells::place_stone(grid, stride, colour, first + steps[k]);
    }
    record.record_placement(placement, ccw_image[placement], cw_image[placement], won);
    if constexpr (kGuided) last_cells = {first, k < kPairOffsets ? first + steps[k] : -1};
  };

  playout::PlayoutRng rng(shared_rng.next());
  // The forward pair offset from cell a to cell b > a, kPairOffsets when they are not
  // three apart.
  auto pair_offset = [&](int a, int b) {
    for (int j = 0; j < kPairOffsets; ++j)
      if (b - a == steps[j]) return j;
    return kPairOffsets;
  };
  // The guided turn, when the last turn broke a bridge of `colour`: the answer, with a
  // random second stone three away from it (alone when four tries find no free point),
  // or both answers when the last turn broke two bridges whose answers are three apart.
  auto bridge_turn = [&](int colour, int& first, int& k) {
    const bridges::Grid view{grid, site_of_cell, stride, colour};
    int save = bridges::bridge_save(view, last_cells[0]);
    const int other = last_cells[1] >= 0 ? bridges::bridge_save(view, last_cells[1]) : -1;
    if (save < 0) save = other;
    if (save < 0) return false;
    int partner = -1;
    if (other >= 0 && other != save && pair_offset(std::min(save, other), std::max(save, other)) < kPairOffsets)
      partner = other;
    for (int tries = 0; partner < 0 && tries < 4; ++tries) {
      const uint64_t r = rng.next();
      const int step = steps[((r & 0xffffffffu) * kPairOffsets) >> 32];
      const int z = (r >> 63) ? save + step : save - step;
      if (cells::is_empty(grid[z])) partner = z;
    }
    first = partner < 0 ? save : std::min(save, partner);
    k = partner < 0 ? kPairOffsets : pair_offset(first, std::max(save, partner));
    return true;
  };
  for (int plies = 0;;) {
    if constexpr (kGuided) {
      if (last_cells[0] >= 0) {
        const int colour = record.to_move();
        int first = -1, k = kPairOffsets;
        if (bridge_turn(colour, first, k)) {
          const Action placement = site_of_cell[first] * scale[k] + offset[k];
          if (!(record.mirror_limit_reached() && record.mirrors(placement))) [[likely]] {
            place_turn(first, k, placement);
            if (record.outcome != TurnRecord::kOngoing || ++plies == max_plies) break;
            continue;
          }
        }
      }
    }

    // Draw slots until one is legal.  A draw is one 64-bit number r.  Its low half picks
    // pass or swap with probability 2 / (7E + 2) for E empty points (Lemire's
    // multiply-shift, as Rng::below: bias below 2^-32); otherwise its high half h picks one
    // of the 7E placement slots, h * 7E / 2^32 = 7 * index + k, computed without a
    // division as index = h * E / 2^32 and k = 7 * (fraction of h * E / 2^32).
    const uint64_t special_bound = 7u * static_cast<uint64_t>(num_empty) + 2;
    uint64_t special;  // 0 pass, 1 swap, 2 or more: a placement
    int first, k;
    do {
      const uint64_t r = rng.next();
      special = ((r & 0xffffffffu) * special_bound) >> 32;
      if (special < 2) [[unlikely]]
        break;
      const uint64_t scaled = (r >> 32) * static_cast<uint64_t>(num_empty);
      first = empties[scaled >> 32];
      k = static_cast<int>(((scaled & 0xffffffffu) * 7) >> 32);
    } while (!cells::is_empty(grid[first + steps[k]]));  // occupied, or off the board

    if (special >= 2) [[likely]] {
      const Action placement = site_of_cell[first] * scale[k] + offset[k];
      if (record.mirror_limit_reached() && record.mirrors(placement)) [[unlikely]] continue;
      place_turn(first, k, placement);
    } else if (special == 0) {
      record.record_pass();
      if constexpr (kGuided) last_cells = {-1, -1};
    } else if (record.turns_played == 3 && !seats_swapped()) {
      swap_seats();
    } else {
      continue;  // the swap slot when swap is not available
    }
    if (record.outcome != TurnRecord::kOngoing || ++plies == max_plies) break;
  }
  record_ = record;
  return winner();
}

template int TrellisState::play_plies<false>(Rng&, int);
template int TrellisState::play_plies<true>(Rng&, int);

}  // namespace ludus::trellis
