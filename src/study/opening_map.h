// SPDX-License-Identifier: Apache-2.0
#pragma once
// The opening map: how each first move scores for the first player, drawn on the game's
// own board (core/geometry.h: hex cells or square cells, placed as the web page places
// them) as an SVG heat map, blue where the first player does well, red where the second
// does.  With the pie rule on, a dot in a cell shows how often the second player swapped
// after that move (its size is the swap rate).
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "study/game_trace.h"

namespace ludus::study {

struct OpeningStats {
  long long games = 0;
  double first_seat_points = 0;  // win 1, draw 1/2
  long long swaps = 0;
  double score() const { return games ? first_seat_points / static_cast<double>(games) : kUnknown; }
};

// Per first move (canonical text) over `games`.
std::map<std::string, OpeningStats> opening_stats(const std::vector<GameTrace>& games);

// Throws LudusError when the game exposes no board geometry.
// `subtitle` (may be empty) is a second, smaller title line.
std::string opening_map_svg(const Game& game, const std::map<std::string, OpeningStats>& stats,
                            const std::string& title, const std::string& subtitle = {});

}  // namespace ludus::study
