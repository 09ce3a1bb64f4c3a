// SPDX-License-Identifier: Apache-2.0
#pragma once
// Ndengrod (RULES.md §4): place a stone, capture enemy groups left without an empty
// neighbour, no suicide; a line of `length` stones wins; optional swap at move 2.
//
// The Game holds everything derived from the options once: the hex geometry, compact
// neighbour lists, the line-walking step tables and the per-site neighbour bitboards for
// the bitboard width the board needs (1, 2, 4 or 8 words), so the states' hot paths only
// read fixed tables.
#include <array>
#include <cstdint>
#include <memory>
#include <variant>
#include <vector>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/geometry.h"
#include "core/pie_openings.h"
#include "core/repetition.h"

namespace ludus::ndengrod {

// The neighbours of one cell as a window of two consecutive bitboard words (they lie on
// three consecutive rows, at most 52 bits apart), so testing or collecting them costs two
// word operations whatever the board size.
struct NdengrodNeighbourWindow {
  uint64_t low = 0, high = 0;     // bits in words `low_word` and `high_word`
  int16_t low_word = 0, high_word = 0;  // high_word == low_word (and high == 0) at the end
};

// Per-site neighbour bitboards for one bitboard width.
template <int kWords>
struct NdengrodMasks {
  std::vector<Bitboard<kWords>> neighbours;
  std::vector<NdengrodNeighbourWindow> windows;
  Bitboard<kWords> all_sites;
};

class NdengrodGame : public Game, public PieOpenings {
 public:
  static constexpr int kMaxNeighbours = 6;
  // The three axes (hex directions 0..2: east, south-east, south-west) cut the board into
  // straight lines; every cell lies on one line per axis.  At most 25 lines per axis and
  // 25 cells per line (hex-hex of side 13), so a line fits in a 32-bit mask.
  static constexpr int kAxes = 3;
  static constexpr int kMaxLines = 25;
  static constexpr int kMaxLineCells = 32;
  struct LinePlace {
    uint8_t line;      // which line of the axis
    uint8_t position;  // cells before this one on that line
  };

  // Throws LudusError when no straight line of `length` cells fits on the board (RULES.md
  // §4: such a game could never be won).
  explicit NdengrodGame(const Options& options);

  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return num_sites_ + 2; }

  const Geometry& geometry() const { return geometry_; }
  const Geometry* board_geometry() const override { return &geometry_; }
  // Lines, groups and the edge are lattice notions: every lattice symmetry keeps the rules.
  std::vector<std::vector<int>> board_symmetries() const override;
  int num_sites() const { return num_sites_; }
  int line_length() const { return length_; }
  bool swap_enabled() const { return swap_enabled_; }
  // On the default board (hex-hex 5, lines of 5, swap on): cells of the second ring from
  // the edge, which the first player won about half the time with swap off (docs/ai.md).
  std::vector<Action> balanced_first_moves() const override;
  const PieOpenings* pie_openings() const override { return this; }

  // Zobrist keys of the stones, [2 * site + colour], and of the colour to move (0 for X),
  // for the superko rule.
  const uint64_t* stone_keys() const { return zobrist_.stone_keys(); }
  uint64_t to_move_key(int colour) const { return colour == 0 ? 0 : zobrist_.extra(0); }

  // Action ids: sites 0..num_sites-1, then these two.
  Action swap_action() const { return num_sites_; }
  Action pass_action() const { return num_sites_ + 1; }

  // Neighbours of `site`, padded with -1 after num_neighbours(site) entries.
  const std::array<int16_t, kMaxNeighbours>& neighbour_list(int site) const { return neighbours_[site]; }
  int num_neighbours(int site) const { return neighbour_count_[site]; }
  const std::array<LinePlace, kAxes>& line_places(int site) const { return line_places_[site]; }
  // Lines on the axis that has the most (sizes the states' line masks).
  int max_lines_per_axis() const { return max_lines_per_axis_; }
  // Cells on the longest line (sizes the mask type).
  int longest_line() const { return longest_line_; }
  // The site at `position` of line `line` of `axis` (the inverse of line_places), and the
  // number of cells on that line.
  int line_site(int axis, int line, int position) const {
    return line_sites_[static_cast<size_t>((axis * kMaxLines + line) * kMaxLineCells + position)];
  }
  int line_cells(int axis, int line) const { return line_cells_[static_cast<size_t>(axis * kMaxLines + line)]; }

  // Bitboard words needed for this board: 1, 2, 4 or 8.
  int bitboard_words() const { return words_; }
  template <int kWords>
  const NdengrodMasks<kWords>& masks() const { return std::get<NdengrodMasks<kWords>>(masks_); }

 private:
  Geometry geometry_;
  int num_sites_;
  int length_;
  bool swap_enabled_;
  int words_;
  std::vector<std::array<int16_t, kMaxNeighbours>> neighbours_;
  std::vector<int8_t> neighbour_count_;
  std::vector<std::array<LinePlace, kAxes>> line_places_;
  std::vector<int16_t> line_sites_;  // [axis][line][position], -1 past the line's end
  std::vector<int8_t> line_cells_;   // [axis][line]
  int max_lines_per_axis_ = 0;
  int longest_line_ = 0;
  ZobristKeys zobrist_;
  std::variant<NdengrodMasks<1>, NdengrodMasks<2>, NdengrodMasks<4>, NdengrodMasks<8>> masks_;
};

// Game metadata (name, colours, options, rules text) as registered.
const GameInfo& ndengrod_info();

}  // namespace ludus::ndengrod
