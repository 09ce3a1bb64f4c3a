// SPDX-License-Identifier: Apache-2.0
#pragma once
// Plain Ndengrod rules on a simple array, written to be obviously correct rather than
// fast: whole-group flood fills, "try it and look" legality, lines walked cell by cell
// from the geometry, and superko against a set of every whole position of the game.
// The tests replay random games through it and the fast position side by side and
// compare after every move.
#include <set>
#include <utility>
#include <vector>

#include "core/geometry.h"

namespace ludus::ndengrod {

class NdengrodReference {
 public:
  static constexpr int kEmpty = -1;

  // An empty board with X to move: the game's first position.
  explicit NdengrodReference(const Geometry& geometry);

  int stone(int site) const { return cells_[site]; }
  const std::vector<int>& cells() const { return cells_; }
  // Starts the game afresh from these stones with `to_move` to move (the earlier
  // positions are forgotten).
  void set_position(std::vector<int> cells, int to_move);

  // The stones connected to the stone on `site` (which must hold one).
  std::vector<int> group(int site) const;
  // Whether any cell next to a stone of `group` is empty.
  bool has_freedom(const std::vector<int>& group) const;

  // Whether `colour` may place on `site`: it is empty, after the captures the new stone's
  // group has an empty neighbour, and the stones then, with the other colour to move, are
  // not a position that has occurred in the game (superko).
  bool legal(int site, int colour) const;
  // Whether a stone of `colour` on the empty `site` would recreate such a position.
  bool repeats(int site, int colour) const;
  std::vector<int> legal_placements(int colour) const;

  // Places a stone (precondition: legal), removes the enemy groups touching it that have
  // no empty neighbour, and notes the new position with the other colour to move;
  // returns how many stones were removed.
  int place(int site, int colour);
  // `colour` passes: the same stones occur with the other colour to move.
  void pass(int colour);

  // Longest straight line of the colour on `site` through it, along the three axes.
  int longest_line_through(int site) const;
  // NdengrodState::line_potential, window by window from every cell along the geometry.
  int line_potential(int colour, int length) const;

 private:
  // The stones after a stone of `colour` on `site` and its captures.
  std::vector<int> after_placement(int site, int colour) const;

  const Geometry* geometry_;
  std::vector<int> cells_;
  std::set<std::pair<std::vector<int>, int>> occurred_;  // (stones, colour to move)
};

}  // namespace ludus::ndengrod
