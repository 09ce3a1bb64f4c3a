#pragma once
// Plain Ndengrod rules on a simple array, written to be obviously correct rather than
// fast: whole-group flood fills, "try it and look" legality, lines walked cell by cell
// from the geometry.  The tests replay random games through it and the fast position
// side by side and compare after every move.
#include <vector>

#include "core/geometry.h"

namespace ludus {

class NdengrodReference {
 public:
  static constexpr int kEmpty = -1;

  explicit NdengrodReference(const Geometry& geometry);

  int stone(int site) const { return cells_[site]; }
  const std::vector<int>& cells() const { return cells_; }
  void set_cells(std::vector<int> cells) { cells_ = std::move(cells); }

  // The stones connected to the stone on `site` (which must hold one).
  std::vector<int> group(int site) const;
  // Whether any cell next to a stone of `group` is empty.
  bool has_freedom(const std::vector<int>& group) const;

  // Whether `colour` may place on `site`: it is empty and, after the captures, the new
  // stone's group has an empty neighbour.
  bool legal(int site, int colour) const;
  std::vector<int> legal_placements(int colour) const;

  // Places a stone (precondition: legal), removes the enemy groups touching it that have
  // no empty neighbour; returns how many stones were removed.
  int place(int site, int colour);

  // Longest straight line of the colour on `site` through it, along the three axes.
  int longest_line_through(int site) const;

 private:
  const Geometry* geometry_;
  std::vector<int> cells_;
};

}  // namespace ludus
