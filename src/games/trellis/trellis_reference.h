// SPDX-License-Identifier: Apache-2.0
#pragma once
// A plain, slow, obviously-correct Trellis written straight from the rule text of
// RULES.md §3, used only to cross-check the fast TrellisState in tests.  It shares no
// code with the fast implementation: it works on move texts and a grid, keeps the whole
// turn history and derives everything (mirror runs, draws, swaps) from it on demand.
#include <string>
#include <vector>

namespace ludus::trellis {

struct ReferencePoint {
  int col = 0;
  int row = 0;
  bool operator==(const ReferencePoint&) const = default;
  auto operator<=>(const ReferencePoint&) const = default;  // by column, then row
};

// grid[col][row]: -1 empty, 0 black, 1 white.
using ReferenceGrid = std::vector<std::vector<int>>;

// Breadth-first search from one side of `colour` to the other (0 black: bottom to top;
// 1 white: left to right) over orthogonal steps and diagonal steps across a square of the
// colour's home shade.
bool reference_connects(const ReferenceGrid& grid, int colour);

class ReferenceTrellis {
 public:
  explicit ReferenceTrellis(int size);

  // Every legal move in canonical notation, sorted; empty once the game is over.
  std::vector<std::string> legal_moves() const;
  // Plays a canonical move text; precondition: it is in legal_moves().
  void play(const std::string& move);

  bool over() const { return !result_.empty(); }
  // "black", "white", "draw", or "" while the game is on.
  const std::string& result() const { return result_; }
  const ReferenceGrid& grid() const { return grid_; }
  // Colour to move: turns alternate Black, White whoever plays them.
  int to_move() const { return static_cast<int>(turns_.size() % 2); }
  // Seat (0 first player, 1 second) who plays the next turn or swap.
  int seat_to_move() const;
  bool swapped() const { return swapped_; }

 private:
  using Turn = std::vector<ReferencePoint>;  // sorted; empty = pass
  bool mirrors(const Turn& turn, size_t index) const;  // would `turn` as turn index mirror?
  int mirror_run_before(size_t index) const;           // the mover's run before turn index
  bool legal_turn(const Turn& turn) const;
  std::string text_of(const Turn& turn) const;

  int n_;
  ReferenceGrid grid_;
  std::vector<Turn> turns_;
  bool swapped_ = false;
  std::string result_;
};

}  // namespace ludus::trellis
