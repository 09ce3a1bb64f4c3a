#pragma once
// Trellis (RULES.md §3): a connection game on the points of a chequered board.  Each turn
// places two stones exactly three apart, one stone, or passes.  Stones connect
// orthogonally and across the diagonal of a square of their own home colour, so every
// point has six potential same-colour links, like a hex cell.
//
// Action ids (N = size * size points, site = col * size + row, i.e. notation order):
//   [0, N)        one stone on `site`
//   [N, 7N)       two stones: N + first * 6 + k, `first` the canonically first point and
//                 k one of the six forward offsets of kPairOffsets
//   7N            pass
//   7N + 1        swap (the second player's pie choice before turn 4)
#include <array>
#include <cstdint>
#include <span>
#include <utility>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/geometry.h"
#include "core/union_find.h"

namespace ludus::trellis {

constexpr int kBlack = 0;  // first colour: home squares dark, joins top and bottom rows
constexpr int kWhite = 1;  // home squares light, joins left and right columns
constexpr int kMinSize = 7;
constexpr int kMaxSize = 25;
constexpr int kDefaultSize = 15;
constexpr int kMaxSites = kMaxSize * kMaxSize;
constexpr int kVirtualNodes = 4;  // black bottom, black top, white left, white right
using Board = Bitboard<(kMaxSites + 63) / 64>;

// The six offsets (dCol, dRow) from the canonically first stone of a pair (smaller column,
// or same column and smaller row) to the second; with their negatives they are the 12
// offsets "exactly three apart" of the rules.
constexpr int kPairOffsets = 6;
constexpr std::array<std::array<int, 2>, kPairOffsets> kPairOffset = {
    {{0, 3}, {1, -2}, {1, 2}, {2, -1}, {2, 1}, {3, 0}}};

// A player may not make a tenth mirroring turn in a row.
constexpr int kMaxMirrorRun = 9;

// The stones of one turn: none (pass), one (`first`), or two with first < second.
struct TurnStones {
  int16_t first = -1;
  int16_t second = -1;
  bool is_pass() const { return first < 0; }
  bool operator==(const TurnStones&) const = default;
};

class TrellisGame : public Game {
 public:
  explicit TrellisGame(const Options& options);

  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return 7 * num_sites_ + 2; }
  const Geometry* board_geometry() const override { return &geometry_; }

  int size() const { return size_; }
  int num_sites() const { return num_sites_; }
  const Geometry& geometry() const { return geometry_; }
  int col(int site) const { return site / size_; }
  int row(int site) const { return site % size_; }
  int site(int col, int row) const { return col * size_ + row; }
  // Whether the square whose lower-left point is (col, row) is dark.
  static bool dark_square(int col, int row) { return ((col + row) & 1) != 0; }

  // --- actions ---
  Action pass_action() const { return 7 * num_sites_; }
  Action swap_action() const { return 7 * num_sites_ + 1; }
  bool is_placement(Action a) const { return a >= 0 && a < pass_action(); }
  // Stones of a placement action (sites may be occupied: this is only the decoding).
  TurnStones stones_of(Action placement) const;
  // The placement action for these stones, or kNoAction when two stones are not exactly
  // three apart.  The stones may be given in either order.
  Action action_of(int first, int second = -1) const;
  // Second point of forward offset k from `first`, or -1 off the board.
  int pair_partner(int first, int k) const { return pair_partner_[first * kPairOffsets + k]; }
  // Random playouts draw one of 7 candidates per empty point: entries first * 7 + k hold
  // the partner for k < 6 (off the board: a virtual edge node, which is never empty) and
  // -1 for k = 6, the single stone.
  const int16_t* playout_candidates() const { return playout_candidates_.data(); }

  // The placement whose stones are those of `placement` rotated 90° about the board
  // centre, counter-clockwise (direction 0) or clockwise (1); -1 for a pair id whose
  // partner is off the board.  A table, so the mirror rule costs two compares per turn.
  Action mirror_image(int direction, Action placement) const { return mirror_image_[direction][placement]; }
  // The stones rotated 90° about the board centre, counter-clockwise (direction 0) or
  // clockwise (1), in canonical order.
  TurnStones rotate(TurnStones stones, int direction) const {
    if (stones.is_pass()) return stones;
    const auto& table = rotation_[direction];
    TurnStones out{table[stones.first], stones.second < 0 ? int16_t(-1) : table[stones.second]};
    if (out.second >= 0 && out.second < out.first) std::swap(out.first, out.second);
    return out;
  }

  // --- connection ---
  // A point has at most six links: four orthogonal, one diagonal per diagonal line (across
  // the square of the colour's home shade), and an edge node on the border.
  static constexpr int kMaxLinks = 6;
  using Links = std::array<int16_t, kMaxLinks>;
  // Nodes a stone of `colour` on `site` is linked to when they hold the same colour:
  // orthogonal neighbours, the diagonal across the one home square of that colour on each
  // diagonal line, and (as ids >= num_sites()) the colour's virtual edge node.  Unused
  // entries hold padding_node(), which never holds a stone, so callers test all six
  // without branching on a count.
  const Links& links(int colour, int site) const { return links_[colour * num_sites_ + site]; }
  int padding_node() const { return num_sites_ + kVirtualNodes; }
  // The two virtual edge nodes of a colour (bottom/top for Black, left/right for White).
  int edge_node(int colour, int end) const { return num_sites_ + 2 * colour + end; }

 private:
  int size_;
  int num_sites_;
  Geometry geometry_;
  std::vector<int16_t> pair_partner_;  // num_sites * kPairOffsets
  std::vector<int16_t> playout_candidates_;  // num_sites * 7
  std::vector<int16_t> rotation_[2];   // per direction, site -> site
  std::vector<int16_t> mirror_image_[2];  // per direction, placement -> placement
  std::vector<Links> links_;           // 2 * num_sites
};

class TrellisState : public State {
 public:
  explicit TrellisState(const TrellisGame& game);

  std::unique_ptr<State> clone() const override { return std::make_unique<TrellisState>(*this); }

  int to_move() const override { return turns_played_ & 1; }
  // Turns 1-3 are the first player's; afterwards the seat holding the colour to move.
  int seat_to_move() const override;
  bool is_terminal() const override { return outcome_ != kOngoing; }
  int winner() const override { return outcome_ == kOngoing ? kDraw : outcome_; }
  std::string end_reason() const override;

  void legal_actions(std::vector<Action>& out) const override;
  using State::legal_actions;
  bool is_legal(Action action) const override;
  void apply(Action action) override;
  std::string action_to_text(Action action) const override;
  Action parse_action(std::string_view text) const override;
  std::string render() const override;
  int site_colour(int site) const override { return stone_at(site); }
  int random_playout(Rng& rng) override;

  // --- observation (tests, reference cross-checks, AIs) ---
  const TrellisGame& trellis() const { return *game_; }
  // Colour of the stone on `site`, or -1.
  int stone_at(int site) const { return cells_[site]; }
  // Number of the turn to be played next (1 at the start; swap is not a turn).
  int turn_number() const { return turns_played_ + 1; }
  // Moves played so far: the turns and the swap, if any.
  int plies() const { return turns_played_ + (seats_swapped() ? 1 : 0); }
  bool swap_available() const { return turns_played_ == 3 && !seats_swapped() && !is_terminal(); }
  // Consecutive mirroring turns just made by `colour`.
  int mirror_run(int colour) const { return mirror_run_[colour]; }
  // Stones of the last turn (is_pass() after a pass or at the start).
  TurnStones last_turn() const { return last_action_ < 0 ? TurnStones{} : game_->stones_of(last_action_); }
  // Whether placing `stones` now would mirror the opponent's previous turn.
  bool mirrors_last_turn(TurnStones stones) const {
    if (stones.is_pass()) return false;
    return mirrors_last_turn(game_->action_of(stones.first, stones.second));
  }
  // Whether two stones of the same colour are connected (used by tests and AIs).
  bool connected(int site_a, int site_b) const { return uf_.same(site_a, site_b); }

 private:
  static constexpr int8_t kOngoing = -2;

  bool empty(int site) const { return cells_[site] < 0; }
  static constexpr int16_t kNoMirror = -2;  // never equal to an action, nor to kNoAction

  bool mirrors_last_turn(Action placement) const {
    return placement == mirror_images_[0] || placement == mirror_images_[1];
  }
  // Whether the colour to move may not mirror now (its run has reached the limit).
  bool mirror_limit_reached() const {
    return mirror_run_[to_move()] >= kMaxMirrorRun && mirror_images_[0] != kNoMirror;
  }
  // Placement actions the mirror rule forbids now (at most two); returns their count.
  int forbidden_mirror_actions(std::array<Action, 2>& out) const;
  void place_stone(int colour, int site);
  void play_stones(Action placement, TurnStones stones);
  void play_pass();

  const TrellisGame* game_;
  // Colour on each site, -1 when empty; the virtual edge nodes after the sites hold the
  // colour whose edge they are, so one comparison tests any link.
  // One more cell, always empty, is TrellisGame::padding_node().
  std::array<int8_t, kMaxSites + kVirtualNodes + 1> cells_;
  Board occupied_;  // the same occupancy as a bitboard, to enumerate empty points fast
  mutable UnionFind<kMaxSites + kVirtualNodes> uf_;  // find() compresses paths
  int16_t turns_played_ = 0;
  std::array<int8_t, 2> mirror_run_{};
  int16_t last_action_ = kNoAction;  // the last turn's placement, kNoAction after a pass
  // The placements that would mirror the last turn now: its two images once turn 3 has
  // been played and the last turn placed stones, else kNoMirror.
  std::array<int16_t, 2> mirror_images_{kNoMirror, kNoMirror};
  bool last_was_pass_ = false;
  int8_t outcome_ = kOngoing;  // kOngoing, kDraw or the winning colour
};

}  // namespace ludus::trellis
