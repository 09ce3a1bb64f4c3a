// Every metric of docs/metrics.md on tiny hand-made game traces whose answers are worked
// out by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>

#include "study/evaluation_metrics.h"
#include "study/metric.h"
#include "study/outcome_metrics.h"
#include "study/play_metrics.h"

namespace ludus::study {
namespace {

GameTrace game_won_by(int seat, int plies = 2) {
  GameTrace g;
  g.winning_seat = seat;
  g.winning_colour = seat;
  for (int i = 0; i < plies; ++i) g.plies.push_back(PlyTrace{i % 2, i + 1, 3});
  g.turns = plies;
  return g;
}

// A decisive game whose positions the search judged `evals` (first seat's win probability).
GameTrace evaluated_game(int winner, const std::vector<double>& evals) {
  GameTrace g = game_won_by(winner, static_cast<int>(evals.size()));
  for (size_t i = 0; i < evals.size(); ++i) g.plies[i].eval = evals[i];
  return g;
}

double value(const std::vector<Metric>& metrics, const std::string& key) {
  const Metric* m = find_metric(metrics, key);
  EXPECT_NE(m, nullptr) << key;
  return m ? m->value : kUnknown;
}

TEST(OutcomeMetrics, AdvantageBalanceCompletionDrawishnessTimeouts) {
  // Seat 0 wins twice, seat 1 once, one draw by the rules, one stopped at the ply limit.
  GameTrace draw = game_won_by(kDraw), cut = game_won_by(kDraw);
  cut.adjudicated = true;
  std::vector<GameTrace> games = {game_won_by(0), game_won_by(0), game_won_by(1), draw, cut};
  auto m = outcome_metrics(games, {});
  EXPECT_DOUBLE_EQ(value(m, "advantage"), (2 + 0.5 + 0.5) / 5.0);  // draws count 1/2: 0.6
  EXPECT_DOUBLE_EQ(value(m, "balance"), 1 - 1 / 5.0);             // |2 - 1| / 5 apart: 0.8
  EXPECT_DOUBLE_EQ(value(m, "completion"), 3 / 5.0);
  EXPECT_DOUBLE_EQ(value(m, "drawishness"), 1 / 5.0);
  EXPECT_DOUBLE_EQ(value(m, "timeouts"), 1 / 5.0);
  const Metric* advantage = find_metric(m, "advantage");
  EXPECT_LT(advantage->low, 0.6);
  EXPECT_GT(advantage->high, 0.6);
  EXPECT_EQ(find_metric(m, "swap_rate"), nullptr);  // no pie rule, no swap metrics
}

TEST(OutcomeMetrics, PieRuleSplitsTheFirstPlayersScoreBySwap) {
  // Swapped twice (first seat won one of them), not swapped twice (first seat won both).
  std::vector<GameTrace> games = {game_won_by(0), game_won_by(1), game_won_by(0), game_won_by(0)};
  games[0].swap_taken = games[1].swap_taken = true;
  auto m = outcome_metrics(games, {.swap_offered = true});
  EXPECT_DOUBLE_EQ(value(m, "swap_rate"), 0.5);
  EXPECT_DOUBLE_EQ(value(m, "advantage_swap"), 0.5);
  EXPECT_DOUBLE_EQ(value(m, "advantage_no_swap"), 1.0);
  EXPECT_DOUBLE_EQ(value(m, "advantage"), 0.75);
}

TEST(PlayMetrics, DurationBranchingChoicesCoverageRepetition) {
  GameTrace a = game_won_by(0, 3), b = game_won_by(1, 1);
  a.plies[0].legal = 4, a.plies[1].legal = 2, a.plies[2].legal = 1;  // last ply forced
  a.turns = 2;                                                       // plies 2 and 3 were one turn
  b.plies[0].legal = 5;
  a.plies[2].repeated = true;
  a.sites = 4, a.covered = 3;
  b.sites = 4, b.covered = 1;
  a.plies[0].reasonable = 1, a.plies[1].reasonable = 2;  // the search saw two good moves once
  auto m = play_metrics({a, b});
  EXPECT_DOUBLE_EQ(value(m, "turns"), (2 + 1) / 2.0);
  EXPECT_DOUBLE_EQ(value(m, "actions"), (3 + 1) / 2.0);
  EXPECT_NEAR(find_metric(m, "actions")->spread, std::sqrt(2.0), 1e-12);  // sample sd of {3, 1}
  EXPECT_DOUBLE_EQ(value(m, "branching"), (4 + 2 + 1 + 5) / 4.0);
  EXPECT_DOUBLE_EQ(value(m, "choice_positions"), 3 / 4.0);
  EXPECT_DOUBLE_EQ(value(m, "decision_moves"), 1 / 2.0);  // of the two evaluated positions
  EXPECT_DOUBLE_EQ(value(m, "coverage"), (0.75 + 0.25) / 2);
  EXPECT_DOUBLE_EQ(value(m, "repetition"), 1 / 4.0);
  // Game tree: log10(4 * 2 * 1) = 0.903 and log10(5) = 0.699, mean 0.801.
  EXPECT_NEAR(value(m, "game_tree"), (std::log10(8.0) + std::log10(5.0)) / 2, 1e-12);
}

TEST(PlayMetrics, StateSpaceCountsBoardsWithTheSeenStoneCounts) {
  // Three sites; positions with (0, 0), (1, 0) and (1, 1) stones: 1 + 3 + 3*2 = 10 boards.
  GameTrace g = game_won_by(0, 3);
  g.sites = 3;
  g.plies[1].stones[0] = 1;
  g.plies[2].stones[0] = 1, g.plies[2].stones[1] = 1;
  EXPECT_NEAR(state_space_log10({g}), 1.0, 1e-12);
  EXPECT_TRUE(std::isnan(state_space_log10({game_won_by(0)})));  // no board: unknown
}

TEST(EvaluationMetrics, DecisivenessDramaLeadChangesStability) {
  // First seat wins; its win probability before each of 5 plies.
  const GameTrace g = evaluated_game(0, {0.5, 0.6, 0.3, 0.7, 0.8});
  // The winner last failed to lead before ply 3 (index 2): settled after 3 of 5 plies.
  EXPECT_DOUBLE_EQ(settled_fraction(g), 3 / 5.0);
  // Worst moment 0.3: 1 - 2 * 0.3 = 0.4.
  EXPECT_NEAR(drama(g), 0.4, 1e-12);
  // Leaders (margin 0.05): none, 0, 1, 0, 0 -> two changes.
  EXPECT_EQ(lead_changes(g), 2);
  // Steps 0.1 + 0.3 + 0.4 + 0.1 over 4.
  EXPECT_NEAR(instability(g), 0.9 / 4, 1e-12);
  // The second seat winning the same game: the winner's view is 1 - eval.
  const GameTrace h = evaluated_game(1, {0.5, 0.6, 0.3, 0.7, 0.8});
  EXPECT_DOUBLE_EQ(settled_fraction(h), 1.0);  // never led for good until the end
  EXPECT_NEAR(drama(h), 1 - 2 * 0.2, 1e-12);
  // A wobble around 1/2 inside the margin is no lead change.
  EXPECT_EQ(lead_changes(evaluated_game(0, {0.52, 0.48, 0.53, 0.9})), 0);
  // No evaluation at all: unknown.
  EXPECT_TRUE(std::isnan(drama(game_won_by(0))));
  EXPECT_TRUE(std::isnan(instability(game_won_by(0))));
  auto m = evaluation_metrics({g, h, game_won_by(0)});
  EXPECT_DOUBLE_EQ(value(m, "decisiveness"), (0.6 + 1.0) / 2);
  EXPECT_NEAR(value(m, "drama"), (0.4 + 0.6) / 2, 1e-12);
  EXPECT_DOUBLE_EQ(value(m, "lead_changes"), 2.0);
  EXPECT_TRUE(std::isnan(value(m, "clarity_narrowness")));  // no searched positions
}

TEST(MetricFormat, SharesNumbersPowersAndUnknowns) {
  Metric share{"a", "A", MetricUnit::kShare, 0.625, kUnknown, 0.3, 0.9};
  EXPECT_EQ(format_metric(share), "62.5% [30-90]");
  Metric number{"b", "B", MetricUnit::kNumber, 12.34, 3.5};
  EXPECT_EQ(format_metric(number), "12.3 ±3.5");
  EXPECT_EQ(format_metric(number, false), "12.3");
  EXPECT_EQ(format_metric(Metric{"e", "E", MetricUnit::kNumber, 1003.4}), "1003");  // not 1e+03
  EXPECT_EQ(format_metric(Metric{"f", "F", MetricUnit::kNumber, 0.0342}), "0.0342");
  Metric power{"c", "C", MetricUnit::kLog10, 14.26};
  EXPECT_EQ(format_metric(power), "10^14.3");
  EXPECT_EQ(format_metric(Metric{"d", "D"}), "n/a");
}

}  // namespace
}  // namespace ludus::study
