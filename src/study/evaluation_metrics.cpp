// SPDX-License-Identifier: Apache-2.0
#include "study/evaluation_metrics.h"

#include <algorithm>
#include <cmath>

#include "study/series.h"

namespace ludus::study {
namespace {

// The winner's win probability in a position (eval is the first seat's).
double for_winner(const GameTrace& g, double eval) { return g.winning_seat == 0 ? eval : 1.0 - eval; }

bool has_evaluations(const GameTrace& g) {
  return std::any_of(g.plies.begin(), g.plies.end(), [](const PlyTrace& p) { return known(p.eval); });
}

// The evaluations of a game, in order.
Series evaluations(const GameTrace& g) {
  Series out;
  for (const auto& p : g.plies)
    if (known(p.eval)) out.push_back(p.eval);
  return out;
}

// A metric measured per game by both definitions: ludus's value the mean (± sd) of
// `per_game` over the games where it is known, Ludii's the mean of `ludii_per_game`.
Metric per_game_metric(std::string key, std::string title, MetricUnit unit, std::string ludii_class,
                       const std::vector<double>& per_game, const std::vector<double>& ludii_per_game, MetricUnit ludii_unit) {
  Metric m = named_metric(std::move(key), std::move(title), unit, std::move(ludii_class));
  const MeanSpread s = mean_spread(per_game);
  m.value = s.mean;
  m.spread = s.spread;
  m.ludii = LudiiValue{mean_spread(ludii_per_game).mean, ludii_unit};
  return m;
}

// Ludii's Drama at one position, on its -1..1 scale: the best evaluation of any seat
// minus the winners' (both seats after a draw), averaged over the winners.
double ludii_drama_at(const GameTrace& g, double eval) {
  if (!g.decisive()) return std::fabs(2 * eval - 1);  // ((max - e0) + (max - e1)) / 2, e1 = -e0
  return std::max(0.0, 2.0 - 4.0 * for_winner(g, eval));
}

}  // namespace

double settled_fraction(const GameTrace& g) {
  if (!g.decisive() || g.adjudicated || !has_evaluations(g)) return kUnknown;
  int last_not_leading = -1;
  for (int i = 0; i < g.num_plies(); ++i) {
    const double e = g.plies[static_cast<size_t>(i)].eval;
    if (known(e) && for_winner(g, e) <= 0.5) last_not_leading = i;
  }
  return static_cast<double>(last_not_leading + 1) / g.num_plies();
}

double decisiveness_threshold(const GameTrace& g) {
  if (!g.decisive() || !has_evaluations(g)) return kUnknown;
  double best = 0;
  for (double e : evaluations(g)) best = std::max(best, 1.0 - for_winner(g, e));
  return best;
}

double ludii_decisiveness_moves(const GameTrace& g) {
  if (!has_evaluations(g)) return kUnknown;
  // Ludii's scale -1..1 keeps the order of win probabilities; a draw has no non-winner,
  // so its threshold stays at Ludii's starting -1 (a probability of 0).
  const double threshold = g.decisive() ? decisiveness_threshold(g) : 0.0;
  for (int i = 0; i < g.num_plies(); ++i) {
    const double e = g.plies[static_cast<size_t>(i)].eval;
    if (!known(e)) continue;
    const double winner = g.decisive() ? for_winner(g, e) : std::max(e, 1.0 - e);
    if (winner > threshold) return static_cast<double>(i) / g.num_plies();
  }
  return 1.0;
}

double drama(const GameTrace& g) {
  if (!g.decisive() || g.adjudicated || !has_evaluations(g)) return kUnknown;
  double worst = 0;
  for (double e : evaluations(g)) worst = std::max(worst, 1.0 - 2.0 * for_winner(g, e));
  return worst;
}

double lead_changes(const GameTrace& g) {
  if (!has_evaluations(g)) return kUnknown;
  int leader = -1, changes = 0;
  for (double e : evaluations(g)) {
    if (std::fabs(e - 0.5) < kLeadMargin) continue;
    const int now = e > 0.5 ? 0 : 1;
    if (leader >= 0 && now != leader) ++changes;
    leader = now;
  }
  return changes;
}

double ludii_lead_change(const GameTrace& g) {
  const Series e = evaluations(g);
  if (e.empty()) return kUnknown;
  int previous = 0, changes = 0;  // leaders as bits: 1 the first seat, 2 the second; 0 none yet
  for (double v : e) {
    const int leaders = v > 0.5 ? 1 : v < 0.5 ? 2 : 3;
    if (leaders != previous) ++changes;
    previous = leaders;
  }
  return static_cast<double>(changes) / static_cast<double>(e.size());
}

double instability(const GameTrace& g) {
  const Series e = evaluations(g);
  if (e.size() < 2) return kUnknown;
  double sum = 0;
  for (size_t i = 1; i < e.size(); ++i) sum += std::fabs(e[i] - e[i - 1]);
  return sum / static_cast<double>(e.size() - 1);
}

double ludii_stability(const GameTrace& g) {
  const Series e = evaluations(g);
  if (e.empty()) return kUnknown;
  return 8.0 * aggregate(e, SeriesAggregate::kVariance);
}

std::vector<Metric> evaluation_metrics(const std::vector<GameTrace>& games, const MetricContext&) {
  std::vector<GameTrace> evaluated;  // Ludii's per-game values count every game it evaluates
  std::copy_if(games.begin(), games.end(), std::back_inserter(evaluated), has_evaluations);
  std::vector<double> settled, ludii_settled, threshold, ludii_threshold, dramas, changes, ludii_changes, unstable,
      ludii_unstable;
  std::vector<Series> ludii_dramas, gaps, ludii_gaps, narrowness, spread, ludii_spread;
  for (const auto& g : evaluated) {
    settled.push_back(settled_fraction(g));
    ludii_settled.push_back(ludii_decisiveness_moves(g));
    threshold.push_back(decisiveness_threshold(g));
    ludii_threshold.push_back(g.decisive() ? 2 * decisiveness_threshold(g) - 1 : -1.0);
    dramas.push_back(drama(g));
    changes.push_back(lead_changes(g));
    ludii_changes.push_back(ludii_lead_change(g));
    unstable.push_back(instability(g));
    ludii_unstable.push_back(ludii_stability(g));
    Series drama_along, gap, ludii_gap, narrow, variance, ludii_variance;
    for (double e : evaluations(g)) {
      drama_along.push_back(ludii_drama_at(g, e));
      gap.push_back(std::fabs(2 * e - 1));
      ludii_gap.push_back(2 * std::fabs(2 * e - 1));
    }
    ludii_gap.push_back(g.decisive() ? 2.0 : 0.0);  // the final position: utilities 1 and -1, or 0 and 0
    for (const auto& p : g.plies) {
      if (!known(p.narrowness)) continue;
      narrow.push_back(p.narrowness);
      variance.push_back(p.spread);
      ludii_variance.push_back(4 * p.spread);  // Ludii's move evaluations run -1..1
    }
    ludii_dramas.push_back(std::move(drama_along));
    gaps.push_back(std::move(gap));
    ludii_gaps.push_back(std::move(ludii_gap));
    if (narrow.empty()) continue;  // no clarity measured in this game: not a game of 0 clarity
    narrowness.push_back(std::move(narrow));
    spread.push_back(std::move(variance));
    ludii_spread.push_back(std::move(ludii_variance));
  }
  std::vector<Metric> out;
  out.push_back(per_game_metric("decisiveness_moves", "Decided at (share of game)", MetricUnit::kShare, "DecisivenessMoves",
                                settled, ludii_settled, MetricUnit::kShare));
  out.push_back(per_game_metric("decisiveness_threshold", "Loser's best win probability", MetricUnit::kShare,
                                "DecisivenessThreshold", threshold, ludii_threshold, MetricUnit::kNumber));
  Metric dramatic = per_game_metric("drama", "Drama", MetricUnit::kShare, "DramaAverage", dramas, {}, MetricUnit::kNumber);
  set_per_game(dramatic, ludii_dramas, MetricUnit::kNumber, true);
  out.push_back(dramatic);
  out.push_back(per_game_metric("lead_change", "Lead changes per game", MetricUnit::kNumber, "LeadChange", changes,
                                ludii_changes, MetricUnit::kShare));
  out.push_back(per_game_metric("stability", "Instability (mean eval change)", MetricUnit::kShare, "Stability", unstable,
                                ludii_unstable, MetricUnit::kNumber));
  Metric narrow = named_metric("clarity_narrowness", "Clarity: moves standing out", MetricUnit::kShare, "ClarityNarrowness");
  set_pooled(narrow, narrowness);
  set_per_game(narrow, narrowness, MetricUnit::kShare, false);
  Metric variance = named_metric("clarity_variance", "Clarity: variance of move values", MetricUnit::kNumber, "ClarityVariance");
  set_pooled(variance, spread);
  set_per_game(variance, ludii_spread, MetricUnit::kNumber, false);
  out.push_back(narrow);
  out.push_back(variance);
  Metric gap = named_metric("state_evaluation_difference", "State evaluation difference", MetricUnit::kShare,
                            "StateEvaluationDifferenceAverage");
  set_pooled(gap, gaps);
  set_per_game(gap, ludii_gaps, MetricUnit::kNumber, true);
  out.push_back(gap);
  return out;
}

}  // namespace ludus::study
