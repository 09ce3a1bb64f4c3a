// SPDX-License-Identifier: Apache-2.0
#include "study/outcome_metrics.h"

#include <cmath>

#include "study/stats.h"

namespace ludus::study {
namespace {

Metric share(std::string key, std::string title, std::string ludii_class, long long count, long long total) {
  Metric m = named_metric(std::move(key), std::move(title), MetricUnit::kShare, std::move(ludii_class));
  if (total == 0) return m;
  m.value = static_cast<double>(count) / static_cast<double>(total);
  const auto interval = wilson_interval(static_cast<double>(count), total);
  m.low = interval.low;
  m.high = interval.high;
  return m;
}

// A seat's result as Ludii's utility: 1 for a win, -1 for a loss, 0 for a draw or a game
// stopped at the ply limit.
double utility(const GameTrace& g, int seat) { return g.winning_seat == kDraw ? 0.0 : g.winning_seat == seat ? 1.0 : -1.0; }

// 1 - the mean over the seats of the (population) variance of their utilities.
double outcome_uniformity(const std::vector<GameTrace>& games) {
  if (games.empty()) return kUnknown;
  const double n = static_cast<double>(games.size());
  double variance_sum = 0;
  for (int seat = 0; seat < 2; ++seat) {
    double sum = 0, squares = 0;
    for (const auto& g : games) sum += utility(g, seat), squares += utility(g, seat) * utility(g, seat);
    const double mean = sum / n;
    variance_sum += squares / n - mean * mean;
  }
  return 1.0 - variance_sum / 2;
}

}  // namespace

Metric first_player_score(const std::vector<GameTrace>& games, std::string key, std::string title) {
  Metric m = named_metric(std::move(key), std::move(title), MetricUnit::kShare, "AdvantageP1");
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
  out.push_back(first_player_score(games, "advantage_p1", "First-player score"));
  Metric balance = named_metric("balance", "Balance", MetricUnit::kShare, "Balance");
  if (n) balance.value = 1.0 - std::abs(static_cast<double>(wins[0] - wins[1])) / static_cast<double>(n);
  out.push_back(balance);
  out.push_back(share("completion", "Completion", "Completion", wins[0] + wins[1], n));
  Metric drawn = share("drawishness", "Drawishness", "Drawishness", draws, n);
  // Ludii counts every game whose utilities are all 0, the games stopped at the limit too.
  drawn.ludii = LudiiValue{n ? static_cast<double>(draws + timeouts) / static_cast<double>(n) : kUnknown, MetricUnit::kShare};
  out.push_back(drawn);
  out.push_back(share("timeouts", "Timeouts (ply limit)", "Timeouts", timeouts, n));
  Metric uniformity = named_metric("outcome_uniformity", "Outcome uniformity", MetricUnit::kShare, "OutcomeUniformity");
  uniformity.value = outcome_uniformity(games);
  out.push_back(uniformity);
  if (context.swap_offered) {
    out.push_back(share("swap_rate", "Swap taken", "", swaps, n));
    for (const auto& g : games) (g.swap_taken ? with_swap : without_swap).push_back(g);
    // AdvantageP1 over a part of the games: ludus's own.
    out.push_back(first_player_score(with_swap, "advantage_p1_swap", "First-player score, swap taken"));
    out.push_back(first_player_score(without_swap, "advantage_p1_no_swap", "First-player score, no swap"));
    out[out.size() - 2].ludii_class = out.back().ludii_class = "";
  }
  return out;
}

}  // namespace ludus::study
