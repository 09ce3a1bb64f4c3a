// SPDX-License-Identifier: Apache-2.0
#include "games/ndengrod/ndengrod.h"

#include <algorithm>
#include <stdexcept>

#include "core/board_symmetry.h"
#include "core/translatable.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rules_documents.h"
#include "games/ndengrod/ndengrod_fast_state.h"

namespace ludus::ndengrod {
namespace {

const GameInfo kInfo{
    .name = "ndengrod",
    .title = "Ndengrod",
    .colours = {"x", "o"},
    .options = {
        OptionSpec::integer("size", 5, 2, 13, N_("cells per side")),
        OptionSpec::choice("shape", "hexhex", {"hexhex", "trapezoid"},
                           N_("hexhex, or trapezoid: the lower half of a hex-hex (Pentalath: size 7)")),
        OptionSpec::integer("length", 5, 3, 9, N_("line length that wins")),
        OptionSpec::choice("swap", "on", {"on", "off"}, N_("second player may swap instead of move 2")),
    },
    .summary = N_("Place stones, capture surrounded groups, make a line of five (Pentalath)"),
    .rules = rules_document("ndengrod"),
    .pie = {.offered = true, .option = "swap", .exchanges_seats_only = true},
    .bench_boards = {{{"size", "3"}}, {}, {{"size", "13"}}},
    .stones_on = StoneSites::Cells,
    .turn_help = {.summary = N_("Place one stone on an empty cell; enemy groups left without an empty neighbour are captured."),
                  .examples = {{"e5", N_("a stone on e5")},
                               {"swap", N_("instead of move 2: the seats exchange colours, the stones stay")},
                               {"pass", N_("only when no placement is legal")}}},
    .rules_section = 4,
};

int words_for(int sites) {
  if (sites <= 64) return 1;
  if (sites <= 128) return 2;
  if (sites <= 256) return 4;
  return 8;
}

template <int kWords>
NdengrodMasks<kWords> build_masks(const Geometry& geometry) {
  NdengrodMasks<kWords> masks;
  masks.neighbours.resize(geometry.num_sites());
  masks.windows.resize(geometry.num_sites());
  for (int site = 0; site < geometry.num_sites(); ++site) {
    masks.all_sites.set(site);
    auto& window = masks.windows[site];
    auto around = geometry.neighbours(site);
    window.low_word = static_cast<int16_t>(*std::min_element(around.begin(), around.end()) / 64);
    window.high_word = static_cast<int16_t>(std::min(window.low_word + 1, kWords - 1));
    for (int next : around) {
      masks.neighbours[site].set(next);
      int word = next / 64;
      uint64_t bit = 1ull << (next % 64);
      if (word == window.low_word) window.low |= bit;
      else if (word == window.low_word + 1) window.high |= bit;
      else throw std::logic_error("ndengrod: neighbours span more than two bitboard words");
    }
  }
  return masks;
}

Geometry board_of(const Options& options) {
  int size = options.get_int("size");
  return options.get("shape") == "trapezoid" ? Geometry::trapezoid(size) : Geometry::hexhex(size);
}

}  // namespace

const GameInfo& ndengrod_info() { return kInfo; }

std::vector<std::vector<int>> NdengrodGame::board_symmetries() const { return lattice_symmetries(geometry_); }

NdengrodGame::NdengrodGame(const Options& options)
    : Game(kInfo, options),
      geometry_(board_of(options)),
      num_sites_(geometry_.num_sites()),
      length_(options.get_int("length")),
      swap_enabled_(options.get("swap") == "on"),
      words_(words_for(num_sites_)),
      zobrist_(num_sites_, 1) {
  neighbours_.resize(num_sites_);
  neighbour_count_.resize(num_sites_);
  for (int site = 0; site < num_sites_; ++site) {
    neighbours_[site].fill(-1);
    int count = 0;
    for (int next : geometry_.neighbours(site)) neighbours_[site][count++] = static_cast<int16_t>(next);
    neighbour_count_[site] = static_cast<int8_t>(count);
  }
  // Number the lines of each axis from the cells that have no predecessor on it.
  line_places_.resize(num_sites_);
  line_sites_.assign(static_cast<size_t>(kAxes * kMaxLines * kMaxLineCells), -1);
  line_cells_.assign(static_cast<size_t>(kAxes * kMaxLines), 0);
  for (int axis = 0; axis < kAxes; ++axis) {
    const int backward = Geometry::opposite(Topology::Hex, axis);
    int lines = 0;
    for (int start = 0; start < num_sites_; ++start) {
      if (geometry_.step(start, backward) >= 0) continue;
      int position = 0;
      for (int s = start; s >= 0; s = geometry_.step(s, axis)) {
        line_sites_[static_cast<size_t>((axis * kMaxLines + lines) * kMaxLineCells + position)] = static_cast<int16_t>(s);
        line_places_[s][axis] = {static_cast<uint8_t>(lines), static_cast<uint8_t>(position++)};
      }
      line_cells_[static_cast<size_t>(axis * kMaxLines + lines)] = static_cast<int8_t>(position);
      longest_line_ = std::max(longest_line_, position);
      ++lines;
    }
    max_lines_per_axis_ = std::max(max_lines_per_axis_, lines);
  }
  if (longest_line_ < length_)
    throw LudusError("bad option: length=" + std::to_string(length_) + " (no line of " + std::to_string(length_) +
                     " cells fits on the " + options.get("shape") + " board of size " + options.get("size") +
                     ", whose longest line has " + std::to_string(longest_line_) + " cells)");
  switch (words_) {
    case 1: masks_ = build_masks<1>(geometry_); break;
    case 2: masks_ = build_masks<2>(geometry_); break;
    case 4: masks_ = build_masks<4>(geometry_); break;
    default: masks_ = build_masks<8>(geometry_); break;
  }
}

std::unique_ptr<State> NdengrodGame::new_initial_state() const { return make_ndengrod_state(*this); }

// `ludus analyze ndengrod -o swap=off -n 1 --ai "mcts:time=100ms" --no-baseline --opening-map FILE
// --opening-games 8 --seed 7`, pooled over the board's twelve symmetries (48 games a class):
// the first player scored 0.46-0.52 with the stones of these three classes, 1.00 with the
// centre, 0.75 next to it, 0.33 with b3 and its images and 0.19-0.21 further out (docs/ai.md).
// An earlier table, measured with `medium` and per point, held stones a stronger opponent
// declined and then beat (b3, b4, g4, h4 scored 0.21-0.33 here).
std::vector<Action> NdengrodGame::balanced_first_moves() const {
  if (!swap_enabled_ || length_ != 5 || options().get("shape") != "hexhex" || options().get_int("size") != 5) return {};
  std::vector<Action> moves;
  for (const char* cell : {"b2", "b5", "e2", "e8", "h5", "h8",    // one step in from a corner
                           "c3", "c5", "e3", "e7", "g5", "g7",    // two steps from the centre towards a corner
                           "c4", "d3", "d6", "f4", "f7", "g6"})  // two steps from the centre, between those
    moves.push_back(geometry_.parse(cell, nullptr));
  return moves;
}

static const bool kRegistered = register_game({&kInfo, [](const Options& o) {
                                                 return std::make_shared<const NdengrodGame>(o);
                                               }});

}  // namespace ludus::ndengrod
