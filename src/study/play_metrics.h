// SPDX-License-Identifier: Apache-2.0
#pragma once
// Metrics of how games unfold, without evaluations (docs/metrics.md, "Shape"): branching
// factor, positions with a choice and decision moves, board coverage, stones on the board,
// how far stones move, the score gap, repetition, and the state-space and game-tree
// complexity estimates.
#include <vector>

#include "study/metric.h"

namespace ludus::study {

std::vector<Metric> play_metrics(const std::vector<GameTrace>& games, const MetricContext& context);

// log10 of the number of boards with the stone counts (colour 0, colour 1) seen in the
// games: the sum over the distinct count pairs (a, b) of N! / (a! b! (N-a-b)!), N sites.
double state_space_log10(const std::vector<GameTrace>& games);

// log10 of the product of the branching factors along one game.
double game_tree_log10(const GameTrace& game);

// Ludii's estimate for one game: its plies times log10 of its mean branching factor.
double ludii_game_tree_log10(const GameTrace& game);

}  // namespace ludus::study
