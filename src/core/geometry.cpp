// SPDX-License-Identifier: Apache-2.0
#include "core/geometry.h"

#include <algorithm>
#include <cctype>
#include <climits>

#include "core/error.h"

namespace ludus {
namespace {

constexpr Coord kHexDelta[Geometry::kHexDirs] = {
    {0, 1}, {1, 1}, {1, 0}, {0, -1}, {-1, -1}, {-1, 0}};
// Square deltas as (dRow, dCol) with rows counted upward.
constexpr Coord kSquareDelta[Geometry::kSquareDirs] = {
    {0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}};

}  // namespace

Geometry::Geometry(Topology topology, std::vector<Coord> coords)
    : topology_(topology), coords_(std::move(coords)) {
  if (coords_.empty()) throw LudusError("empty board");
  int min_row = INT_MAX, min_col = INT_MAX;
  for (auto c : coords_) {
    min_row = std::min(min_row, c.row);
    min_col = std::min(min_col, c.col);
  }
  for (auto& c : coords_) {
    c.row -= min_row;
    c.col -= min_col;
    rows_ = std::max(rows_, c.row + 1);
    cols_ = std::max(cols_, c.col + 1);
  }
  // Site order: reading order of the notation (rows a, b, ... for hex from the top;
  // for squares column-major a1, a2, ... like the sorted notation).
  std::sort(coords_.begin(), coords_.end(), [&](Coord a, Coord b) {
    if (topology_ == Topology::Hex) return a.row != b.row ? a.row < b.row : a.col < b.col;
    return a.col != b.col ? a.col < b.col : a.row < b.row;
  });
  coords_.erase(std::unique(coords_.begin(), coords_.end()), coords_.end());

  site_of_.assign(static_cast<size_t>(rows_) * cols_, -1);
  for (int s = 0; s < num_sites(); ++s) site_of_[coords_[s].row * cols_ + coords_[s].col] = s;

  const int dirs = num_dirs();
  steps_.assign(static_cast<size_t>(num_sites()) * dirs, -1);
  adjacency_start_.push_back(0);
  for (int s = 0; s < num_sites(); ++s) {
    for (int d = 0; d < dirs; ++d) {
      Coord dd = delta(d);
      int t = site_at(coords_[s].row + dd.row, coords_[s].col + dd.col);
      steps_[s * dirs + d] = t;
      if (t >= 0 && d < num_adjacent_dirs()) adjacency_.push_back(t);
    }
    adjacency_start_.push_back(static_cast<int>(adjacency_.size()));
  }
}

Geometry Geometry::square(int width, int height) {
  std::vector<Coord> sites;
  for (int c = 0; c < width; ++c)
    for (int r = 0; r < height; ++r) sites.push_back({r, c});
  return Geometry(Topology::Square, std::move(sites));
}

Geometry Geometry::hex(std::vector<Coord> sites) { return Geometry(Topology::Hex, std::move(sites)); }

Geometry Geometry::hexhex(int side) {
  // Rows 0..2(side-1); row r spans cols max(0, r-side+1) .. min(side-1+r, 2side-2).
  std::vector<Coord> sites;
  const int last = 2 * side - 2;
  for (int r = 0; r <= last; ++r)
    for (int c = std::max(0, r - side + 1); c <= std::min(side - 1 + r, last); ++c)
      sites.push_back({r, c});
  return hex(std::move(sites));
}

Geometry Geometry::trapezoid(int side) {
  std::vector<Coord> sites;
  const int last = 2 * side - 2;
  for (int r = side - 1; r <= last; ++r)
    for (int c = r - side + 1; c <= last; ++c) sites.push_back({r, c});
  return hex(std::move(sites));
}

Geometry Geometry::limping(int n) {
  // Upper part: n+1 rows growing down-right (the up-left and up-right sides, n+1 each);
  // lower part: n-2 more rows shrinking from the left (down-left and down-right sides, n-1).
  std::vector<Coord> sites;
  for (int r = 0; r <= n; ++r)
    for (int c = 0; c <= n - 2 + r; ++c) sites.push_back({r, c});
  for (int j = 1; j <= n - 2; ++j)
    for (int c = j; c <= 2 * n - 2; ++c) sites.push_back({n + j, c});
  return hex(std::move(sites));
}

int Geometry::opposite(Topology t, int dir) {
  if (t == Topology::Hex) return (dir + 3) % kHexDirs;
  if (dir < 4) return (dir + 2) % 4;
  return 4 + (dir - 4 + 2) % 4;
}

Coord Geometry::delta(int dir) const {
  return topology_ == Topology::Hex ? kHexDelta[dir] : kSquareDelta[dir];
}

int Geometry::site_at(int row, int col) const {
  if (row < 0 || col < 0 || row >= rows_ || col >= cols_) return -1;
  return site_of_[row * cols_ + col];
}

std::string Geometry::name(Coord c) const {
  if (topology_ == Topology::Hex) return std::string(1, char('a' + c.row)) + std::to_string(c.col + 1);
  return std::string(1, char('a' + c.col)) + std::to_string(c.row + 1);
}

std::string Geometry::name(int site) const { return name(coords_[site]); }

int Geometry::parse(std::string_view text, std::string* error) const {
  auto fail = [&](const char* what) {
    if (error) *error = std::string(what) + " coordinate '" + std::string(text) + "'";
    return -1;
  };
  if (text.size() < 2 || text.size() > 4 || !std::isalpha(static_cast<unsigned char>(text[0])))
    return fail("malformed");
  int letter = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  int number = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return fail("malformed");
    number = number * 10 + (text[i] - '0');
  }
  if (number < 1 || text[1] == '0') return fail("malformed");
  int site = topology_ == Topology::Hex ? site_at(letter, number - 1) : site_at(number - 1, letter);
  if (site < 0) return fail("off-board");
  return site;
}

}  // namespace ludus
