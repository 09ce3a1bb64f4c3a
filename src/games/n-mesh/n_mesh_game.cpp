// SPDX-License-Identifier: Apache-2.0
// N-Mesh registration (name, colours, the size option, rules text), the liberty cells
// and the Game's tables.
#include "games/n-mesh/n_mesh.h"

#include "core/board_symmetry.h"
#include "core/translatable.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rules_documents.h"
#include "games/n-mesh/n_mesh_state.h"

namespace ludus::nmesh {
namespace {

const GameInfo kInfo{
    .name = "n-mesh",
    .title = "N-Mesh",
    .colours = {N_("black"), N_("white")},
    .options = {OptionSpec::integer("size", 6, 3, kMaxSize, N_("board size n (n x n cells)"))},
    .summary = N_("Place stones; once a stone is cut off from every empty shaded cell, fewer enmeshed stones wins"),
    .rules = rules_document("n-mesh"),
    .pie = {.offered = true, .option = ""},
    .bench_boards = {{{"size", "3"}}, {}, {{"size", "11"}}, {{"size", "19"}}},
    .may_draw = false,
    .stones_on = StoneSites::Cells,
    .turn_help = {.summary = N_("Place one stone on an empty cell; the shaded cells are the liberties."),
                  .examples = {{"c4", N_("a stone on c4")},
                               {"swap", N_("White's first turn only: Black's stone turns White (naming that stone does the same)")}}},
    .rules_section = 1,
};

const bool kRegistered = register_game({&kInfo, [](const Options& o) {
                                          return std::make_shared<const NMeshGame>(o);
                                        }});

Board liberty_cells(const Geometry& geometry, int n) {
  Board b;
  for (int s = 0; s < geometry.num_sites(); ++s)
    if (is_liberty_cell(n, geometry.coord(s).col, geometry.coord(s).row)) b.set(s);
  return b;
}

}  // namespace

bool is_liberty_cell(int n, int col, int row) {
  const int k = (n - 1) % 5 == 0 ? 1 : 0;
  return (col + 2 * row + k) % 5 == 0;
}

NMeshGame::NMeshGame(const Options& options)
    : Game(kInfo, options),
      n_(options.get_int("size")),
      geometry_(Geometry::square(n_, n_)),
      tables_(EnmeshTables::build(n_, liberty_cells(geometry_, n_))) {
  // The fast test relies on the geometry's column-major site order: bit c*n + r.
  for (int s = 0; s < geometry_.num_sites(); ++s)
    if (geometry_.coord(s).col * n_ + geometry_.coord(s).row != s) throw LudusError("n-mesh: unexpected site order");
}

std::vector<std::vector<int>> NMeshGame::board_symmetries() const {
  std::vector<std::vector<int>> kept;
  for (auto& perm : lattice_symmetries(geometry_)) {
    bool keeps_shading = true;
    for (int s = 0; s < geometry_.num_sites(); ++s) keeps_shading = keeps_shading && is_liberty(s) == is_liberty(perm[s]);
    if (keeps_shading) kept.push_back(std::move(perm));
  }
  return kept;
}

std::vector<BoardFeature> NMeshGame::board_features() const {
  BoardFeature liberties{"liberty cells", {}};
  for (int s = 0; s < geometry_.num_sites(); ++s)
    if (is_liberty(s)) liberties.sites.push_back(s);
  return {liberties};
}

std::unique_ptr<State> NMeshGame::new_initial_state() const { return std::make_unique<NMeshState>(*this); }

}  // namespace ludus::nmesh
