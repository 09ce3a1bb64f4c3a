// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared helpers of the N-Mesh tests.
#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"
#include "games/n-mesh/n_mesh_state.h"

namespace ludus::nmesh::testing {

inline std::shared_ptr<const NMeshGame> mesh_game(int size) {
  auto game = std::dynamic_pointer_cast<const NMeshGame>(make_game("n-mesh", {{"size", std::to_string(size)}}));
  if (!game) throw std::runtime_error("n-mesh is not an NMeshGame");
  return game;
}

// "a1 c3": the cell names of a set, in site order.
inline std::string names(const NMeshGame& game, const Board& cells) {
  std::string out;
  cells.for_each([&](int s) { out += (out.empty() ? "" : " ") + game.geometry().name(s); });
  return out;
}

inline std::string names(const NMeshGame& game, const std::vector<bool>& cells) {
  std::string out;
  for (int s = 0; s < static_cast<int>(cells.size()); ++s)
    if (cells[s]) out += (out.empty() ? "" : " ") + game.geometry().name(s);
  return out;
}

inline int site(const NMeshGame& game, const std::string& name) { return game.geometry().parse(name, nullptr); }

}  // namespace ludus::nmesh::testing
