// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fast Netted engine, templated on the bitboard width so the default board (60
// cells) works on single machine words and hex-hex 10 (271 cells) on five.
//
// State per colour P: its stones, its gaps (empty cells between two of its stones on a
// line; recomputed locally after each placement, since a gap is a pure function of the
// three cells), open_[P][c], the neighbours that P's regions may step to from c (the
// board neighbours minus the steps an opposing diagonal crosses; stones are never
// removed, so open_ only ever loses bits, two per new opposing diagonal), and P's
// regions (netted_regions.h), updated locally after each placement.
//
// A placement by O changes O's regions only at the placed cell (one more stone, or a
// former P gap joining the space) and P's regions only near it (the cell and O's new
// gaps leave P's space, O's new diagonals cut steps).  Only P regions that changed can
// have died; the legal placements of P are its roomy regions plus the O gaps whose
// merged neighbourhood would live.  evaluate_from_scratch() partitions both colours
// anew: used for position set-up and by the tests' cross-check (NettedTesting::self_check).
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>

#include "core/bitboard.h"
#include "core/error.h"
#include "games/netted/netted_state.h"
#include "games/netted/netted_regions.h"

namespace ludus::netted {

template <int W>
class NettedEngineGame final : public NettedGame {
 public:
  using Board = Bitboard<W>;
  NettedEngineGame(const Options& options, Geometry geometry);

  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<NettedState> position(const std::vector<int>& black, const std::vector<int>& white,
                                        int to_move) const override;
  using NettedGame::position;

  const Board& neighbour_mask(int site) const { return neighbours_[site]; }
  const Board& edge_mask() const { return edges_; }
  const Board& board_mask() const { return all_; }

 private:
  std::vector<Board> neighbours_;
  Board edges_, all_;
};

template <int W>
class NettedEngineState final : public NettedState {
 public:
  using Board = Bitboard<W>;
  static constexpr int kMaxSites = 64 * W;

  explicit NettedEngineState(const NettedEngineGame<W>& game);

  std::unique_ptr<State> clone() const override { return std::make_unique<NettedEngineState>(*this); }
  int to_move() const override { return to_move_; }
  bool is_terminal() const override { return winner_ >= 0; }
  int winner() const override { return winner_; }
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action action) const override {
    return action >= 0 && action < engine().num_sites() && legal_.test(action);
  }
  void apply(Action action) override;
  int random_playout(Rng& rng) override;
  // Random placements, but a placement that nets at once is taken, and one that leaves
  // the player's own region a single edge cell from death is avoided while others remain
  // (see netting_placements and self_weakening_placements).
  int guided_playout(Rng& rng) override;

  int owner(int site) const override {
    return stones_[0].test(site) ? 0 : stones_[1].test(site) ? 1 : -1;
  }
  bool is_gap(int colour, int site) const override { return gaps_[colour].test(site); }
  bool step_open(int colour, int a, int b) const override { return open_[colour][a].test(b); }
  int netted_stones() const override { return netted_stones_; }
  int netted_edges() const override { return netted_edges_; }
  int room(int colour) const override { return regions_[colour].room(); }

  using Regions = NettedRegions<W>;
  using Cut = typename Regions::Cut;
  // Stone placed without legality checks or evaluation (position set-up); the steps its
  // new diagonals close for the opponent go to `cuts` (up to 6) when given.  Returns
  // their number.
  int place(int site, int colour, Cut* cuts = nullptr);
  void set_to_move(int colour) { to_move_ = colour; }
  // Partitions both colours from scratch and judges the colour to move: sets the winner
  // if that colour is netted or has no legal placement, else the legal mask.
  void evaluate_from_scratch();
  const Regions& regions(int colour) const { return regions_[colour]; }
  // For the learned priors: 31 when the placement wins at once; else 1 + own + 4 * theirs,
  // own the margin (edge cells less stones) of the mover's region holding the new stone
  // (1, 2, 3, 4+ as 0-3) and theirs the smallest margin of the opponent's regions with
  // stones next to it (0-3 likewise, 4 for none).
  int prior_tactic(Action action) const override;

 private:
  // The tests' cross-check (netted_testing.cpp, not in the shipped binary).
  friend struct NettedTesting;

  const NettedEngineGame<W>& engine() const { return static_cast<const NettedEngineGame<W>&>(game()); }
  typename Regions::Counting counting(int colour) const { return {engine().edge_mask(), stones_[colour]}; }
  Board space(int colour) const { return engine().board_mask().and_not(stones_[1 - colour] | gaps_[1 - colour]); }
  // The legal placements of the colour to move, summing the regions a gap cell joins
  // (the plain form of judge(), for the tests' self_check).
  Board legal_by_sums() const;
  // Judges the colour to move after the other placed: dead if one of the `changed`
  // regions (or any region, once after set-up) is netted; else its legal mask.
  void judge(const int* changed, int num_changed);
  // A uniformly random cell of a non-empty set.
  static int random_cell(const Board& cells, Rng& rng);
  // Placements of the colour to move that net at once: the edge cells of an opposing
  // region with stones and exactly one edge cell more than stones (placing there takes
  // that edge away; however the region splits, a part with stones is left with no more
  // edges than stones).  Not every netting placement: cuts by diagonals are not found.
  Board netting_placements() const;
  // Placements of the colour to move inside its own region with exactly two edge cells
  // more than stones: one more stone there leaves the region one edge cell from death.
  Board self_weakening_placements() const;

  Board stones_[2];
  Board gaps_[2];
  Board legal_;  // legal placements of to_move_ (empty once terminal)
  std::array<Board, kMaxSites> open_[2];
  Regions regions_[2];
  // After set-up, a colour's regions were never judged: its first judgement checks all.
  bool unjudged_[2] = {false, false};
  int to_move_ = 0;
  int winner_ = -1;
  int netted_stones_ = 0, netted_edges_ = 0;
};

// ---------------------------------------------------------------------------------------

template <int W>
NettedEngineGame<W>::NettedEngineGame(const Options& options, Geometry geometry)
    : NettedGame(options, std::move(geometry)) {
  const Geometry& g = this->geometry();
  neighbours_.resize(g.num_sites());
  for (int s = 0; s < g.num_sites(); ++s) {
    all_.set(s);
    if (is_edge(s)) edges_.set(s);
    for (int n : g.neighbours(s)) {
      neighbours_[s].set(n);
      if (n < s - NettedRegions<W>::kReach || n > s + NettedRegions<W>::kReach)
        throw LudusError("netted: board rows too long for the region update");
    }
  }
}

template <int W>
std::unique_ptr<State> NettedEngineGame<W>::new_initial_state() const {
  auto state = std::make_unique<NettedEngineState<W>>(*this);
  state->evaluate_from_scratch();
  return state;
}

template <int W>
std::unique_ptr<NettedState> NettedEngineGame<W>::position(const std::vector<int>& black,
                                                           const std::vector<int>& white, int to_move) const {
  auto state = std::make_unique<NettedEngineState<W>>(*this);
  for (int colour = 0; colour < 2; ++colour)
    for (int s : colour == 0 ? black : white) {
      if (s < 0 || s >= num_sites() || state->owner(s) >= 0) throw LudusError("netted position: bad or repeated cell");
      state->place(s, colour);
    }
  state->set_to_move(to_move);
  state->evaluate_from_scratch();
  return state;
}

template <int W>
NettedEngineState<W>::NettedEngineState(const NettedEngineGame<W>& game) : NettedState(game) {
  for (int s = 0; s < game.num_sites(); ++s) open_[0][s] = open_[1][s] = game.neighbour_mask(s);
}

template <int W>
void NettedEngineState<W>::legal_actions(std::vector<Action>& out) const {
  out.clear();
  legal_.for_each([&](int s) { out.push_back(s); });
}

template <int W>
int NettedEngineState<W>::place(int site, int colour, Cut* cuts) {
  const NettedGame& g = engine();
  stones_[colour].set(site);
  gaps_[0].reset(site);
  gaps_[1].reset(site);
  const Board occupied = stones_[0] | stones_[1];
  for (const auto& line : g.lines(site))
    if (line.far >= 0 && stones_[colour].test(line.far) && !occupied.test(line.mid)) gaps_[colour].set(line.mid);
  auto& opponent_open = open_[1 - colour];
  int num_cuts = 0;
  for (const auto& d : g.diagonals(site)) {
    if (!stones_[colour].test(d.partner) || !opponent_open[d.a].test(d.b)) continue;
    opponent_open[d.a].reset(d.b);
    opponent_open[d.b].reset(d.a);
    if (cuts) cuts[num_cuts++] = {d.a, d.b};
  }
  return num_cuts;
}

template <int W>
int NettedEngineState<W>::prior_tactic(Action action) const {
  if (!is_legal(action)) return 0;
  const int me = to_move_, other = 1 - me;
  NettedEngineState after(*this);
  after.apply(action);
  if (after.winner_ == me) return 31;
  auto bucket = [](int margin) { return std::clamp(margin, 1, 4) - 1; };
  const Regions& mine = after.regions_[me];
  const int region_of_stone = mine.label(action);
  const int own = mine.space().test(action) ? bucket(mine.edges(region_of_stone) - mine.stones(region_of_stone)) : 0;
  const Regions& theirs = after.regions_[other];
  int least = 4;
  (engine().neighbour_mask(action) & theirs.space()).for_each([&](int cell) {
    const int region = theirs.label(cell);
    if (theirs.stones(region) > 0) least = std::min(least, bucket(theirs.edges(region) - theirs.stones(region)));
  });
  return 1 + own + 4 * least;
}

template <int W>
void NettedEngineState<W>::apply(Action action) {
  const int o = to_move_, p = 1 - o;
  // Where the cell was: in O's space unless a P gap, in P's space unless an O gap.
  const bool in_own_space = !gaps_[p].test(action), in_other_space = !gaps_[o].test(action);
  const Board old_gaps = gaps_[o];
  Cut cuts[Geometry::kHexDirs];
  const int num_cuts = place(action, o, cuts);
  last_placed_ = action;

  if (in_own_space) regions_[o].add_stone(regions_[o].label(action));
  else regions_[o].join(action, open_[o], counting(o));

  Board removed = gaps_[o].and_not(old_gaps);
  if (in_other_space) removed.set(action);
  int changed[Regions::kMaxChanged];
  const int num_changed = regions_[p].remove(removed, cuts, num_cuts, open_[p], counting(p), changed);
  to_move_ = p;
  judge(changed, num_changed);
}

template <int W>
void NettedEngineState<W>::evaluate_from_scratch() {
  for (int colour = 0; colour < 2; ++colour) regions_[colour].build(space(colour), open_[colour], counting(colour));
  unjudged_[to_move_] = true;
  unjudged_[1 - to_move_] = true;
  judge(nullptr, 0);
}

template <int W>
void NettedEngineState<W>::judge(const int* changed, int num_changed) {
  const NettedEngineGame<W>& g = engine();
  const int p = to_move_, o = 1 - p;
  const Regions& regions = regions_[p];

  // Death: the netted region with the lowest cell is reported.
  int dead = -1, dead_cell = kMaxSites;
  auto consider = [&](int r) {
    if (!regions.dead(r)) return;
    const int c = regions.mask(r).lowest();
    if (c < dead_cell) dead = r, dead_cell = c;
  };
  if (unjudged_[p]) {
    unjudged_[p] = false;
    regions.slots().for_each(consider);
  } else {
    for (int i = 0; i < num_changed; ++i) consider(changed[i]);
  }
  if (dead >= 0) {  // netted: the colour that just placed wins
    winner_ = o;
    netted_stones_ = regions.stones(dead);
    netted_edges_ = regions.edges(dead);
    legal_.clear();
    return;
  }

  Board legal = regions.roomy().and_not(stones_[p]);
  // A placement on an opposing gap ends it: the cell joins every region it can step to,
  // and lives iff the sum of (edges - stones) over those regions >= 2 - edge(cell).
  // Every region of the colour to move now lives or holds no stone, so each term is
  // >= 0: an edge gap needs one positive region, an inner one a roomy region or two
  // distinct positive ones.
  const auto& open = open_[p];
  gaps_[o].for_each([&](int cell) {
    if (!Regions::intersects_near(open[cell], regions.positive(), cell)) return;
    if (g.is_edge(cell) || Regions::intersects_near(open[cell], regions.roomy(), cell)) {
      legal.set(cell);
      return;
    }
    int first = -1;
    Regions::for_each_near(open[cell], regions.positive(), cell, [&](int n) {
      if (first < 0) first = regions.label(n);
      else if (regions.label(n) != first) legal.set(cell);
    });
  });

  legal_ = legal;
  if (legal.none()) winner_ = o;  // no legal placement: the colour to move loses
}

template <int W>
typename NettedEngineState<W>::Board NettedEngineState<W>::legal_by_sums() const {
  const NettedEngineGame<W>& g = engine();
  const int p = to_move_, o = 1 - p;
  const Regions& regions = regions_[p];
  Board legal = regions.roomy().and_not(stones_[p]);
  gaps_[o].for_each([&](int cell) {
    int e = g.is_edge(cell) ? 1 : 0, s = 1;
    int seen[Geometry::kHexDirs];
    int num_seen = 0;
    (open_[p][cell] & regions.space()).for_each([&](int n) {
      const int r = regions.label(n);
      for (int i = 0; i < num_seen; ++i)
        if (seen[i] == r) return;
      seen[num_seen++] = r;
      e += regions.edges(r);
      s += regions.stones(r);
    });
    if (e > s) legal.set(cell);
  });
  return legal;
}

template <int W>
int NettedEngineState<W>::random_cell(const Board& cells, Rng& rng) {
  uint32_t k = rng.below(static_cast<uint32_t>(cells.count()));
  for (int i = 0; i < W; ++i) {
    uint64_t w = cells.word(i);
    const uint32_t here = static_cast<uint32_t>(std::popcount(w));
    if (k >= here) {
      k -= here;
      continue;
    }
    for (; k > 0; --k) w &= w - 1;
    return i * 64 + std::countr_zero(w);
  }
  return -1;  // unreachable for a non-empty set
}

template <int W>
int NettedEngineState<W>::random_playout(Rng& rng) {
  while (winner_ < 0) apply(random_cell(legal_, rng));
  return winner_;
}

template <int W>
typename NettedEngineState<W>::Board NettedEngineState<W>::netting_placements() const {
  const Regions& theirs = regions_[1 - to_move_];
  Board weak;
  theirs.slots().for_each([&](int r) {
    if (theirs.stones(r) > 0 && theirs.edges(r) == theirs.stones(r) + 1) weak |= theirs.mask(r);
  });
  return weak & engine().edge_mask() & legal_;
}

template <int W>
typename NettedEngineState<W>::Board NettedEngineState<W>::self_weakening_placements() const {
  const Regions& ours = regions_[to_move_];
  Board tight;
  ours.slots().for_each([&](int r) {
    if (ours.edges(r) == ours.stones(r) + 2) tight |= ours.mask(r);
  });
  return tight & legal_;
}

template <int W>
int NettedEngineState<W>::guided_playout(Rng& rng) {
  while (winner_ < 0) {
    Board choices = netting_placements();
    if (choices.none()) {
      choices = legal_.and_not(self_weakening_placements());
      if (choices.none()) choices = legal_;
    }
    apply(random_cell(choices, rng));
  }
  return winner_;
}

}  // namespace ludus::netted
