// SPDX-License-Identifier: Apache-2.0
// Trellis game object: option checks, the precomputed tables (pair partners, rotations,
// mirror images, the padded cell grid) and the registry entry.
#include <algorithm>

#include "core/error.h"
#include "core/translatable.h"
#include "core/registry.h"
#include "core/rules_documents.h"
#include "games/trellis/trellis.h"
#include "games/trellis/trellis_state.h"

namespace ludus::trellis {
namespace {

const GameInfo kInfo{
    .name = "trellis",
    .title = "Trellis",
    .colours = {N_("black"), N_("white")},
    .options = {OptionSpec::integer("size", kDefaultSize, kMinSize, kMaxSize, N_("points per side (odd)"))},
    .summary = N_("Connect your sides on the points of a chequered board, two stones three apart per turn"),
    .rules = rules_document("trellis"),
    .pie = {.offered = true, .option = "", .exchanges_seats_only = true},
    .bench_boards = {{{"size", "7"}}, {}, {{"size", "25"}}},
    .stones_on = StoneSites::Points,
    .turn_help = {.summary = N_("Place two stones exactly three apart, one stone, or pass; the first player makes turns 1-3."),
                  .examples = {{"d4,e6", N_("two stones three apart (three along a line, or a knight's move)")},
                               {"d4", N_("one stone")},
                               {"pass", N_("no stone")},
                               {"swap", N_("before turn 4 only: the second player takes Black")}}},
    .rules_section = 3,
};

int checked_size(const Options& options) {
  int n = options.get_int("size");
  if (n % 2 == 0)
    throw LudusError("bad option: size=" + std::to_string(n) + " (expected an odd integer in " +
                     std::to_string(kMinSize) + ".." + std::to_string(kMaxSize) + ")");
  return n;
}

const bool kRegistered = register_game({&kInfo, [](const Options& o) {
                                          return std::make_shared<const TrellisGame>(o);
                                        }});

}  // namespace

TrellisGame::TrellisGame(const Options& options)
    : Game(kInfo, options),
      size_(checked_size(options)),
      num_sites_(size_ * size_),
      geometry_(Geometry::square(size_, size_)) {
  const int n = size_;
  // The action encoding relies on sites being numbered in notation order (column-major).
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r)
      if (geometry_.site_at(r, c) != site(c, r)) throw LudusError("trellis: unexpected site order");
  auto on_board = [n](int c, int r) { return c >= 0 && r >= 0 && c < n && r < n; };

  pair_partner_.assign(static_cast<size_t>(num_sites_) * kPairOffsets, -1);
  for (int s = 0; s < num_sites_; ++s)
    for (int k = 0; k < kPairOffsets; ++k) {
      int c = col(s) + kPairOffset[k][0], r = row(s) + kPairOffset[k][1];
      if (on_board(c, r)) pair_partner_[s * kPairOffsets + k] = static_cast<int16_t>(site(c, r));
    }

  // (c, r) -> (n-1-r, c) is a counter-clockwise quarter turn; its inverse is clockwise.
  for (auto& table : rotation_) table.resize(num_sites_);
  for (int s = 0; s < num_sites_; ++s) {
    rotation_[0][s] = static_cast<int16_t>(site(n - 1 - row(s), col(s)));
    rotation_[1][s] = static_cast<int16_t>(site(row(s), n - 1 - col(s)));
  }

  for (int direction = 0; direction < 2; ++direction) {
    mirror_image_[direction].assign(static_cast<size_t>(pass_action()), -1);
    for (Action a = 0; a < pass_action(); ++a) {
      TurnStones stones = stones_of(a);
      if (stones.first < 0 || (a >= num_sites_ && stones.second < 0)) continue;  // partner off the board
      TurnStones image = rotate(stones, direction);
      mirror_image_[direction][a] = static_cast<int16_t>(action_of(image.first, image.second));
    }
  }

  // The padded grid: the ring around the board holds the edges (trellis_cells.h).  A
  // corner of the ring is only reachable diagonally from the board's corner point and
  // only by one colour, for which it is an edge of that point: (-1,-1) White's first edge,
  // (n,n) White's goal, (-1,n) Black's goal, (n,-1) Black's first edge.
  const int stride = this->stride();
  cell_of_site_.resize(num_sites_);
  site_of_cell_.assign(static_cast<size_t>(stride) * stride, -1);
  empty_cells_.fill(cells::kWall);
  auto cell = [&](int c, int r) { return (c + kBorder) * stride + r + kBorder; };
  for (int c = -1; c <= n; ++c)
    for (int r = -1; r <= n; ++r) {
      // Points on a first edge are linked to it, a reached "stone".
      uint8_t code = (r == 0 ? cells::next_to_reached(kBlack) : 0) | (c == 0 ? cells::next_to_reached(kWhite) : 0);
      if (r == -1) code = c == -1 ? cells::first_edge(kWhite) : cells::first_edge(kBlack);
      else if (r == n) code = c == n ? cells::goal_edge(kWhite) : cells::goal_edge(kBlack);
      else if (c == -1) code = cells::first_edge(kWhite);
      else if (c == n) code = cells::goal_edge(kWhite);
      empty_cells_[cell(c, r)] = code;
    }
  for (int s = 0; s < num_sites_; ++s) {
    cell_of_site_[s] = static_cast<int16_t>(cell(col(s), row(s)));
    site_of_cell_[cell(col(s), row(s))] = static_cast<int16_t>(s);
  }
}

std::vector<BoardFeature> TrellisGame::board_features() const {
  BoardFeature dark{"dark squares", {}};
  for (int s = 0; s < num_sites_; ++s)
    if (col(s) < size_ - 1 && row(s) < size_ - 1 && dark_square(col(s), row(s))) dark.sites.push_back(s);
  return {dark};
}

std::vector<std::vector<int>> TrellisGame::board_symmetries() const {
  std::vector<int> identity(static_cast<size_t>(num_sites_)), half_turn(static_cast<size_t>(num_sites_));
  for (int col = 0; col < size_; ++col)
    for (int row = 0; row < size_; ++row) {
      identity[static_cast<size_t>(site(col, row))] = site(col, row);
      half_turn[static_cast<size_t>(site(col, row))] = site(size_ - 1 - col, size_ - 1 - row);
    }
  return {identity, half_turn};
}

std::unique_ptr<State> TrellisGame::new_initial_state() const { return std::make_unique<TrellisState>(*this); }

TurnStones TrellisGame::stones_of(Action placement) const {
  if (placement < num_sites_) return {static_cast<int16_t>(placement), -1};
  int p = placement - num_sites_;
  int first = p / kPairOffsets;
  return {static_cast<int16_t>(first), static_cast<int16_t>(pair_partner(first, p % kPairOffsets))};
}

Action TrellisGame::action_of(int first, int second) const {
  if (second < 0) return first;
  if (second < first) std::swap(first, second);
  for (int k = 0; k < kPairOffsets; ++k)
    if (pair_partner(first, k) == second) return num_sites_ + first * kPairOffsets + k;
  return kNoAction;
}

}  // namespace ludus::trellis
