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

namespace ludus {

// Per-site neighbour bitboards for one bitboard width.
template <int kWords>
struct NdengrodMasks {
  std::vector<Bitboard<kWords>> neighbours;
  Bitboard<kWords> all_sites;
};

class NdengrodGame : public Game {
 public:
  static constexpr int kMaxNeighbours = 6;
  static constexpr int kMaxSites = 512;  // hex-hex of side 13 has 469 cells

  explicit NdengrodGame(const Options& options);

  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return num_sites_ + 2; }

  const Geometry& geometry() const { return geometry_; }
  int num_sites() const { return num_sites_; }
  int line_length() const { return length_; }
  bool swap_enabled() const { return swap_enabled_; }
  // False when no straight run of `length` cells fits on the board: then nobody can ever
  // win (and, see random_playout, the game never ends).
  bool line_possible() const { return line_possible_; }

  // Action ids: sites 0..num_sites-1, then these two.
  Action swap_action() const { return num_sites_; }
  Action pass_action() const { return num_sites_ + 1; }

  // Neighbours of `site`, padded with -1 after num_neighbours(site) entries.
  const std::array<int16_t, kMaxNeighbours>& neighbour_list(int site) const { return neighbours_[site]; }
  int num_neighbours(int site) const { return neighbour_count_[site]; }
  // Site one step from `site` in hex direction `dir` (0..5, dir+3 is opposite), or -1.
  int step(int site, int dir) const { return steps_[site * 6 + dir]; }

  // Bitboard words needed for this board: 1, 2, 4 or 8.
  int bitboard_words() const { return words_; }
  template <int kWords>
  const NdengrodMasks<kWords>& masks() const { return std::get<NdengrodMasks<kWords>>(masks_); }

 private:
  Geometry geometry_;
  int num_sites_;
  int length_;
  bool swap_enabled_;
  bool line_possible_ = false;
  int words_;
  std::vector<std::array<int16_t, kMaxNeighbours>> neighbours_;
  std::vector<int8_t> neighbour_count_;
  std::vector<int16_t> steps_;
  std::variant<NdengrodMasks<1>, NdengrodMasks<2>, NdengrodMasks<4>, NdengrodMasks<8>> masks_;
};

// Game metadata (name, colours, options, rules text) as registered.
const GameInfo& ndengrod_info();

}  // namespace ludus
