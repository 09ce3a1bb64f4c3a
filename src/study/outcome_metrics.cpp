#include "study/outcome_metrics.h"

#include <cmath>

#include "study/stats.h"

namespace ludus::study {
namespace {

Metric share(std::string key, std::string title, long long count, long long total) {
  Metric m{std::move(key), std::move(title), MetricUnit::kShare};
  if (total == 0) return m;
  m.value = static_cast<double>(count) / static_cast<double>(total);
  const auto interval = wilson_interval(static_cast<double>(count), total);
  m.low = interval.low;
  m.high = interval.high;
  return m;
}

}  // namespace

Metric first_player_score(const std::vector<GameTrace>& games, std::string key, std::string title) {
  Metric m{std::move(key), std::move(title), MetricUnit::kShare};
  if (games.empty()) return m;
  double points = 0;
  for (const auto& g : games) points += g.winning_seat == 0 ? 1.0 : g.winning_seat == kDraw ? 0.5 : 0.0;
  const long long n = static_cast<long long>(games.size());
  m.value = points / static_cast<double>(n);
  const auto interval = wilson_interval(points, n);
  m.low = interval.low;
  m.high = interval.high;
  return m;
}

std::vector<Metric> outcome_metrics(const std::vector<GameTrace>& games, const MetricContext& context) {
  const long long n = static_cast<long long>(games.size());
  long long wins[2] = {0, 0}, draws = 0, timeouts = 0, swaps = 0;
  std::vector<GameTrace> with_swap, without_swap;
  for (const auto& g : games) {
    if (g.adjudicated) ++timeouts;
    else if (g.winning_seat == kDraw) ++draws;
    else ++wins[g.winning_seat];
    if (g.swap_taken) ++swaps;
  }
  std::vector<Metric> out;
  out.push_back(first_player_score(games, "advantage", "First-player score"));
  Metric balance{"balance", "Balance", MetricUnit::kShare};
  if (n) balance.value = 1.0 - std::abs(static_cast<double>(wins[0] - wins[1])) / static_cast<double>(n);
  out.push_back(balance);
  out.push_back(share("completion", "Completion", wins[0] + wins[1], n));
  out.push_back(share("drawishness", "Drawishness", draws, n));
  out.push_back(share("timeouts", "Timeouts (ply limit)", timeouts, n));
  if (context.swap_offered) {
    out.push_back(share("swap_rate", "Swap taken", swaps, n));
    for (const auto& g : games) (g.swap_taken ? with_swap : without_swap).push_back(g);
    out.push_back(first_player_score(with_swap, "advantage_swap", "First-player score, swap taken"));
    out.push_back(first_player_score(without_swap, "advantage_no_swap", "First-player score, no swap"));
  }
  return out;
}

}  // namespace ludus::study
