#include "study/evaluation_metrics.h"

#include <algorithm>
#include <cmath>

namespace ludus::study {
namespace {

// The winner's win probability in a position (eval is the first seat's).
double for_winner(const GameTrace& g, double eval) { return g.winning_seat == 0 ? eval : 1.0 - eval; }

bool has_evaluations(const GameTrace& g) {
  return std::any_of(g.plies.begin(), g.plies.end(), [](const PlyTrace& p) { return known(p.eval); });
}

Metric from(const std::vector<double>& per_game, std::string key, std::string title, MetricUnit unit) {
  const MeanSpread s = mean_spread(per_game);
  Metric m{std::move(key), std::move(title), unit};
  m.value = s.mean;
  m.spread = s.spread;
  return m;
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

double drama(const GameTrace& g) {
  if (!g.decisive() || g.adjudicated || !has_evaluations(g)) return kUnknown;
  double worst = 0;
  for (const auto& p : g.plies)
    if (known(p.eval)) worst = std::max(worst, 1.0 - 2.0 * for_winner(g, p.eval));
  return worst;
}

double lead_changes(const GameTrace& g) {
  if (!has_evaluations(g)) return kUnknown;
  int leader = -1, changes = 0;
  for (const auto& p : g.plies) {
    if (!known(p.eval) || std::fabs(p.eval - 0.5) < kLeadMargin) continue;
    const int now = p.eval > 0.5 ? 0 : 1;
    if (leader >= 0 && now != leader) ++changes;
    leader = now;
  }
  return changes;
}

double instability(const GameTrace& g) {
  double previous = kUnknown, sum = 0;
  int steps = 0;
  for (const auto& p : g.plies) {
    if (!known(p.eval)) continue;
    if (known(previous)) sum += std::fabs(p.eval - previous), ++steps;
    previous = p.eval;
  }
  return steps ? sum / steps : kUnknown;
}

std::vector<Metric> evaluation_metrics(const std::vector<GameTrace>& games) {
  std::vector<double> settled, dramas, changes, unstable, narrowness, spread;
  for (const auto& g : games) {
    settled.push_back(settled_fraction(g));
    dramas.push_back(drama(g));
    changes.push_back(lead_changes(g));
    unstable.push_back(instability(g));
    for (const auto& p : g.plies) {
      narrowness.push_back(p.narrowness);
      spread.push_back(p.spread);
    }
  }
  std::vector<Metric> out;
  out.push_back(from(settled, "decisiveness", "Decided at (share of game)", MetricUnit::kShare));
  out.push_back(from(dramas, "drama", "Drama", MetricUnit::kShare));
  out.push_back(from(changes, "lead_changes", "Lead changes per game", MetricUnit::kNumber));
  out.push_back(from(unstable, "stability", "Instability (mean eval change)", MetricUnit::kShare));
  Metric narrow = from(narrowness, "clarity_narrowness", "Clarity: moves standing out", MetricUnit::kShare);
  Metric variance = from(spread, "clarity_variance", "Clarity: variance of move values", MetricUnit::kNumber);
  narrow.spread = variance.spread = kUnknown;  // a spread over positions, not games: left out
  out.push_back(narrow);
  out.push_back(variance);
  return out;
}

}  // namespace ludus::study
