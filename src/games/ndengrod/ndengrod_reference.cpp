#include "games/ndengrod/ndengrod_reference.h"

#include <algorithm>

namespace ludus {

NdengrodReference::NdengrodReference(const Geometry& geometry)
    : geometry_(&geometry), cells_(geometry.num_sites(), kEmpty) {}

std::vector<int> NdengrodReference::group(int site) const {
  const int colour = cells_[site];
  std::vector<bool> seen(cells_.size(), false);
  std::vector<int> members{site};
  seen[site] = true;
  for (size_t i = 0; i < members.size(); ++i)
    for (int next : geometry_->neighbours(members[i]))
      if (!seen[next] && cells_[next] == colour) {
        seen[next] = true;
        members.push_back(next);
      }
  return members;
}

bool NdengrodReference::has_freedom(const std::vector<int>& group) const {
  for (int site : group)
    for (int next : geometry_->neighbours(site))
      if (cells_[next] == kEmpty) return true;
  return false;
}

bool NdengrodReference::legal(int site, int colour) const {
  if (cells_[site] != kEmpty) return false;
  NdengrodReference after = *this;
  after.place(site, colour);
  return after.has_freedom(after.group(site));
}

std::vector<int> NdengrodReference::legal_placements(int colour) const {
  std::vector<int> out;
  for (int site = 0; site < static_cast<int>(cells_.size()); ++site)
    if (legal(site, colour)) out.push_back(site);
  return out;
}

int NdengrodReference::place(int site, int colour) {
  cells_[site] = colour;
  int removed = 0;
  for (int next : geometry_->neighbours(site)) {
    if (cells_[next] != 1 - colour) continue;
    auto enemy = group(next);
    if (has_freedom(enemy)) continue;
    for (int s : enemy) cells_[s] = kEmpty;
    removed += static_cast<int>(enemy.size());
  }
  return removed;
}

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

}  // namespace ludus
