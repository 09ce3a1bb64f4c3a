// SPDX-License-Identifier: Apache-2.0
#include "games/ndengrod/ndengrod_reference.h"

#include <algorithm>

namespace ludus::ndengrod {
namespace {

std::vector<int> group_in(const Geometry& geometry, const std::vector<int>& cells, int site) {
  const int colour = cells[site];
  std::vector<bool> seen(cells.size(), false);
  std::vector<int> members{site};
  seen[site] = true;
  for (size_t i = 0; i < members.size(); ++i)
    for (int next : geometry.neighbours(members[i]))
      if (!seen[next] && cells[next] == colour) {
        seen[next] = true;
        members.push_back(next);
      }
  return members;
}

bool has_freedom_in(const Geometry& geometry, const std::vector<int>& cells, const std::vector<int>& group) {
  for (int site : group)
    for (int next : geometry.neighbours(site))
      if (cells[next] == NdengrodReference::kEmpty) return true;
  return false;
}

}  // namespace

NdengrodReference::NdengrodReference(const Geometry& geometry) : geometry_(&geometry) {
  set_position(std::vector<int>(geometry.num_sites(), kEmpty), 0);
}

void NdengrodReference::set_position(std::vector<int> cells, int to_move) {
  cells_ = std::move(cells);
  occurred_ = {{cells_, to_move}};
}

std::vector<int> NdengrodReference::group(int site) const { return group_in(*geometry_, cells_, site); }

bool NdengrodReference::has_freedom(const std::vector<int>& group) const {
  return has_freedom_in(*geometry_, cells_, group);
}

std::vector<int> NdengrodReference::after_placement(int site, int colour) const {
  std::vector<int> after = cells_;
  after[site] = colour;
  for (int next : geometry_->neighbours(site)) {
    if (after[next] != 1 - colour) continue;
    auto enemy = group_in(*geometry_, after, next);
    if (has_freedom_in(*geometry_, after, enemy)) continue;
    for (int s : enemy) after[s] = kEmpty;
  }
  return after;
}

bool NdengrodReference::repeats(int site, int colour) const {
  return occurred_.count({after_placement(site, colour), 1 - colour}) > 0;
}

bool NdengrodReference::legal(int site, int colour) const {
  if (cells_[site] != kEmpty) return false;
  const std::vector<int> after = after_placement(site, colour);
  return has_freedom_in(*geometry_, after, group_in(*geometry_, after, site)) && !repeats(site, colour);
}

std::vector<int> NdengrodReference::legal_placements(int colour) const {
  std::vector<int> out;
  for (int site = 0; site < static_cast<int>(cells_.size()); ++site)
    if (legal(site, colour)) out.push_back(site);
  return out;
}

int NdengrodReference::place(int site, int colour) {
  std::vector<int> after = after_placement(site, colour);
  int removed = 0;
  for (size_t s = 0; s < after.size(); ++s) removed += cells_[s] == 1 - colour && after[s] == kEmpty;
  cells_ = std::move(after);
  occurred_.insert({cells_, 1 - colour});
  return removed;
}

void NdengrodReference::pass(int colour) { occurred_.insert({cells_, 1 - colour}); }

int NdengrodReference::longest_line_through(int site) const {
  const int colour = cells_[site];
  int best = 0;
  // Directions d and d+3 are opposite, so 0..2 are the three axes.
  for (int dir = 0; dir < 3; ++dir) {
    int length = 1;
    for (int way : {dir, Geometry::opposite(Topology::Hex, dir)})
      for (int s = geometry_->step(site, way); s >= 0 && cells_[s] == colour; s = geometry_->step(s, way))
        ++length;
    best = std::max(best, length);
  }
  return best;
}

int NdengrodReference::line_potential(int colour, int length) const {
  int sum = 0;
  // Each window once: from its first cell along directions 0..2 (3..5 are their opposites).
  for (int first = 0; first < static_cast<int>(cells_.size()); ++first)
    for (int dir = 0; dir < 3; ++dir) {
      int own = 0, cells = 0;
      bool blocked = false;
      for (int s = first; s >= 0 && cells < length; s = geometry_->step(s, dir), ++cells) {
        own += cells_[s] == colour;
        blocked |= cells_[s] == (colour ^ 1);
      }
      if (cells < length || blocked) continue;
      int weight = own > 0 ? 1 : 0;
      for (int k = 1; k < own; ++k) weight *= 3;
      sum += weight;
    }
  return sum;
}

}  // namespace ludus::ndengrod
