// The fast Ndengrod position: two stone bitboards and an empty-cell bitboard of the
// smallest width that holds the board.  Groups are never stored; a capture or suicide
// question floods one group outward from the stone in question, layer by layer through
// the per-site neighbour masks, and stops at the first layer that touches a freedom, so
// the usual answer ("it has a liberty") costs one or two mask operations.  Lines are
// walked from the placed stone only.  ndengrod_reference.cpp holds the plain version
// that the tests compare this against.
#include <algorithm>
#include <array>

#include "games/ndengrod/ndengrod_fast_state.h"
#include "games/ndengrod/ndengrod_state.h"

namespace ludus {
namespace {

template <int kWords>
class NdengrodFastState final : public NdengrodState {
  using Board = Bitboard<kWords>;
  static constexpr int kCapacity = 64 * kWords;

 public:
  explicit NdengrodFastState(const NdengrodGame& game)
      : NdengrodState(game), neighbour_masks_(game.masks<kWords>().neighbours.data()) {
    empty_ = game.masks<kWords>().all_sites;
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<NdengrodFastState>(*this); }

  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    empty_.for_each([&](int site) {
      if (legal_for(site, to_move_)) out.push_back(site);
    });
    if (plies_ == 1 && game_->swap_enabled()) out.push_back(game_->swap_action());
    if (out.empty()) out.push_back(game_->pass_action());
  }

  bool is_legal(Action action) const override {
    if (is_terminal() || action < 0 || action >= game_->num_distinct_actions()) return false;
    if (action == game_->swap_action()) return plies_ == 1 && game_->swap_enabled();
    if (action == game_->pass_action()) return !any_legal_placement();
    return empty_.test(action) && legal_for(action, to_move_);
  }

  void apply(Action action) override {
    if (action == game_->swap_action()) {
      record_swap();
    } else if (action == game_->pass_action()) {
      record_pass();
    } else {
      captures_ = place(action, to_move_).count();
      record_placement(action, line_through(action, to_move_));
    }
  }

  int random_playout(Rng& rng) override;

  int stone_at(int site) const override {
    return stones_[0].test(site) ? 0 : stones_[1].test(site) ? 1 : kEmpty;
  }
  bool placement_legal(int site) const override {
    return !is_terminal() && empty_.test(site) && legal_for(site, to_move_);
  }
  bool any_legal_placement() const override {
    bool found = false;
    Board left = empty_;
    while (!found && left.any()) {
      int site = left.lowest();
      left.reset(site);
      found = legal_for(site, to_move_);
    }
    return found;
  }
  int last_captures() const override { return captures_; }

  void set_position(const std::vector<int>& stones, int to_move, int plies) override {
    stones_[0].clear();
    stones_[1].clear();
    empty_ = game_->masks<kWords>().all_sites;
    for (int site = 0; site < game_->num_sites(); ++site) {
      if (stones[site] == kEmpty) continue;
      stones_[stones[site]].set(site);
      empty_.reset(site);
    }
    captures_ = 0;
    reset_bookkeeping(to_move, plies);
  }

 private:
  // Whether the group of `site` within `own` touches a cell of `freedoms`.  When it does
  // not, *group (if given) receives the whole group.
  bool group_has_freedom(int site, const Board& own, const Board& freedoms, Board* group) const {
    Board members, frontier;
    members.set(site);
    frontier = members;
    for (;;) {
      Board around;
      frontier.for_each([&](int s) { around |= neighbour_masks_[s]; });
      if (around.intersects(freedoms)) return true;
      frontier = (around & own).and_not(members);
      if (frontier.none()) break;
      members |= frontier;
    }
    if (group) *group = members;
    return false;
  }

  // `site` is empty.  Legal unless the new stone would end with no empty neighbour: it
  // needs an empty neighbour, a friendly neighbour group with a liberty elsewhere, or an
  // enemy neighbour group whose last liberty is `site` (captured, which frees a cell).
  bool legal_for(int site, int colour) const {
    if (neighbour_masks_[site].intersects(empty_)) return true;
    Board freedoms = empty_;
    freedoms.reset(site);
    const auto& list = game_->neighbour_list(site);
    for (int i = 0, n = game_->num_neighbours(site); i < n; ++i) {
      int next = list[i];
      if (stones_[colour].test(next)) {
        if (group_has_freedom(next, stones_[colour], freedoms, nullptr)) return true;
      } else if (!group_has_freedom(next, stones_[colour ^ 1], freedoms, nullptr)) {
        return true;
      }
    }
    return false;
  }

  // Puts a stone (precondition: legal) and removes the enemy groups it leaves without an
  // empty neighbour; returns the removed stones.
  Board place(int site, int colour) {
    stones_[colour].set(site);
    empty_.reset(site);
    Board captured;
    const Board& enemy = stones_[colour ^ 1];
    const auto& list = game_->neighbour_list(site);
    for (int i = 0, n = game_->num_neighbours(site); i < n; ++i) {
      int next = list[i];
      if (!enemy.test(next) || captured.test(next)) continue;
      Board group;
      if (!group_has_freedom(next, enemy, empty_, &group)) captured |= group;
    }
    if (captured.any()) {
      stones_[colour ^ 1] ^= captured;
      empty_ |= captured;
    }
    return captured;
  }

  // Longest straight run of `colour` through `site` along the three axes.
  int line_through(int site, int colour) const {
    const Board& own = stones_[colour];
    int best = 0;
    for (int axis = 0; axis < 3; ++axis) {
      int run = 1;
      for (int dir : {axis, axis + 3})
        for (int s = game_->step(site, dir); s >= 0 && own.test(s); s = game_->step(s, dir)) ++run;
      best = std::max(best, run);
    }
    return best;
  }

  const Board* neighbour_masks_;
  Board stones_[2];
  Board empty_;
  int captures_ = 0;
};

// Uniformly random moves until the end, without allocating: the empty cells are kept in
// a local array (swap-remove, captured cells appended).  Each turn draws candidates
// uniformly and moves the illegal ones (suicides) out of the draw, so the chosen
// placement is uniform over the legal ones; when none is left the player passes.
template <int kWords>
int NdengrodFastState<kWords>::random_playout(Rng& rng) {
  // Nobody can ever complete a line here, and two passes in a row cannot happen (in any
  // position with an empty cell one of the two colours has a legal placement), so the
  // game would never end: call it a draw.
  if (!game_->line_possible()) return is_terminal() ? winner() : kDraw;

  std::array<int16_t, kCapacity> cells;
  std::array<int16_t, kCapacity> where;
  int num_empty = 0;
  auto add = [&](int site) {
    where[site] = static_cast<int16_t>(num_empty);
    cells[num_empty++] = static_cast<int16_t>(site);
  };
  auto exchange = [&](int i, int j) {
    std::swap(cells[i], cells[j]);
    where[cells[i]] = static_cast<int16_t>(i);
    where[cells[j]] = static_cast<int16_t>(j);
  };
  empty_.for_each(add);

  const bool swap_open = game_->swap_enabled();
  while (!is_terminal()) {
    if (plies_ == 1 && swap_open && rng.below(static_cast<uint32_t>(num_empty + 1)) == 0) {
      // With one stone on the board every empty cell is legal (each cell has at least
      // two neighbours, so one is empty): the legal moves are the empty cells and swap.
      record_swap();
      continue;
    }
    int candidates = num_empty;
    int site = -1;
    while (candidates > 0) {
      int i = static_cast<int>(rng.below(static_cast<uint32_t>(candidates)));
      int s = cells[i];
      if (legal_for(s, to_move_)) {
        site = s;
        break;
      }
      exchange(i, --candidates);
    }
    if (site < 0) {
      record_pass();
      continue;
    }
    exchange(where[site], --num_empty);
    Board captured = place(site, to_move_);
    captures_ = 0;
    if (captured.any()) {
      captures_ = captured.count();
      captured.for_each(add);
    }
    record_placement(site, line_through(site, to_move_));
  }
  return winner();
}

}  // namespace

std::unique_ptr<NdengrodState> make_ndengrod_state(const NdengrodGame& game) {
  switch (game.bitboard_words()) {
    case 1: return std::make_unique<NdengrodFastState<1>>(game);
    case 2: return std::make_unique<NdengrodFastState<2>>(game);
    case 4: return std::make_unique<NdengrodFastState<4>>(game);
    default: return std::make_unique<NdengrodFastState<8>>(game);
  }
}

}  // namespace ludus
