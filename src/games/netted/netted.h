// SPDX-License-Identifier: Apache-2.0
#pragma once
// Netted (RULES.md §2): the game with its precomputed board tables.  The state interface
// is in netted_state.h, the fast bitboard engine that implements it in netted_engine.h.
#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/geometry.h"

namespace ludus::netted {

class NettedState;

class NettedGame : public Game {
 public:
  // Two cells at a diagonal from `site`: `partner` shares the two mutually adjacent
  // neighbours `a` and `b` with it; a diagonal of stones blocks the step a-b.
  struct Diagonal {
    int partner, a, b;
  };
  // The straight line through `site` in one direction: `mid` is next to it, `far` two
  // steps away (-1 off the board).  Stones on site and far make mid a gap.
  struct Line {
    int mid, far;
  };

  // Builds the engine whose bitboard width fits the board.
  static std::shared_ptr<const NettedGame> create(const Options& options);

  const Geometry& geometry() const { return geometry_; }
  int num_sites() const { return geometry_.num_sites(); }
  bool is_edge(int site) const { return is_edge_[site] != 0; }
  std::span<const Diagonal> diagonals(int site) const {
    return {diagonals_.data() + diagonal_start_[site], diagonals_.data() + diagonal_start_[site + 1]};
  }
  const std::array<Line, Geometry::kHexDirs>& lines(int site) const { return lines_[site]; }

  int num_distinct_actions() const override { return num_sites(); }
  // Every ply fills an empty cell; stones never leave the board; no pass, no pie.
  int max_game_length() const override { return num_sites(); }
  const Geometry* board_geometry() const override { return &geometry_; }
  // Every rule is stated in adjacency, lines and the edge: all lattice symmetries keep it.
  std::vector<std::vector<int>> board_symmetries() const override;
  // The edge cells, which a netted region counts (RULES.md §2).
  std::vector<BoardFeature> board_features() const override;

  // Position-setting helper (tests, analysis): the given stones placed without any
  // legality check, `to_move` to play; the position is judged as if the other colour had
  // just placed (netted or stalemated `to_move` means the other colour has won).
  virtual std::unique_ptr<NettedState> position(const std::vector<int>& black, const std::vector<int>& white,
                                                int to_move) const = 0;
  // Same with cells written as text: "a1 b2 c3".
  std::unique_ptr<NettedState> position(std::string_view black, std::string_view white, int to_move) const;

 protected:
  NettedGame(const Options& options, Geometry geometry);

 private:
  Geometry geometry_;
  std::vector<unsigned char> is_edge_;
  std::vector<Diagonal> diagonals_;
  std::vector<int> diagonal_start_;
  std::vector<std::array<Line, Geometry::kHexDirs>> lines_;
};

}  // namespace ludus::netted
