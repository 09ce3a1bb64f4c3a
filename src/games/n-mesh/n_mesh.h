// SPDX-License-Identifier: Apache-2.0
#pragma once
// N-Mesh (RULES.md §1): place stones on an n x n board with shaded liberty cells; as soon
// as a placement leaves any stone enmeshed (cut off from every empty liberty by the
// opponent's stones and knight connections), the side with fewer enmeshed stones wins.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/geometry.h"
#include "games/n-mesh/n_mesh_enmesh.h"

namespace ludus::nmesh {

constexpr int kBlack = 0;
constexpr int kWhite = 1;
constexpr int kEmpty = -1;

// (c + 2r + k) mod 5 == 0 with k = 1 when n-1 is a multiple of 5 (RULES.md §1).
bool is_liberty_cell(int n, int col, int row);

class NMeshGame : public Game {
 public:
  explicit NMeshGame(const Options& options);

  int size() const { return n_; }
  const Geometry& geometry() const { return geometry_; }
  const Geometry* board_geometry() const override { return &geometry_; }
  // The square's symmetries that map the shaded cells onto themselves.
  std::vector<std::vector<int>> board_symmetries() const override;
  bool is_liberty(int site) const { return tables_.liberties.test(site); }
  const EnmeshTables& tables() const { return tables_; }
  // The shaded cells, for the observation tensor.
  std::vector<BoardFeature> board_features() const override;
  // Actions: a placement is the site index (column-major, a1 = 0, a2 = 1, ...), then swap.
  Action swap_action() const { return n_ * n_; }

  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return n_ * n_ + 1; }
  // Every ply fills an empty cell (stones never leave the board), but for the swap.
  int max_game_length() const override { return n_ * n_ + 1; }

 private:
  int n_;
  Geometry geometry_;
  EnmeshTables tables_;
};

}  // namespace ludus::nmesh
