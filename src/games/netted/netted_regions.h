// SPDX-License-Identifier: Apache-2.0
#pragma once
// One colour's regions (RULES.md §2), kept up to date move by move so a placement costs
// work near the placed stone instead of a flood over the whole board.
//
// The space of colour C is the board minus the opponent's stones and gaps; C's regions
// are its parts connected by open steps (open[c]: the neighbours C may step to from c).
// Each region has a slot: its cells, edge cells and C stones; every cell of the space
// carries the slot of its region.  `roomy` is the union of the regions with at least
// two more edge cells than stones: exactly the regions where a new stone is no suicide;
// `positive` the union of those with more edge cells than stones.
//
// The space only changes in two ways: an opposing gap cell taken by C joins it (merging
// the regions it can step to), and the opponent's placements remove cells (its stone,
// its new gaps) and cut steps (its new diagonals), which may split a region.  Splits are
// found by growing one flood per seed (the cells next to what was removed or cut) ring
// by ring in lockstep: floods that meet merge, and the work stops as soon as one flood
// is left (the rest is still one region) or a flood runs out (a closed part, which
// becomes a region of its own) — so the cost follows the smaller parts, not the board.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "core/bitboard.h"

namespace ludus::netted {

template <int W>
class NettedRegions {
 public:
  using Board = Bitboard<W>;
  static constexpr int kMaxSites = 64 * W;
  using OpenTable = std::array<Board, kMaxSites>;
  // A step a-b an opposing diagonal has just closed.
  struct Cut {
    int a, b;
  };
  // The cells and stones the region counts are taken from.
  struct Counting {
    const Board& edges;
    const Board& stones;
  };

  // From scratch: flood fills of `space` over `open`.
  void build(const Board& space, const OpenTable& open, Counting counting);

  const Board& space() const { return space_; }
  const Board& roomy() const { return roomy_; }
  // The union of the regions with more edge cells than stones.
  const Board& positive() const { return positive_; }
  const Board& slots() const { return slots_; }
  int label(int cell) const { return label_[cell]; }
  const Board& mask(int region) const { return mask_[region]; }
  int edges(int region) const { return edges_[region]; }
  int stones(int region) const { return stones_[region]; }
  bool dead(int region) const { return stones_[region] > 0 && edges_[region] <= stones_[region]; }
  // The stones this colour could still place if the opponent did nothing: in each region
  // until one edge cell more than stones is left (a stone on an edge cell keeps the cell
  // counted, so every placement costs one).  A pass over the slots, not the cells.
  int room() const {
    int sum = 0;
    slots_.for_each([&](int region) { sum += std::max(0, edges_[region] - stones_[region] - 1); });
    return sum;
  }

  // A stone was placed on an empty cell of `region`.
  void add_stone(int region);
  // `cell`, outside the space, joins it with every region it can step to.
  void join(int cell, const OpenTable& open, Counting counting);
  // `removed` cells leave the space and the `cuts` were closed in `open` (already
  // updated).  Writes the slots of the regions that shrank or were split off to
  // `changed` and returns their number (at most kMaxChanged).
  static constexpr int kMaxChanged = 64;
  int remove(const Board& removed, const Cut* cuts, int num_cuts, const OpenTable& open, Counting counting,
             int* changed);

  // Neighbours lie within kReach sites of a cell in the site numbering (rows have at
  // most 21 cells; the engine checks it), so a per-cell mask such as open[c] is zero
  // outside the one or two words around c: the near_* helpers touch only those.
  static constexpr int kReach = 32;
  static int first_word(int c) { return c < kReach ? 0 : (c - kReach) >> 6; }
  static int last_word(int c) { return (c + kReach) >> 6 < W ? (c + kReach) >> 6 : W - 1; }
  // Calls f for every cell of a & b, where a is zero away from c.
  template <typename F>
  static void for_each_near(const Board& a, const Board& b, int c, F&& f) {
    for (int w = first_word(c), last = last_word(c); w <= last; ++w)
      for (uint64_t bits = a.word(w) & b.word(w); bits; bits &= bits - 1) f(w * 64 + std::countr_zero(bits));
  }
  static bool intersects_near(const Board& a, const Board& b, int c) {
    for (int w = first_word(c), last = last_word(c); w <= last; ++w)
      if (a.word(w) & b.word(w)) return true;
    return false;
  }

  // Empty when this partition equals `other` up to the naming of slots, else the
  // first difference (for the cross-check tests).
  std::string difference(const NettedRegions& other) const;

 private:
  int new_slot() const { return (~slots_).lowest(); }
  void assign(int region, const Board& cells, Counting counting);
  void release(int region);
  void relabel(const Board& cells, int region) {
    cells.for_each([&](int c) { label_[c] = static_cast<uint16_t>(region); });
  }
  bool is_roomy(int region) const { return edges_[region] >= stones_[region] + 2; }
  bool is_positive(int region) const { return edges_[region] >= stones_[region] + 1; }
  // Brings roomy_ and positive_ up to date with the counts of `region`.
  void restatus(int region, bool was_roomy, bool was_positive);
  // Re-partitions `region` (its removed cells already gone, its status before given):
  // every part holds one of `seeds`.
  int split(int region, const Board& seeds, bool was_roomy, bool was_positive, const OpenTable& open,
            Counting counting, int* changed);

  // Uninitialised room for up to N boards: clearing kilobytes per move would cost more
  // than the floods themselves.
  template <typename T, int N>
  union Scratch {
    Scratch() {}
    T& operator[](int i) { return items[i]; }
    T items[N];
  };

  Board space_, roomy_, positive_, slots_;
  std::array<uint16_t, kMaxSites> label_{};
  std::array<int16_t, kMaxSites> edges_{}, stones_{};
  std::array<Board, kMaxSites> mask_{};
};

// ---------------------------------------------------------------------------------------

template <int W>
void NettedRegions<W>::assign(int region, const Board& cells, Counting counting) {
  roomy_ = roomy_.and_not(mask_[region]);
  positive_ = positive_.and_not(mask_[region]);
  mask_[region] = cells;
  const int e = (cells & counting.edges).count(), s = (cells & counting.stones).count();
  edges_[region] = static_cast<int16_t>(e);
  stones_[region] = static_cast<int16_t>(s);
  if (e >= s + 1) positive_ |= cells;
  if (e >= s + 2) roomy_ |= cells;
  slots_.set(region);
}

template <int W>
void NettedRegions<W>::release(int region) {
  roomy_ = roomy_.and_not(mask_[region]);
  positive_ = positive_.and_not(mask_[region]);
  mask_[region].clear();
  slots_.reset(region);
}

template <int W>
void NettedRegions<W>::build(const Board& space, const OpenTable& open, Counting counting) {
  space_ = space;
  roomy_.clear();
  positive_.clear();
  slots_.clear();
  mask_.fill(Board{});
  Board remaining = space;
  int regions = 0;
  while (remaining.any()) {
    const int seed = remaining.lowest();
    remaining.reset(seed);
    Board region, frontier;
    region.set(seed);
    frontier.set(seed);
    // Grow by whole rings: every frontier cell contributes its open steps at once.
    while (frontier.any()) {
      Board reached;
      frontier.for_each([&](int c) { reached |= open[c]; });
      frontier = reached & remaining;
      remaining = remaining.and_not(frontier);
      region |= frontier;
    }
    relabel(region, regions);
    assign(regions++, region, counting);
  }
}

template <int W>
void NettedRegions<W>::join(int cell, const OpenTable& open, Counting counting) {
  space_.set(cell);
  // The largest neighbouring region absorbs the others, so relabelling stays small.
  int regions[8], num = 0, target = -1;
  for_each_near(open[cell], space_, cell, [&](int n) {
    const int r = label_[n];
    for (int i = 0; i < num; ++i)
      if (regions[i] == r) return;
    regions[num++] = r;
    if (target < 0 || mask_[r].count() > mask_[target].count()) target = r;
  });
  if (target < 0) target = new_slot();
  Board merged = slots_.test(target) ? mask_[target] : Board{};
  merged.set(cell);
  label_[cell] = static_cast<uint16_t>(target);
  for (int i = 0; i < num; ++i) {
    if (regions[i] == target) continue;
    relabel(mask_[regions[i]], target);
    merged |= mask_[regions[i]];
    release(regions[i]);
  }
  assign(target, merged, counting);
}

template <int W>
void NettedRegions<W>::restatus(int region, bool was_roomy, bool was_positive) {
  const bool roomy = edges_[region] >= stones_[region] + 2, positive = edges_[region] >= stones_[region] + 1;
  if (roomy != was_roomy) roomy_ = roomy ? roomy_ | mask_[region] : roomy_.and_not(mask_[region]);
  if (positive != was_positive) positive_ = positive ? positive_ | mask_[region] : positive_.and_not(mask_[region]);
}

template <int W>
void NettedRegions<W>::add_stone(int region) {
  const bool was_roomy = is_roomy(region), was_positive = is_positive(region);
  ++stones_[region];
  restatus(region, was_roomy, was_positive);
}

template <int W>
int NettedRegions<W>::remove(const Board& removed, const Cut* cuts, int num_cuts, const OpenTable& open,
                             Counting counting, int* changed) {
  // The touched regions (at most 7 removed cells and 6 cuts) with their status before
  // and the seeds of their parts: every cell of the space that lost a step.
  constexpr int kMaxTouched = 16;
  int touched[kMaxTouched];
  bool was_roomy[kMaxTouched], was_positive[kMaxTouched];
  Scratch<Board, kMaxTouched> seeds;
  int num_touched = 0;
  auto slot_of = [&](int region) {
    for (int i = 0; i < num_touched; ++i)
      if (touched[i] == region) return i;
    touched[num_touched] = region;
    was_roomy[num_touched] = is_roomy(region);
    was_positive[num_touched] = is_positive(region);
    seeds[num_touched].clear();
    return num_touched++;
  };
  // The removed cells leave their regions at once (cell by cell: they are few); how the
  // rest falls apart is sorted out by split().
  removed.for_each([&](int x) {
    const int r = label_[x];
    slot_of(r);
    space_.reset(x);
    mask_[r].reset(x);
    roomy_.reset(x);
    positive_.reset(x);
    if (counting.edges.test(x)) --edges_[r];
  });
  removed.for_each([&](int x) {
    const int r = label_[x];
    Board& s = seeds[slot_of(r)];
    for (int w = first_word(x), last = last_word(x); w <= last; ++w)
      s.word(w) |= open[x].word(w) & mask_[r].word(w);
  });
  for (int i = 0; i < num_cuts; ++i)
    for (int end : {cuts[i].a, cuts[i].b})
      if (space_.test(end)) seeds[slot_of(label_[end])].set(end);
  int num_changed = 0;
  for (int i = 0; i < num_touched; ++i)
    num_changed += split(touched[i], seeds[i], was_roomy[i], was_positive[i], open, counting, changed + num_changed);
  return num_changed;
}

template <int W>
int NettedRegions<W>::split(int region, const Board& seeds, bool was_roomy, bool was_positive,
                            const OpenTable& open, Counting counting, int* changed) {
  // Seeds: at most 7 removed cells x 6 neighbours, plus 12 cut ends.
  constexpr int kMaxSeeds = 64;
  Scratch<Board, kMaxSeeds> visited, frontier;
  int root[kMaxSeeds];  // merged floods point to the flood that absorbed them; -1 once split off
  uint8_t owner[kMaxSites];  // flood that first reached each claimed cell
  auto find = [&](int x) {
    while (root[x] != x) x = root[x];
    return x;
  };
  // Seeds that step to each other directly start as one flood: around a placed stone
  // its neighbours usually do, so most placements need no flood at all.
  Board claimed;
  int k = 0, alive = 0;
  seeds.for_each([&](int c) {
    int into = -1;
    for_each_near(open[c], claimed, c, [&](int d) {
      const int j = find(owner[d]);
      if (into < 0) {
        into = j;
      } else if (j != into) {
        visited[into] |= visited[j];
        frontier[into] |= frontier[j];
        root[j] = into;
        --alive;
      }
    });
    if (into < 0) {
      into = k++;
      visited[into].clear();
      frontier[into].clear();
      root[into] = into;
      ++alive;
    }
    visited[into].set(c);
    frontier[into].set(c);
    owner[c] = static_cast<uint8_t>(into);
    claimed.set(c);
  });
  if (alive == 0) {  // no cell lost a step: nothing is left of the region
    release(region);  // only empty cells were removed, so no stones vanish with it
    return 0;
  }
  int num_changed = 0;
  const Board& rest = mask_[region];
  while (alive > 1) {
    for (int i = 0; i < k && alive > 1; ++i) {
      if (root[i] != i) continue;
      Board reached;
      frontier[i].for_each([&](int c) {
        for (int w = first_word(c), last = last_word(c); w <= last; ++w) reached.word(w) |= open[c].word(w);
      });
      reached = (reached & rest).and_not(visited[i]);
      Board next = reached.and_not(claimed);
      (reached & claimed).for_each([&](int c) {
        const int j = find(owner[c]);
        if (j == i) return;
        visited[i] |= visited[j];
        next |= frontier[j];
        root[j] = i;
        --alive;
      });
      next.for_each([&](int c) { owner[c] = static_cast<uint8_t>(i); });
      claimed |= next;
      visited[i] |= next;
      frontier[i] = next;
      if (next.none() && alive > 1) {  // a closed part: a region of its own
        const Board& part = visited[i];
        mask_[region] = mask_[region].and_not(part);
        edges_[region] = static_cast<int16_t>(edges_[region] - (part & counting.edges).count());
        stones_[region] = static_cast<int16_t>(stones_[region] - (part & counting.stones).count());
        roomy_ = roomy_.and_not(part);
        positive_ = positive_.and_not(part);
        const int s = new_slot();
        relabel(part, s);
        assign(s, part, counting);
        changed[num_changed++] = s;
        root[i] = -1;
        --alive;
      }
    }
  }
  restatus(region, was_roomy, was_positive);
  changed[num_changed++] = region;
  return num_changed;
}

template <int W>
std::string NettedRegions<W>::difference(const NettedRegions& other) const {
  if (!(space_ == other.space_)) return "space differs";
  if (!(roomy_ == other.roomy_)) return "roomy regions differ";
  if (!(positive_ == other.positive_)) return "positive regions differ";
  if (slots_.count() != other.slots_.count()) return "region counts differ";
  std::array<int, kMaxSites> to_other, from_other;
  to_other.fill(-1);
  from_other.fill(-1);
  std::string error;
  space_.for_each([&](int c) {
    const int mine = label_[c], theirs = other.label_[c];
    if (!error.empty()) return;
    if (!slots_.test(mine) || !mask_[mine].test(c)) error = "cell " + std::to_string(c) + " has a stale label";
    else if (to_other[mine] < 0 && from_other[theirs] < 0) to_other[mine] = theirs, from_other[theirs] = mine;
    else if (to_other[mine] != theirs || from_other[theirs] != mine)
      error = "cell " + std::to_string(c) + " is in another region";
  });
  if (!error.empty()) return error;
  Board covered;
  slots_.for_each([&](int r) {
    if (!error.empty()) return;
    if (r >= kMaxSites || to_other[r] < 0) {
      error = "slot " + std::to_string(r) + " holds no cell";
      return;
    }
    const int t = to_other[r];
    if (!(mask_[r] == other.mask_[t])) error = "region " + std::to_string(r) + " has other cells";
    else if (edges_[r] != other.edges_[t] || stones_[r] != other.stones_[t])
      error = "region " + std::to_string(r) + " has other counts";
    else if (covered.intersects(mask_[r])) error = "regions overlap";
    covered |= mask_[r];
  });
  if (error.empty() && !(covered == space_)) error = "regions do not cover the space";
  return error;
}

}  // namespace ludus::netted
