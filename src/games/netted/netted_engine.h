#pragma once
// The fast Netted engine, templated on the bitboard width so the default board (60
// cells) works on single machine words and hex-hex 10 (271 cells) on five.
//
// State per colour P: its stones, its gaps (empty cells between two of its stones on a
// line; recomputed locally after each placement, since a gap is a pure function of the
// three cells), and open_[P][c], the neighbours that P's regions may step to from c:
// the board neighbours minus the steps an opposing diagonal crosses.  Stones are never
// removed, so open_ only ever loses bits, two per new opposing diagonal.
//
// After every placement the player to move has its cells partitioned into regions by a
// flood fill over open_; one pass yields both the death test (was it netted?) and the
// legal-placement mask (a placement keeps the same region unless it lands on an opposing
// gap, which then joins the regions it touches).
#include <array>
#include <cstdint>
#include <memory>

#include "core/bitboard.h"
#include "core/error.h"
#include "games/netted/netted.h"

namespace ludus {

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

  int owner(int site) const override {
    return stones_[0].test(site) ? 0 : stones_[1].test(site) ? 1 : -1;
  }
  bool is_gap(int colour, int site) const override { return gaps_[colour].test(site); }
  bool step_open(int colour, int a, int b) const override { return open_[colour][a].test(b); }
  int netted_stones() const override { return netted_stones_; }
  int netted_edges() const override { return netted_edges_; }

  // Stone placed without legality checks or evaluation (position set-up).
  void place(int site, int colour);
  void set_to_move(int colour) { to_move_ = colour; }
  // Partitions the regions of the colour to move: sets the winner if that colour is
  // netted or has no legal placement, else the legal mask.
  void evaluate();

 private:
  const NettedEngineGame<W>& engine() const { return static_cast<const NettedEngineGame<W>&>(game()); }

  Board stones_[2];
  Board gaps_[2];
  Board legal_;  // legal placements of to_move_ (empty once terminal)
  std::array<Board, kMaxSites> open_[2];
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
    for (int n : g.neighbours(s)) neighbours_[s].set(n);
  }
}

template <int W>
std::unique_ptr<State> NettedEngineGame<W>::new_initial_state() const {
  auto state = std::make_unique<NettedEngineState<W>>(*this);
  state->evaluate();
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
  state->evaluate();
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
void NettedEngineState<W>::place(int site, int colour) {
  const NettedGame& g = engine();
  stones_[colour].set(site);
  gaps_[0].reset(site);
  gaps_[1].reset(site);
  const Board occupied = stones_[0] | stones_[1];
  for (const auto& line : g.lines(site))
    if (line.far >= 0 && stones_[colour].test(line.far) && !occupied.test(line.mid)) gaps_[colour].set(line.mid);
  auto& opponent_open = open_[1 - colour];
  for (const auto& d : g.diagonals(site)) {
    if (!stones_[colour].test(d.partner)) continue;
    opponent_open[d.a].reset(d.b);
    opponent_open[d.b].reset(d.a);
  }
}

template <int W>
void NettedEngineState<W>::apply(Action action) {
  place(action, to_move_);
  to_move_ = 1 - to_move_;
  evaluate();
}

template <int W>
void NettedEngineState<W>::evaluate() {
  const NettedEngineGame<W>& g = engine();
  const int p = to_move_, o = 1 - p;
  const Board& edges = g.edge_mask();
  const Board& mine = stones_[p];
  const Board space = g.board_mask().and_not(stones_[o] | gaps_[o]);
  const auto& open = open_[p];

  // Region id of every cell of `space` and the per-region counts; only read back for
  // cells of `space`, so they need no initialisation.
  uint16_t region_of[kMaxSites];
  int region_edges[kMaxSites];
  int region_stones[kMaxSites];
  int regions = 0;

  Board remaining = space;
  Board legal;
  while (remaining.any()) {
    const int seed = remaining.lowest();
    remaining.reset(seed);
    Board region, frontier;
    region.set(seed);
    frontier.set(seed);
    // Grow by whole rings: every frontier cell contributes its open steps at once.
    while (frontier.any()) {
      Board reached;
      frontier.for_each([&](int c) {
        region_of[c] = static_cast<uint16_t>(regions);
        reached |= open[c];
      });
      frontier = reached & remaining;
      remaining = remaining.and_not(frontier);
      region |= frontier;
    }
    const int e = (region & edges).count();
    const int s = (region & mine).count();
    if (s > 0 && e <= s) {  // netted: the colour that just placed wins
      winner_ = o;
      netted_stones_ = s;
      netted_edges_ = e;
      legal_.clear();
      return;
    }
    if (e >= s + 2) legal |= region.and_not(mine);
    region_edges[regions] = e;
    region_stones[regions] = s;
    ++regions;
  }

  // A placement on an opposing gap ends it: the cell joins every region it can step to.
  gaps_[o].for_each([&](int cell) {
    int e = g.is_edge(cell) ? 1 : 0, s = 1;
    int seen[Geometry::kHexDirs];
    int num_seen = 0;
    (open[cell] & space).for_each([&](int n) {
      const int r = region_of[n];
      for (int i = 0; i < num_seen; ++i)
        if (seen[i] == r) return;
      seen[num_seen++] = r;
      e += region_edges[r];
      s += region_stones[r];
    });
    if (e > s) legal.set(cell);
  });

  legal_ = legal;
  if (legal.none()) winner_ = o;  // no legal placement: the colour to move loses
}

template <int W>
int NettedEngineState<W>::random_playout(Rng& rng) {
  while (winner_ < 0) {
    uint32_t k = rng.below(static_cast<uint32_t>(legal_.count()));
    int chosen = -1;
    for (int i = 0; i < W; ++i) {
      uint64_t w = legal_.word(i);
      const uint32_t here = static_cast<uint32_t>(std::popcount(w));
      if (k >= here) {
        k -= here;
        continue;
      }
      for (; k > 0; --k) w &= w - 1;
      chosen = i * 64 + std::countr_zero(w);
      break;
    }
    apply(chosen);
  }
  return winner_;
}

}  // namespace ludus
