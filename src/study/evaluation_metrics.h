// SPDX-License-Identifier: Apache-2.0
#pragma once
// Metrics read from the search's evaluation of every position (PlyTrace::eval, the win
// probability of the first seat): decisiveness, drama, lead changes, stability, clarity
// and the gap between the players' evaluations (docs/metrics.md, "Tension"), each by
// ludus's definition and, beside it, by Ludii's applied to the same evaluations.  Games
// without evaluations are skipped; a metric with no game to measure is kUnknown.
#include <vector>

#include "study/metric.h"

namespace ludus::study {

std::vector<Metric> evaluation_metrics(const std::vector<GameTrace>& games, const MetricContext& context);

// Per game (kUnknown when the game has no evaluation or no winner where one is needed):
// Fraction of the plies played before the winner leads (eval > 1/2 for it) for good.
double settled_fraction(const GameTrace& game);
// The loser's best win probability over the game.
double decisiveness_threshold(const GameTrace& game);
// Ludii's DecisivenessMoves with the players ranked at the end: the first ply (0-based)
// at which a winner's evaluation beats the best any non-winner reached in the game,
// divided by the plies; 1 when it never does, 0 for a draw (no non-winner).
double ludii_decisiveness_moves(const GameTrace& game);
// How far the winner fell behind: max over positions of max(0, 1 - 2 p_winner).
double drama(const GameTrace& game);
// A seat leads when its win probability is at least 1/2 + kLeadMargin: closer to an
// even game, the search's noise would make every wobble a lead change.
constexpr double kLeadMargin = 0.05;
// Times the leading seat changes over the evaluated positions (positions where nobody
// leads are skipped).
double lead_changes(const GameTrace& game);
// Ludii's LeadChange: evaluated positions whose set of leaders (the seats with the
// highest evaluation, both on a tie) differs from the previous position's (the first
// position always does), divided by the evaluated positions.
double ludii_lead_change(const GameTrace& game);
// Mean absolute change of the evaluation between consecutive evaluated positions.
double instability(const GameTrace& game);
// Ludii's Stability: the sum over both seats of the (population) variance of their
// evaluations on Ludii's -1..1 scale, which is 8 times the variance of the win probability.
double ludii_stability(const GameTrace& game);

}  // namespace ludus::study
