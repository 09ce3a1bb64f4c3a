// SPDX-License-Identifier: Apache-2.0
#include "study/play_metrics.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <utility>

#include "study/series.h"

namespace ludus::study {
namespace {

double log10_factorial(int n) { return std::lgamma(static_cast<double>(n) + 1.0) / std::log(10.0); }

// log10(10^a + 10^b) without overflow.
double log10_add(double a, double b) {
  if (!known(a)) return b;
  const double hi = std::max(a, b), lo = std::min(a, b);
  return hi + std::log10(1.0 + std::pow(10.0, lo - hi));
}

// Every position of a game in order: before each ply, then the final one.
std::vector<const PositionFacts*> positions(const GameTrace& g) {
  std::vector<const PositionFacts*> out;
  for (const auto& p : g.plies) out.push_back(&p.position);
  out.push_back(&g.final_position);
  return out;
}

// One series per game: `value` of every ply for which `keep` holds.
std::vector<Series> ply_series(const std::vector<GameTrace>& games, const std::function<bool(const PlyTrace&)>& keep,
                               const std::function<double(const PlyTrace&)>& value) {
  std::vector<Series> out;
  for (const auto& g : games) {
    Series s;
    for (const auto& p : g.plies)
      if (keep(p)) s.push_back(value(p));
    out.push_back(std::move(s));
  }
  return out;
}

// One series per game: `value` of every position (before each ply, then the final one)
// for which `keep` holds.
std::vector<Series> position_series(const std::vector<GameTrace>& games,
                                    const std::function<bool(const GameTrace&, const PositionFacts&)>& keep,
                                    const std::function<double(const GameTrace&, const PositionFacts&)>& value) {
  std::vector<Series> out;
  for (const auto& g : games) {
    Series s;
    for (const PositionFacts* p : positions(g))
      if (keep(g, *p)) s.push_back(value(g, *p));
    out.push_back(std::move(s));
  }
  return out;
}

// A series metric whose definitions differ only in how they average: pooled for ludus,
// per game for Ludii.
Metric series_metric(Metric m, const std::vector<Series>& games, bool with_aggregates) {
  set_pooled(m, games);
  set_per_game(m, games, m.unit, with_aggregates);
  return m;
}

bool always(const PlyTrace&) { return true; }

}  // namespace

double state_space_log10(const std::vector<GameTrace>& games) {
  std::set<std::pair<int, int>> counts;
  int sites = 0;
  for (const auto& g : games) {
    sites = std::max(sites, g.sites);
    for (const PositionFacts* p : positions(g)) counts.insert({p->stones[0], p->stones[1]});
  }
  if (sites == 0) return kUnknown;
  double total = kUnknown;
  for (const auto& [a, b] : counts) {
    if (a + b > sites) continue;
    total = log10_add(total, log10_factorial(sites) - log10_factorial(a) - log10_factorial(b) -
                                 log10_factorial(sites - a - b));
  }
  return total;
}

double game_tree_log10(const GameTrace& game) {
  double sum = 0;
  for (const auto& p : game.plies) sum += std::log10(std::max(1, p.legal));
  return sum;
}

double ludii_game_tree_log10(const GameTrace& game) {
  if (game.plies.empty()) return 0;
  double mean = 0;
  for (const auto& p : game.plies) mean += p.legal;
  mean /= static_cast<double>(game.plies.size());
  return static_cast<double>(game.plies.size()) * std::log10(mean);
}

std::vector<Metric> play_metrics(const std::vector<GameTrace>& games, const MetricContext& context) {
  std::vector<Metric> out;
  out.push_back(series_metric(named_metric("branching_factor", "Branching factor", MetricUnit::kNumber, "BranchingFactorAverage"),
                              ply_series(games, always, [](const PlyTrace& p) { return p.legal; }), true));
  out.push_back(series_metric(named_metric("decision_moves", "Decision moves (positions with a choice)", MetricUnit::kShare, "DecisionMoves"),
                              ply_series(games, always, [](const PlyTrace& p) { return p.legal > 1 ? 1.0 : 0.0; }), false));
  out.push_back(series_metric(named_metric("decision_factor", "Decision factor", MetricUnit::kNumber, "DecisionFactorAverage"),
                              ply_series(games, [](const PlyTrace& p) { return p.legal > 1; }, [](const PlyTrace& p) { return p.legal; }),
                              true));
  Metric searched = named_metric("decision_moves_search", "Decision moves judged by the search", MetricUnit::kShare, "");
  set_pooled(searched, ply_series(games, [](const PlyTrace& p) { return p.reasonable >= 0; },
                                  [](const PlyTrace& p) { return p.reasonable > 1 ? 1.0 : 0.0; }));
  out.push_back(searched);

  // Every site of a ludus board is used, so Ludii's default and used coverage agree.
  std::vector<double> coverage, full;
  for (const auto& g : games) {
    if (g.sites > 0) coverage.push_back(static_cast<double>(g.covered) / g.sites);
    if (g.sites > 0 && context.board_elements > 0) full.push_back(static_cast<double>(g.covered) / context.board_elements);
  }
  const auto mean_of = [](Metric m, const std::vector<double>& per_game) {
    const MeanSpread s = mean_spread(per_game);
    m.value = s.mean, m.spread = s.spread;
    return m;
  };
  out.push_back(mean_of(named_metric("board_coverage_default", "Board coverage (sites)", MetricUnit::kShare, "BoardCoverageDefault"), coverage));
  out.push_back(mean_of(named_metric("board_coverage_used", "Board coverage (used sites)", MetricUnit::kShare, "BoardCoverageUsed"), coverage));
  out.push_back(mean_of(named_metric("board_coverage_full", "Board coverage (vertices, edges and faces)", MetricUnit::kShare,
                                     "BoardCoverageFull"),
                        full));

  const auto on_board = [](const GameTrace& g, const PositionFacts&) { return g.sites > 0; };
  out.push_back(series_metric(named_metric("board_sites_occupied", "Board sites occupied", MetricUnit::kShare, "BoardSitesOccupiedAverage"),
                              position_series(games, on_board,
                                              [](const GameTrace& g, const PositionFacts& p) {
                                                return static_cast<double>(p.stones[0] + p.stones[1]) / g.sites;
                                              }),
                              true));
  out.push_back(series_metric(named_metric("piece_number", "Pieces on the board", MetricUnit::kNumber, "PieceNumberAverage"),
                              position_series(games, on_board,
                                              [](const GameTrace&, const PositionFacts& p) { return p.stones[0] + p.stones[1]; }),
                              true));
  out.push_back(series_metric(named_metric("move_distance", "Move distance", MetricUnit::kNumber, "MoveDistanceAverage"),
                              ply_series(games, [](const PlyTrace& p) { return p.distance != PlyTrace::kNoDistance; },
                                         [](const PlyTrace& p) { return p.distance; }),
                              true));
  out.push_back(series_metric(named_metric("score_difference", "Score difference", MetricUnit::kNumber, "ScoreDifferenceAverage"),
                              position_series(games, [](const GameTrace&, const PositionFacts& p) { return p.has_score(); },
                                              [](const GameTrace&, const PositionFacts& p) {
                                                return std::abs(p.score[0] - p.score[1]);
                                              }),
                              true));

  const auto every = [](const GameTrace&, const PositionFacts&) { return true; };
  Metric positional = named_metric("positional_repetition", "Positional repetition", MetricUnit::kShare, "PositionalRepetition");
  set_pooled(positional, position_series(games, every, [](const GameTrace&, const PositionFacts& p) { return p.repeats.position ? 1.0 : 0.0; }));
  // Ludii's position is the board alone: a pass repeats it.
  set_per_game(positional, position_series(games, every, [](const GameTrace&, const PositionFacts& p) { return p.repeats.board ? 1.0 : 0.0; }),
               MetricUnit::kShare, false);
  out.push_back(positional);
  out.push_back(series_metric(named_metric("situational_repetition", "Situational repetition", MetricUnit::kShare, "SituationalRepetition"),
                              position_series(games, every,
                                              [](const GameTrace&, const PositionFacts& p) { return p.repeats.situation ? 1.0 : 0.0; }),
                              false));

  int sites = 0;
  for (const auto& g : games) sites = std::max(sites, g.sites);
  Metric space = named_metric("state_space_complexity", "State-space complexity", MetricUnit::kLog10, "StateSpaceComplexity");
  space.value = state_space_log10(games);
  // Ludii: every used site holds nothing or one of the two stone types.
  space.ludii = LudiiValue{sites > 0 ? sites * std::log10(3.0) : kUnknown, MetricUnit::kLog10};
  out.push_back(space);
  std::vector<double> tree, ludii_tree;
  for (const auto& g : games) tree.push_back(game_tree_log10(g)), ludii_tree.push_back(ludii_game_tree_log10(g));
  Metric complexity = mean_of(named_metric("game_tree_complexity", "Game-tree complexity", MetricUnit::kLog10, "GameTreeComplexity"), tree);
  complexity.ludii = LudiiValue{mean_spread(ludii_tree).mean, MetricUnit::kLog10};
  out.push_back(complexity);
  return out;
}

}  // namespace ludus::study
