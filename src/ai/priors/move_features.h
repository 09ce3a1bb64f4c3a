// SPDX-License-Identifier: Apache-2.0
#pragma once
// Features of a move for learned move priors, in the way of MoHex 2.0's patterns: each
// legal move gets one value in each feature group, a weights file (prior_weights.h) gives
// each value a strength γ, and a move's strength is the product of its values' γ (the
// generalised Bradley–Terry model of Coulom, "Computing Elo ratings of move patterns",
// 2007).  Generic over every game with a board geometry:
//   * kPattern: the contents of the neighbouring sites (own stone, opponent's, empty, off
//     the board) around the site the move fills, canonical under the board's direction
//     symmetries (all of them, or those keeping each axis when the game says so);
//   * kSecondPattern: the same around a second site (Trellis's pairs), else "none";
//   * kNearLast, kNearEarlier: the distance (in steps) to the site of the last move and of
//     the move before it, 1, 2, 3, 4+ or none;
//   * kEdge: the distance to the edge of the board, 0, 1, 2 or 3+;
//   * kLines: along the board's straight lines through the site, the most stones (the new
//     one included) the mover has in a window of kLineWindow sites on the board free of
//     opponent stones, 0 to kLineWindow, and the same for the opponent (a block); a
//     window of five is what five-in-a-row games turn on, and what the neighbour pattern
//     cannot see;
//   * kTactics: the game's own reading of the move (core/prior_tactics.h), 0 where the
//     game gives none.
// A move that fills no site (pass, swap) has the value kNoSite in every board group and
// its own value in kPattern.  Hot path: set_position() reads the board once, extract() is
// table lookups, and allocates nothing itself; a game's tactics may copy the position (the
// search skips a group its weights ignore).
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "ai/board_amaf.h"
#include "core/game.h"
#include "core/geometry.h"
#include "core/prior_tactics.h"

namespace ludus::ai::priors {

enum FeatureGroup : int { kPattern = 0, kSecondPattern, kNearLast, kNearEarlier, kEdge, kLines, kTactics, kGroupCount };
// kLines: the window of sites along a line.
inline constexpr int kLineWindow = 5;
// kLines and kTactics have the same size on every board, so weights files written before
// they existed (five or six groups) still load, with γ = 1 for each of their values.
inline constexpr int kLinesValues = 1 + (kLineWindow + 1) * (kLineWindow + 1);
const char* group_name(int group);

using MoveFeatures = std::array<uint16_t, kGroupCount>;

// What a game's features need that does not change: the pattern table, distances, edge
// distances, and the sites each action fills (learnt on first use, thread-safe).  Built
// once per game and shared by every search thread.
class FeatureTables {
 public:
  // Precondition: game.board_geometry() is not null.
  explicit FeatureTables(const Game& game);
  FeatureTables(const FeatureTables&) = delete;
  FeatureTables& operator=(const FeatureTables&) = delete;

  const Geometry& geometry() const { return geometry_; }
  // Number of values in each group (weights tables are this long).
  int group_size(int group) const { return sizes_[static_cast<size_t>(group)]; }
  int num_directions() const { return directions_; }
  // The canonical pattern index of a raw neighbourhood code (2 bits per direction).
  int canonical_pattern(uint32_t raw) const { return canonical_[raw]; }
  // Steps from one site to another, capped at 4.
  int distance(int from, int to) const { return distance_[static_cast<size_t>(from) * geometry_.num_sites() + to]; }
  // Steps to the edge, capped at 3.
  int edge_distance(int site) const { return edge_[static_cast<size_t>(site)]; }
  // The board's straight lines of at least kLineWindow sites, each in order along its
  // axis (holes and edges end a line).
  const std::vector<std::vector<int>>& lines() const { return lines_; }
  // The sites `action` (legal in `state`) fills: {-1, -1} for none, second -1 for one.
  std::pair<int, int> sites(const State& state, Action action) const;
  // The same for a move already played (learnt at the start or when it was legal since);
  // {-1, -1} if unknown.
  std::pair<int, int> known_sites(Action action) const;

 private:
  // A copy: the tables are cached per board for the whole process (shared_feature_tables)
  // and outlive the Game they were made from (a server makes a Game per request).
  Geometry geometry_;
  mutable ActionSites sites_;
  int directions_;
  std::vector<uint16_t> canonical_;  // raw code (4^directions) -> pattern index
  std::array<int, kGroupCount> sizes_{};
  std::vector<uint8_t> distance_;    // num_sites^2
  std::vector<uint8_t> edge_;        // per site
  std::vector<std::vector<int>> lines_;
};

// One thread's feature reader over shared tables.
class FeatureExtractor {
 public:
  explicit FeatureExtractor(std::shared_ptr<const FeatureTables> tables);
  // Convenience: tables of its own.
  explicit FeatureExtractor(const Game& game);

  const FeatureTables& tables() const { return *tables_; }
  int group_size(int group) const { return tables_->group_size(group); }

  // Reads the board of `state` and the sites of the two moves before it (kNoAction: none),
  // for the extract() calls that follow.
  void set_position(const State& state, Action last, Action earlier);
  // The features of `action`, legal in the position of set_position().
  MoveFeatures extract(const State& state, Action action);
  // Leaves kLines or kTactics at 0 from now on: the search skips what its weights ignore
  // (kTactics may copy the position per move).
  void skip(int group) { skipped_[static_cast<size_t>(group)] = true; }

 private:
  int pattern_at(int site) const;
  int distance_bucket(int from, int to) const;
  void read_lines();

  std::shared_ptr<const FeatureTables> tables_;
  std::vector<int8_t> board_;  // per site: 0 empty, 1 mover's, 2 opponent's
  // Per site, kLines' two halves for the position (read_lines).
  std::vector<int8_t> own_best_, their_best_;
  int last_site_ = -1, earlier_site_ = -1;
  const PriorTactics* tactics_ = nullptr;  // the position's, when its game reads moves
  std::array<bool, kGroupCount> skipped_{};
};

// The value kPattern gives a move that fills no site; board groups then hold 0 ("none").
inline int no_site_pattern(const FeatureExtractor& f) { return f.group_size(kPattern) - 1; }

}  // namespace ludus::ai::priors
