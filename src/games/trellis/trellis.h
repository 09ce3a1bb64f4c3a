// SPDX-License-Identifier: Apache-2.0
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
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/geometry.h"
#include "games/trellis/trellis_cells.h"

namespace ludus::trellis {

constexpr int kBlack = 0;  // first colour: home squares dark, joins top and bottom rows
constexpr int kWhite = 1;  // home squares light, joins left and right columns
constexpr int kMinSize = 7;
constexpr int kMaxSize = 25;
constexpr int kDefaultSize = 15;
constexpr int kMaxSites = kMaxSize * kMaxSize;
static_assert(kMaxStride == kMaxSize + 2 * kBorder);

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
  // Stones never leave the board, so at most N turns place; from turn 4 on two passes in a
  // row end the game, so those passes number at most the placements there plus 2; turns 1-3
  // and the swap add 4: 2N + 6 plies.
  int max_game_length() const override { return 2 * num_sites_ + 6; }
  const Geometry* board_geometry() const override { return &geometry_; }
  // The identity and the half turn: the only symmetries that keep each colour's sides and
  // the chequering of the squares (a quarter turn exchanges the colours' sides, a
  // reflection the shades of the squares).
  std::vector<std::vector<int>> board_symmetries() const override;

  int size() const { return size_; }
  int num_sites() const { return num_sites_; }
  const Geometry& geometry() const { return geometry_; }
  int col(int site) const { return site / size_; }
  int row(int site) const { return site % size_; }
  int site(int col, int row) const { return col * size_ + row; }
  // Whether the square whose lower-left point is (col, row) is dark.
  static bool dark_square(int col, int row) { return ((col + row) & 1) != 0; }
  // For the observation tensor: the lower-left points of the dark squares (where Black's
  // diagonal links run).
  std::vector<BoardFeature> board_features() const override;

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
  // --- the padded cell grid (see trellis_cells.h) ---
  int stride() const { return size_ + 2 * kBorder; }
  int cell_of(int site) const { return cell_of_site_[site]; }
  // Site of a cell inside the board, -1 outside.
  int site_of(int cell) const { return site_of_cell_[cell]; }
  const int16_t* site_of_cell_table() const { return site_of_cell_.data(); }
  // The empty board: edge codes in the ring around the board, walls beyond.
  const CellGrid& empty_cells() const { return empty_cells_; }
  // Cell step from the canonically first stone of a pair to the second, per forward offset.
  int pair_step(int k) const { return kPairOffset[k][0] * stride() + kPairOffset[k][1]; }

  // The placement whose stones are those of `placement` rotated 90° about the board
  // centre, counter-clockwise (direction 0) or clockwise (1); -1 for a pair id whose
  // partner is off the board.  A table, so the mirror rule costs two compares per turn.
  Action mirror_image(int direction, Action placement) const { return mirror_image_[direction][placement]; }
  const int16_t* mirror_image_table(int direction) const { return mirror_image_[direction].data(); }
  // The stones rotated 90° about the board centre, counter-clockwise (direction 0) or
  // clockwise (1), in canonical order.
  TurnStones rotate(TurnStones stones, int direction) const {
    if (stones.is_pass()) return stones;
    const auto& table = rotation_[direction];
    TurnStones out{table[stones.first], stones.second < 0 ? int16_t(-1) : table[stones.second]};
    if (out.second >= 0 && out.second < out.first) std::swap(out.first, out.second);
    return out;
  }

 private:
  int size_;
  int num_sites_;
  Geometry geometry_;
  std::vector<int16_t> pair_partner_;     // num_sites * kPairOffsets
  std::vector<int16_t> rotation_[2];      // per direction, site -> site
  std::vector<int16_t> mirror_image_[2];  // per direction, placement -> placement
  std::vector<int16_t> cell_of_site_;
  std::vector<int16_t> site_of_cell_;     // -1 outside the board
  CellGrid empty_cells_;
};

}  // namespace ludus::trellis
