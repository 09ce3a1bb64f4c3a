// SPDX-License-Identifier: Apache-2.0
#pragma once
// The SVG board of `ludus solve --openings`: every cell coloured by the value of the
// opening there for the first player without the pie rule (green win, red loss, grey
// draw, white unknown), darker for a larger proof (df-pn nodes, log scale), and with the
// pie rule marked `*` where the second player should swap.
#include <string>
#include <vector>

#include "ai/solver/solver.h"
#include "core/game.h"

namespace ludus::cli {

// `pie`: the board has the pie rule (mark the openings to swap).
std::string opening_svg(const Game& game, const std::vector<ai::solver::OpeningResult>& openings, bool pie,
                        const std::string& title);

}  // namespace ludus::cli
