// SPDX-License-Identifier: Apache-2.0
#pragma once
// Board geometry as data: a set of sites with integer coordinates, per-direction step
// tables, adjacency lists and the RULES.md coordinate notation.  Shapes (hex-hex,
// trapezoid, limping hexagon, perforated Epoxy lattices, squares) are only different
// site sets fed to the same two topologies, so no rule code branches on the shape.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ludus {

enum class Topology {
  // Square grid.  Coordinates: col from 0 at the left, row from 0 at the BOTTOM.
  // Notation: column letter then row number from 1 (`e4`).
  Square,
  // Hexagonal cells / triangular-lattice points (one graph).  Coordinates: row from 0 at
  // the TOP, col = the diagonal number n of RULES.md shifted so the smallest is 0.
  // Notation: row letter then col+1 (`e5`).
  Hex,
};

struct Coord {
  int row = 0;
  int col = 0;
  bool operator==(const Coord&) const = default;
};

class Geometry {
 public:
  // Hex directions in cyclic order, so direction d and d+1 (mod 6) are neighbouring
  // directions and d+3 is the opposite one.  (dRow, dCol) with rows counted downward.
  enum HexDir { kEast = 0, kSouthEast, kSouthWest, kWest, kNorthWest, kNorthEast };
  static constexpr int kHexDirs = 6;
  // Square directions: the four orthogonal ones first (cyclic), then the four diagonals.
  enum SquareDir { kRight = 0, kUp, kLeft, kDown, kUpRight, kUpLeft, kDownLeft, kDownRight };
  static constexpr int kSquareDirs = 8;

  static Geometry square(int width, int height);
  // A hex/triangular board from any set of (row, col) sites; coordinates are normalised
  // so the smallest row and the smallest col are 0.
  static Geometry hex(std::vector<Coord> sites);
  // Regular hexagon with `side` cells per side: 3*side*(side-1)+1 cells.
  static Geometry hexhex(int side);
  // Lower half of a hex-hex of side `side`, from its middle row down.
  static Geometry trapezoid(int side);
  // Hexagon whose sides alternate n-1 and n+1 cells, bottom side n+1: 3n(n-1) cells.
  static Geometry limping(int n);

  Topology topology() const { return topology_; }
  int num_sites() const { return static_cast<int>(coords_.size()); }
  int num_rows() const { return rows_; }
  int num_cols() const { return cols_; }
  int num_dirs() const { return topology_ == Topology::Hex ? kHexDirs : kSquareDirs; }
  // Number of directions that count as adjacency (6 hex, 4 square).
  int num_adjacent_dirs() const { return topology_ == Topology::Hex ? kHexDirs : 4; }
  static int opposite(Topology t, int dir);

  Coord coord(int site) const { return coords_[site]; }
  // -1 when (row, col) is not a site.
  int site_at(int row, int col) const;
  int site_at(Coord c) const { return site_at(c.row, c.col); }
  // The neighbouring site in direction `dir`, or -1 off the board.
  int step(int site, int dir) const { return steps_[site * num_dirs() + dir]; }
  // Sites adjacent to `site` (orthogonal on squares, six on hex), in direction order.
  std::span<const int> neighbours(int site) const {
    return {adjacency_.data() + adjacency_start_[site],
            adjacency_.data() + adjacency_start_[site + 1]};
  }
  int num_neighbours(int site) const { return adjacency_start_[site + 1] - adjacency_start_[site]; }
  // (dRow, dCol) of a direction in this board's coordinate convention.
  Coord delta(int dir) const;

  std::string name(int site) const;
  std::string name(Coord c) const;
  // Parses a coordinate (case-insensitive).  Returns the site, or -1 with *error set to
  // "malformed coordinate 'x'" or "off-board coordinate 'x'".
  int parse(std::string_view text, std::string* error) const;

 private:
  Geometry(Topology topology, std::vector<Coord> coords);

  Topology topology_;
  int rows_ = 0, cols_ = 0;
  std::vector<Coord> coords_;
  std::vector<int> site_of_;  // rows_ * cols_, -1 where no site
  std::vector<int> steps_;    // num_sites * num_dirs
  std::vector<int> adjacency_;
  std::vector<int> adjacency_start_;
};

}  // namespace ludus
