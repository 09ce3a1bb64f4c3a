#include "study/play_metrics.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace ludus::study {
namespace {

double log10_factorial(int n) { return std::lgamma(static_cast<double>(n) + 1.0) / std::log(10.0); }

// log10(10^a + 10^b) without overflow.
double log10_add(double a, double b) {
  if (!known(a)) return b;
  const double hi = std::max(a, b), lo = std::min(a, b);
  return hi + std::log10(1.0 + std::pow(10.0, lo - hi));
}

Metric from(MeanSpread s, std::string key, std::string title, MetricUnit unit) {
  Metric m{std::move(key), std::move(title), unit};
  m.value = s.mean;
  m.spread = s.spread;
  return m;
}

Metric ratio(std::string key, std::string title, long long count, long long total) {
  Metric m{std::move(key), std::move(title), MetricUnit::kShare};
  if (total > 0) m.value = static_cast<double>(count) / static_cast<double>(total);
  return m;
}

}  // namespace

double state_space_log10(const std::vector<GameTrace>& games) {
  std::set<std::pair<int, int>> counts;
  int sites = 0;
  for (const auto& g : games) {
    sites = std::max(sites, g.sites);
    for (const auto& p : g.plies) counts.insert({p.stones[0], p.stones[1]});
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

std::vector<Metric> play_metrics(const std::vector<GameTrace>& games) {
  std::vector<double> turns, plies, coverage, tree;
  long long positions = 0, legal_sum = 0, with_choice = 0, evaluated = 0, decisions = 0, repeated = 0;
  for (const auto& g : games) {
    turns.push_back(g.turns);
    plies.push_back(g.num_plies());
    if (g.sites > 0) coverage.push_back(static_cast<double>(g.covered) / g.sites);
    tree.push_back(game_tree_log10(g));
    for (const auto& p : g.plies) {
      ++positions;
      legal_sum += p.legal;
      if (p.legal > 1) ++with_choice;
      if (p.repeated) ++repeated;
      if (p.reasonable >= 0) {
        ++evaluated;
        if (p.reasonable > 1) ++decisions;
      }
    }
  }
  std::vector<Metric> out;
  out.push_back(from(mean_spread(turns), "turns", "Duration (turns)", MetricUnit::kNumber));
  out.push_back(from(mean_spread(plies), "actions", "Duration (actions)", MetricUnit::kNumber));
  Metric branching{"branching", "Branching factor", MetricUnit::kNumber};
  if (positions) branching.value = static_cast<double>(legal_sum) / static_cast<double>(positions);
  out.push_back(branching);
  out.push_back(ratio("choice_positions", "Positions with a choice", with_choice, positions));
  out.push_back(ratio("decision_moves", "Decision moves", decisions, evaluated));
  out.push_back(from(mean_spread(coverage), "coverage", "Board coverage", MetricUnit::kShare));
  out.push_back(ratio("repetition", "Repeated positions", repeated, positions));
  Metric space{"state_space", "State-space complexity", MetricUnit::kLog10};
  space.value = state_space_log10(games);
  out.push_back(space);
  out.push_back(from(mean_spread(tree), "game_tree", "Game-tree complexity", MetricUnit::kLog10));
  return out;
}

}  // namespace ludus::study
