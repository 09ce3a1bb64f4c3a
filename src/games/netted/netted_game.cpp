// SPDX-License-Identifier: Apache-2.0
#include <cctype>
#include <sstream>

#include "core/board_symmetry.h"
#include "core/translatable.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rules_documents.h"
#include "games/netted/netted.h"
#include "games/netted/netted_engine.h"

namespace ludus::netted {
namespace {

const GameInfo kInfo{
    .name = "netted",
    .title = "Netted",
    .colours = {N_("black"), N_("white")},
    .options = {OptionSpec::choice("shape", "limping", {"limping", "hexhex"},
                                   N_("board: limping hexagon (sides n-1 and n+1) or regular hexagon of side n")),
                OptionSpec::integer("size", 5, 2, 10, N_("board size n"))},
    .summary = N_("Place stones; net an opposing group so its region has no more edge cells than stones"),
    .rules = rules_document("netted"),
    .pie = {.offered = false, .option = ""},
    .bench_boards = {{{"size", "2"}}, {}, {{"size", "10"}}, {{"shape", "hexhex"}, {"size", "10"}}},
    .may_draw = false,
    .stones_on = StoneSites::Cells,
    .turn_help = {.summary = N_("Place one stone on an empty cell; the tinted cells are the edge cells."),
                  .examples = {{"e5", N_("a stone on e5")}}},
    .rules_section = 2,
};

Geometry board_for(const Options& options) {
  const int n = options.get_int("size");
  return options.get("shape") == "hexhex" ? Geometry::hexhex(n) : Geometry::limping(n);
}

const bool kRegistered = register_game({&kInfo, [](const Options& o) -> std::shared_ptr<const Game> {
                                          return NettedGame::create(o);
                                        }});

}  // namespace

std::vector<std::vector<int>> NettedGame::board_symmetries() const { return lattice_symmetries(geometry_); }

std::vector<BoardFeature> NettedGame::board_features() const {
  BoardFeature edge{"edge cells", {}};
  for (int s = 0; s < num_sites(); ++s)
    if (is_edge(s)) edge.sites.push_back(s);
  return {edge};
}

NettedGame::NettedGame(const Options& options, Geometry geometry)
    : Game(kInfo, options), geometry_(std::move(geometry)) {
  const Geometry& g = geometry_;
  const int n = g.num_sites();
  is_edge_.resize(n);
  lines_.resize(n);
  diagonal_start_.push_back(0);
  for (int s = 0; s < n; ++s) {
    is_edge_[s] = g.num_neighbours(s) < Geometry::kHexDirs;
    for (int d = 0; d < Geometry::kHexDirs; ++d) {
      const int mid = g.step(s, d);
      lines_[s][d] = {mid, mid < 0 ? -1 : g.step(mid, d)};
      // Directions d and d+1 are neighbouring, so their cells are adjacent; the cell
      // beyond both is the diagonal partner.
      const int a = mid, b = g.step(s, (d + 1) % Geometry::kHexDirs);
      const int partner = a < 0 ? -1 : g.step(a, (d + 1) % Geometry::kHexDirs);
      if (a >= 0 && b >= 0 && partner >= 0) diagonals_.push_back({partner, a, b});
    }
    diagonal_start_.push_back(static_cast<int>(diagonals_.size()));
  }
}

std::shared_ptr<const NettedGame> NettedGame::create(const Options& options) {
  Geometry geometry = board_for(options);
  const int words = (geometry.num_sites() + 63) / 64;
  switch (words) {
    case 1: return std::make_shared<const NettedEngineGame<1>>(options, std::move(geometry));
    case 2: return std::make_shared<const NettedEngineGame<2>>(options, std::move(geometry));
    case 3: return std::make_shared<const NettedEngineGame<3>>(options, std::move(geometry));
    case 4: return std::make_shared<const NettedEngineGame<4>>(options, std::move(geometry));
    case 5: return std::make_shared<const NettedEngineGame<5>>(options, std::move(geometry));
  }
  throw LudusError("netted: board too large");
}

std::unique_ptr<NettedState> NettedGame::position(std::string_view black, std::string_view white,
                                                  int to_move) const {
  auto cells = [&](std::string_view text) {
    std::vector<int> sites;
    std::istringstream in{std::string(text)};
    std::string word;
    while (in >> word) {
      std::string error;
      const int site = geometry_.parse(word, &error);
      if (site < 0) throw LudusError(error);
      sites.push_back(site);
    }
    return sites;
  };
  return position(cells(black), cells(white), to_move);
}

}  // namespace ludus::netted
