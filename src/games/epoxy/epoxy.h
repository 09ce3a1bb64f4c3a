// SPDX-License-Identifier: Apache-2.0
#pragma once
// Epoxy (RULES.md §5): place stones where no opponent stone can see, or slide a stone
// into more contact with the opponent; turns of 1 then 2 actions; the last player able
// to play wins.
//
// Actions: placement = site; slide = num_sites + from * num_sites + to; pass after those.
// Each action is one ply; to_move() stays the same for both actions of a turn.
//
// Repetition: a placement or slide may not recreate a situation of the game (stones,
// player to act, first or second action of the turn).  A placement adds a stone and no
// action removes one, so no situation from before the latest placement can recur: the
// state logs the situations since then (Zobrist hashes), and looks at the log only once
// two slides have followed that placement.  (After one slide, of a stone from s to t,
// the logged stones are those before it and after it; a slide changes the stones, and
// sliding the stone back from t to s would need the contact comparison of the first
// slide reversed, which the rule's strict ">" forbids.)
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/geometry.h"
#include "core/repetition.h"

namespace ludus::epoxy {

constexpr int kMaxSites = 156;  // the xxl board
constexpr int kDirs = Geometry::kHexDirs;
constexpr int kEmpty = -1;
using Board = Bitboard<3>;
static_assert(Board::kBits >= kMaxSites);

class EpoxyGame : public Game {
 public:
  explicit EpoxyGame(const Options& options);

  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return pass_action() + 1; }

  const Geometry& geometry() const { return geometry_; }
  const Geometry* board_geometry() const override { return &geometry_; }
  // Sight, slides and contact are lattice notions (holes are not sites): every lattice
  // symmetry of the perforated board keeps the rules.
  std::vector<std::vector<int>> board_symmetries() const override;
  int num_sites() const { return geometry_.num_sites(); }
  const Board& all_sites() const { return all_sites_; }

  // The points from `site` in direction `dir`, nearest first, up to the edge or a hole.
  std::span<const uint8_t> ray(int site, int dir) const {
    const int i = site * kDirs + dir;
    return {ray_points_.data() + ray_start_[i], ray_points_.data() + ray_start_[i + 1]};
  }

  Action slide_action(int from, int to) const { return num_sites() * (1 + from) + to; }
  Action pass_action() const { return num_sites() * (1 + num_sites()); }
  bool is_placement(Action a) const { return a < num_sites(); }
  int slide_from(Action a) const { return a / num_sites() - 1; }
  int slide_to(Action a) const { return a % num_sites(); }

  // Direction from `from` to `to` when they share a lattice line with no hole between
  // them, else -1.
  int direction_between(int from, int to) const;

  // Zobrist keys: a stone, and the rest of a situation (Maroon's first action: 0).
  uint64_t stone_key(int site, int colour) const { return zobrist_.stone(site, colour); }
  uint64_t turn_key(int actor, bool second_action) const { return turn_keys_[2 * actor + second_action]; }

 private:
  Geometry geometry_;
  ZobristKeys zobrist_;
  std::array<uint64_t, 4> turn_keys_;
  Board all_sites_;
  std::vector<uint8_t> ray_points_;
  std::vector<int> ray_start_;  // num_sites * kDirs + 1
};

}  // namespace ludus::epoxy
