#pragma once
// Metrics read from the search's evaluation of every position (PlyTrace::eval, the win
// probability of the first seat): decisiveness, drama, lead changes, stability and
// clarity (docs/metrics.md, "Tension").  Games without evaluations are skipped; a
// metric with no game to measure is kUnknown.
#include <vector>

#include "study/metric.h"

namespace ludus::study {

std::vector<Metric> evaluation_metrics(const std::vector<GameTrace>& games);

// Per game (kUnknown when the game has no evaluation or no winner where one is needed):
// Fraction of the plies played before the winner leads (eval > 1/2 for it) for good.
double settled_fraction(const GameTrace& game);
// How far the winner fell behind: max over positions of max(0, 1 - 2 p_winner).
double drama(const GameTrace& game);
// A seat leads when its win probability is at least 1/2 + kLeadMargin: closer to an
// even game, the search's noise would make every wobble a lead change.
constexpr double kLeadMargin = 0.05;
// Times the leading seat changes over the evaluated positions (positions where nobody
// leads are skipped).
double lead_changes(const GameTrace& game);
// Mean absolute change of the evaluation between consecutive evaluated positions.
double instability(const GameTrace& game);

}  // namespace ludus::study
