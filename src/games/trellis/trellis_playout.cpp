// Uniformly random Trellis playouts, allocation-free.
#include "games/trellis/trellis.h"

namespace ludus::trellis {

int TrellisState::play_random_plies(Rng& shared_rng, int max_plies) {
  // Uniform over the legal actions by rejection: candidate slots are 7 per empty point
  // (a pair with that point canonically first, for each of the 6 forward offsets, or the
  // single stone) plus pass and swap.  Every legal action owns exactly one slot, so
  // accepting only legal candidates draws uniformly among them.
  const TrellisGame& g = *game_;
  const int stride = g.stride(), n_sites = g.num_sites();
  const int16_t* site_of_cell = g.site_of_cell_table();
  uint8_t* const grid = cells_.data();
  std::array<int, 7> steps;  // from the candidate's point to its second stone; 0: single
  for (int k = 0; k < kPairOffsets; ++k) steps[k] = g.pair_step(k);
  steps[kPairOffsets] = 0;  // the point itself, which is empty

  // The empty points, for drawing and removing in O(1).
  std::array<int16_t, kMaxSites> empties;
  std::array<int16_t, kMaxCells> index_of;
  int num_empty = 0;
  for (int s = 0; s < n_sites; ++s) {
    const int cell = g.cell_of(s);
    index_of[cell] = static_cast<int16_t>(num_empty);
    empties[num_empty] = static_cast<int16_t>(cell);
    num_empty += grid[cell] == cells::kEmpty;
  }
  auto remove = [&](int cell) {
    const int i = index_of[cell], last = empties[--num_empty];
    empties[i] = static_cast<int16_t>(last);
    index_of[last] = static_cast<int16_t>(i);
  };

  Rng rng = shared_rng;       // local copies stay in registers: the grid is written
  TurnRecord record = record_;  // through a byte pointer, which may alias any member
  for (int plies = 0; record.outcome == TurnRecord::kOngoing && plies != max_plies;) {
    const uint32_t placements = 7u * static_cast<uint32_t>(num_empty);
    const uint32_t slot = rng.below(placements + 2);
    if (slot < placements) [[likely]] {
      const uint32_t index = slot / 7;
      const int k = static_cast<int>(slot - 7 * index);
      const int first = empties[index], second = first + steps[k];
      if (grid[second] != cells::kEmpty) continue;  // occupied, or off the board
      const int site = site_of_cell[first];
      const Action placement = k < kPairOffsets ? n_sites + site * kPairOffsets + k : site;
      if (record.mirror_limit_reached() && record.mirrors(placement)) [[unlikely]] continue;
      const int colour = record.to_move();
      remove(first);
      bool won = cells::place_stone(grid, stride, colour, first);
      if (k < kPairOffsets) {
        remove(second);
        won |= cells::place_stone(grid, stride, colour, second);
      }
      record.record_placement(g, placement, won);
    } else if (slot == placements) {
      record.record_pass();
    } else if (record.turns_played == 3 && !seats_swapped()) {
      swap_seats();
    } else {
      continue;  // the swap slot when swap is not available
    }
    ++plies;
  }
  record_ = record;
  shared_rng = rng;
  return winner();
}

}  // namespace ludus::trellis
