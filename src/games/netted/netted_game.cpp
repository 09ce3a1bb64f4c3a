#include <cctype>
#include <sstream>

#include "core/error.h"
#include "core/registry.h"
#include "games/netted/netted.h"
#include "games/netted/netted_engine.h"

namespace ludus {
namespace {

const GameInfo kInfo{
    "netted",
    "Netted",
    {"black", "white"},
    {OptionSpec::choice("shape", "limping", {"limping", "hexhex"},
                        "board: limping hexagon (sides n-1 and n+1) or regular hexagon of side n"),
     OptionSpec::integer("size", 5, 2, 10, "board size n")},
    "place stones; net an opposing group so its region has no more edge cells than stones",
    R"RULES(## 2. Netted (Dale W. Walton, 2021)

* **Board**: hexagonal cells. Option `shape`: `limping` (**default**; a hexagon whose sides
  alternate n−1 and n+1 cells, the bottom side n+1; 3n(n−1) cells) or `hexhex` (regular
  hexagon of side n, 3n(n−1)+1 cells). Option `size` n from 2 to 10, **default 5**
  (the designer asks for at least 5–6; Ludii's default is 3, which plays out trivially).
* **Edge cells**: cells with fewer than six neighbours on the board.
* **Colours**: Black (first) and White. No pie.
* **A turn**: place one stone on an empty cell, subject to the suicide rule. No pass.
* **Nets**: a player's net is the player's stones and the connections between them:
  adjacent stones; *diagonal* stones (two cells that share two neighbours which are adjacent to
  each other) whatever occupies those two cells; and two stones on opposite sides of one empty
  cell on a straight line: that empty cell is part of the net (a *gap*). **Decision**: a gap
  stays part of the net whatever else surrounds it (Ludii drops it when a third friendly stone
  touches the gap cell; the rule text does not). A stone placed on a gap cell by either player
  ends the gap.
* **Regions**: for player P with opponent O, the region of a cell is everything reachable from
  it by steps between adjacent cells, never entering an O stone or an O gap cell, and never
  crossing an O diagonal (a step between the two cells that an O diagonal passes between),
  even when the two cells hold P's own stones.
* **Life**: the stones of P in a region live or die together. They live iff the region's edge
  cells outnumber P's stones in it (edge cells holding P stones or P gaps count; those holding O
  stones or O gaps are not in the region).
* **Suicide** is illegal: a placement after which the placing player's region holding the new
  stone does not have more edge cells than that player's stones.
* **End**: a placement that leaves any opponent group dead (netted) wins at once. A player
  with no legal placement loses.)RULES"};

Geometry board_for(const Options& options) {
  const int n = options.get_int("size");
  return options.get("shape") == "hexhex" ? Geometry::hexhex(n) : Geometry::limping(n);
}

const bool kRegistered = register_game({&kInfo, [](const Options& o) -> std::shared_ptr<const Game> {
                                          return NettedGame::create(o);
                                        }});

}  // namespace

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

}  // namespace ludus
