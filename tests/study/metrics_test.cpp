// SPDX-License-Identifier: Apache-2.0
// Every metric of docs/metrics.md on tiny hand-made game traces, by ludus's definition
// and by Ludii's, with the answers worked out by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <stdexcept>

#include "study/duration_metrics.h"
#include "study/evaluation_metrics.h"
#include "study/metric.h"
#include "study/outcome_metrics.h"
#include "study/play_metrics.h"
#include "study/series.h"

namespace ludus::study {
namespace {

constexpr double kExact = 1e-12;  // only rounding of the hand-computed fractions

GameTrace game_won_by(int seat, int plies = 2) {
  GameTrace g;
  g.winning_seat = seat;
  g.winning_colour = seat;
  for (int i = 0; i < plies; ++i) g.plies.push_back(PlyTrace{i % 2, i + 1, 3});
  g.turns = plies;
  return g;
}

// A game whose positions the search judged `evals` (first seat's win probability).
GameTrace evaluated_game(int winner, const std::vector<double>& evals) {
  GameTrace g = game_won_by(winner, static_cast<int>(evals.size()));
  for (size_t i = 0; i < evals.size(); ++i) g.plies[i].eval = evals[i];
  return g;
}

const Metric& metric(const std::vector<Metric>& metrics, const std::string& key) {
  const Metric* m = find_metric(metrics, key);
  if (!m) throw std::runtime_error("no metric " + key);
  return *m;
}
double value(const std::vector<Metric>& metrics, const std::string& key) { return metric(metrics, key).value; }
// The value under Ludii's definition; NaN when the metric has none (the definitions agree).
double ludii(const std::vector<Metric>& metrics, const std::string& key) {
  const Metric& m = metric(metrics, key);
  return m.ludii ? m.ludii->value : kUnknown;
}
double aggregate_of(const std::vector<Metric>& metrics, const std::string& key, SeriesAggregate a) {
  const Metric& m = metric(metrics, key);
  return m.aggregates ? (*m.aggregates)[static_cast<size_t>(a)] : kUnknown;
}

// Ludii's eleven aggregates, in SeriesAggregate order.
void expect_aggregates(const std::vector<Metric>& metrics, const std::string& key, const std::vector<double>& expected) {
  ASSERT_EQ(expected.size(), static_cast<size_t>(kSeriesAggregates));
  for (int a = 0; a < kSeriesAggregates; ++a)
    EXPECT_NEAR(aggregate_of(metrics, key, static_cast<SeriesAggregate>(a)), expected[static_cast<size_t>(a)], kExact)
        << key << " " << aggregate_key(static_cast<SeriesAggregate>(a));
}

TEST(OutcomeMetrics, AdvantageBalanceCompletionDrawishnessTimeoutsUniformity) {
  // Seat 0 wins twice, seat 1 once, one draw by the rules, one stopped at the ply limit.
  GameTrace draw = game_won_by(kDraw), cut = game_won_by(kDraw);
  cut.adjudicated = true;
  std::vector<GameTrace> games = {game_won_by(0), game_won_by(0), game_won_by(1), draw, cut};
  auto m = outcome_metrics(games, {});
  EXPECT_DOUBLE_EQ(value(m, "advantage_p1"), (2 + 0.5 + 0.5) / 5.0);  // draws count 1/2, as in Ludii: 0.6
  EXPECT_TRUE(std::isnan(ludii(m, "advantage_p1")));
  EXPECT_DOUBLE_EQ(value(m, "balance"), 1 - 1 / 5.0);  // |2 - 1| / 5 apart: 0.8
  EXPECT_DOUBLE_EQ(value(m, "completion"), 3 / 5.0);
  EXPECT_DOUBLE_EQ(value(m, "drawishness"), 1 / 5.0);
  EXPECT_DOUBLE_EQ(ludii(m, "drawishness"), 2 / 5.0);  // Ludii: every game with all utilities 0, the stopped one too
  EXPECT_DOUBLE_EQ(value(m, "timeouts"), 1 / 5.0);
  // Seat 0's utilities 1, 1, -1, 0, 0: mean 0.2, mean square 0.6, variance 0.56; seat 1's
  // are the negatives, the same variance: 1 - 0.56.
  EXPECT_NEAR(value(m, "outcome_uniformity"), 0.44, kExact);
  EXPECT_EQ(metric(m, "outcome_uniformity").ludii_class, "OutcomeUniformity");
  const Metric& advantage = metric(m, "advantage_p1");
  EXPECT_LT(advantage.low, 0.6);
  EXPECT_GT(advantage.high, 0.6);
  EXPECT_EQ(find_metric(m, "swap_rate"), nullptr);  // no pie rule, no swap metrics
}

TEST(OutcomeMetrics, PieRuleSplitsTheFirstPlayersScoreBySwap) {
  // Swapped twice (first seat won one of them), not swapped twice (first seat won both).
  std::vector<GameTrace> games = {game_won_by(0), game_won_by(1), game_won_by(0), game_won_by(0)};
  games[0].swap_taken = games[1].swap_taken = true;
  auto m = outcome_metrics(games, {.swap_offered = true});
  EXPECT_DOUBLE_EQ(value(m, "swap_rate"), 0.5);
  EXPECT_DOUBLE_EQ(value(m, "advantage_p1_swap"), 0.5);
  EXPECT_DOUBLE_EQ(value(m, "advantage_p1_no_swap"), 1.0);
  EXPECT_DOUBLE_EQ(value(m, "advantage_p1"), 0.75);
  EXPECT_EQ(metric(m, "advantage_p1_swap").ludii_class, "");  // ludus's own
}

TEST(DurationMetrics, TurnsMovesSpreadExtremesNotTimeoutsIdeal) {
  // Turns 3, 2 and 5 (stopped at the ply limit); plies 3, 2 and 6.
  GameTrace a = game_won_by(0, 3), b = game_won_by(1, 2), c = game_won_by(kDraw, 6);
  c.turns = 5, c.adjudicated = true;
  MetricContext context;
  context.ideal_min_turns = 3, context.ideal_max_turns = 4;
  auto m = duration_metrics({a, b, c}, context);
  EXPECT_NEAR(value(m, "duration_turns"), 10 / 3.0, kExact);
  // Deviations 1/3 - ... : squares 1/9 + 16/9 + 25/9 = 42/9; sample variance 42/18 = 7/3,
  // population variance 42/27 = 14/9.
  EXPECT_NEAR(metric(m, "duration_turns").spread, std::sqrt(7 / 3.0), kExact);
  EXPECT_NEAR(value(m, "duration_turns_std_dev"), std::sqrt(7 / 3.0), kExact);
  EXPECT_NEAR(ludii(m, "duration_turns_std_dev"), std::sqrt(14 / 9.0), kExact);
  EXPECT_DOUBLE_EQ(value(m, "duration_turns_median"), 3);
  EXPECT_DOUBLE_EQ(value(m, "duration_turns_min"), 2);
  EXPECT_DOUBLE_EQ(value(m, "duration_turns_max"), 5);
  EXPECT_DOUBLE_EQ(value(m, "duration_turns_not_timeouts"), 2.5);  // (3 + 2) / 2
  EXPECT_NEAR(value(m, "duration_moves"), 11 / 3.0, kExact);
  // Ideal 3..4 turns: 3 -> 1, 2 -> 2/3, 5 -> 1 - (5 - 4) / 4 = 0.75; mean 29/36.
  EXPECT_NEAR(value(m, "ideal_duration"), 29 / 36.0, kExact);
  EXPECT_EQ(metric(m, "ideal_duration").title, "Ideal duration (3-4 turns)");
  EXPECT_DOUBLE_EQ(ideal_duration_score(10, 20, 30), 0.5);
  EXPECT_DOUBLE_EQ(ideal_duration_score(70, 20, 30), 0.0);  // past twice the maximum
  for (const auto& metric : m) EXPECT_FALSE(metric.aggregates) << metric.key;
}

// Two games on a 4-site board with every fact of every position set by hand.
std::vector<GameTrace> shape_games() {
  // A: plies with 4, 2 and 1 legal moves (the last forced); stones 0, 1, 2, then 3 at the
  // end; scores (3,3) (2,3) (2,1), final (0,1); the third position repeats a board; the
  // second ply slid a stone 2 steps.  3 of 4 sites covered.
  GameTrace a = game_won_by(0, 3);
  const int a_legal[] = {4, 2, 1}, a_stones[][2] = {{0, 0}, {1, 0}, {1, 1}}, a_score[][2] = {{3, 3}, {2, 3}, {2, 1}};
  for (size_t i = 0; i < 3; ++i) {
    a.plies[i].legal = a_legal[i];
    a.plies[i].position.stones[0] = a_stones[i][0], a.plies[i].position.stones[1] = a_stones[i][1];
    a.plies[i].position.score[0] = a_score[i][0], a.plies[i].position.score[1] = a_score[i][1];
  }
  a.plies[2].position.repeats.board = true;
  a.plies[1].distance = 2;
  a.plies[0].reasonable = 2, a.plies[1].reasonable = 1;  // the search saw two good moves once
  a.final_position = {{2, 1}, {0, 1}, {}};
  a.sites = 4, a.covered = 3;
  // B: plies with 5 and 3 legal moves; stones 0, 1, then 2; scores (4,4) (3,2), final
  // (2,2); the second position repeats a board and a position, the final one a
  // situation too; the second ply slid a stone 1 step.  2 of 4 sites covered.
  GameTrace b = game_won_by(1, 2);
  b.plies[0].legal = 5, b.plies[1].legal = 3;
  b.plies[1].position.stones[0] = 1;
  b.plies[0].position.score[0] = b.plies[0].position.score[1] = 4;
  b.plies[1].position.score[0] = 3, b.plies[1].position.score[1] = 2;
  b.plies[1].position.repeats = {true, true, false};
  b.plies[1].distance = 1;
  b.plies[0].reasonable = 3, b.plies[1].reasonable = 1;
  b.final_position = {{1, 1}, {2, 2}, {true, true, true}};
  b.sites = 4, b.covered = 2;
  return {a, b};
}

TEST(PlayMetrics, BranchingAndDecisions) {
  MetricContext context;
  auto m = play_metrics(shape_games(), context);
  // Branching 4 2 1 | 5 3: pooled 15/5 = 3; Ludii's per game (7/3 + 4) / 2 = 19/6.
  EXPECT_DOUBLE_EQ(value(m, "branching_factor"), 3.0);
  EXPECT_NEAR(metric(m, "branching_factor").spread, (4 - 7 / 3.0) / std::sqrt(2.0), kExact);  // sd of the games' means
  EXPECT_NEAR(ludii(m, "branching_factor"), 19 / 6.0, kExact);
  // Per game: A [4, 2, 1]: median 2, max 4, min 1, variance 14/9, change average -3/2,
  // change sign -1, slope -3/2, one change of direction in 2 steps, largest rise 0, fall
  // -2.  B [5, 3]: median 5 (the upper middle), max 5, min 3, variance 1, change -2,
  // sign -1, slope -2, 1 change in 1 step, rise 0, fall -2.  Then the mean of the two.
  expect_aggregates(m, "branching_factor",
                    {19 / 6.0, 3.5, 4.5, 2, (14 / 9.0 + 1) / 2, -1.75, -1, -1.75, 0.75, 0, -2});
  // Positions with a choice: 1 1 0 | 1 1: pooled 4/5, per game (2/3 + 1) / 2.
  EXPECT_DOUBLE_EQ(value(m, "decision_moves"), 0.8);
  EXPECT_NEAR(ludii(m, "decision_moves"), 5 / 6.0, kExact);
  EXPECT_FALSE(metric(m, "decision_moves").aggregates);  // a single metric in Ludii
  // Branching where above 1: 4 2 | 5 3: pooled 14/4, per game (3 + 4) / 2: the same here.
  EXPECT_DOUBLE_EQ(value(m, "decision_factor"), 3.5);
  EXPECT_DOUBLE_EQ(ludii(m, "decision_factor"), 3.5);
  expect_aggregates(m, "decision_factor", {3.5, 4.5, 4.5, 2.5, 1, -2, -1, -2, 1, 0, -2});
  // Searched positions with more than one reasonable move: A's first, B's first of 4.
  EXPECT_DOUBLE_EQ(value(m, "decision_moves_search"), 0.5);
  EXPECT_FALSE(metric(m, "decision_moves_search").ludii);
  EXPECT_EQ(metric(m, "decision_moves_search").ludii_class, "");
}

TEST(PlayMetrics, CoverageStonesDistanceScore) {
  MetricContext context;
  context.board_elements = 10;
  auto m = play_metrics(shape_games(), context);
  // Sites covered 3/4 and 2/4; every site is used, so Default and Used agree.
  EXPECT_DOUBLE_EQ(value(m, "board_coverage_default"), 0.625);
  EXPECT_DOUBLE_EQ(value(m, "board_coverage_used"), 0.625);
  EXPECT_NEAR(metric(m, "board_coverage_used").spread, 0.25 / std::sqrt(2.0), kExact);
  EXPECT_DOUBLE_EQ(value(m, "board_coverage_full"), (0.3 + 0.2) / 2);  // of 10 vertices, edges and faces
  EXPECT_TRUE(std::isnan(value(play_metrics(shape_games(), {}), "board_coverage_full")));  // board graph unknown
  // Stones on the board at every position, the final one included: 0 1 2 3 | 0 1 2.
  EXPECT_NEAR(value(m, "piece_number"), 9 / 7.0, kExact);
  EXPECT_NEAR(ludii(m, "piece_number"), (1.5 + 1) / 2, kExact);
  // A: median 2 (sorted[2]), max 3, min 0, variance 5/4, change average 1, sign 1, slope
  // 1, one change (the first rise) in 3 steps, rise 1, fall 0.  B: median 1, max 2, min
  // 0, variance 2/3, 1, 1, 1, 1 in 2, 1, 0.
  expect_aggregates(m, "piece_number", {1.25, 1.5, 2.5, 0, (1.25 + 2 / 3.0) / 2, 1, 1, 1, (1 / 3.0 + 0.5) / 2, 1, 0});
  // The same over 4 sites.
  EXPECT_NEAR(value(m, "board_sites_occupied"), 9 / 28.0, kExact);
  EXPECT_NEAR(ludii(m, "board_sites_occupied"), 0.3125, kExact);
  expect_aggregates(m, "board_sites_occupied",
                    {0.3125, 0.375, 0.625, 0, (1.25 + 2 / 3.0) / 32, 0.25, 1, 0.25, (1 / 3.0 + 0.5) / 2, 0.25, 0});
  // One slide each, 2 and 1 steps.
  EXPECT_DOUBLE_EQ(value(m, "move_distance"), 1.5);
  EXPECT_DOUBLE_EQ(ludii(m, "move_distance"), 1.5);
  expect_aggregates(m, "move_distance", {1.5, 1.5, 1.5, 1.5, 0, 0, 0, 0, 0, 0, 0});
  // Score gaps 0 1 1 1 | 0 1 0: pooled 4/7, per game (3/4 + 1/3) / 2 = 13/24.  A: median
  // 1, max 1, min 0, variance 3/16, change 1/3, sign 1/3, slope 0.3, 1 change in 3 steps,
  // rise 1, fall 0.  B: median 0, max 1, min 0, variance 2/9, change 0, sign 0, slope 0,
  // 2 changes in 2 steps, rise 1, fall -1.
  EXPECT_NEAR(value(m, "score_difference"), 4 / 7.0, kExact);
  EXPECT_NEAR(ludii(m, "score_difference"), 13 / 24.0, kExact);
  expect_aggregates(m, "score_difference",
                    {13 / 24.0, 0.5, 1, 0, (3 / 16.0 + 2 / 9.0) / 2, 1 / 6.0, 1 / 6.0, 0.15, 2 / 3.0, 1, -0.5});
  // No game with a score, no slide: unknown, not 0.
  auto plain = play_metrics({game_won_by(0)}, context);
  EXPECT_TRUE(std::isnan(value(plain, "score_difference")));
  EXPECT_TRUE(std::isnan(ludii(plain, "score_difference")));
  EXPECT_TRUE(std::isnan(value(plain, "move_distance")));
}

TEST(PlayMetrics, RepetitionAndComplexity) {
  auto m = play_metrics(shape_games(), {});
  // Positions repeated (board, colour to move, seats) 0 0 0 0 | 0 1 1: pooled 2/7.
  // Ludii's position is the board alone: 0 0 1 0 | 0 1 1: per game (1/4 + 2/3) / 2.
  EXPECT_NEAR(value(m, "positional_repetition"), 2 / 7.0, kExact);
  EXPECT_NEAR(ludii(m, "positional_repetition"), 11 / 24.0, kExact);
  // Situations repeated 0 0 0 0 | 0 0 1: pooled 1/7, per game (0 + 1/3) / 2.
  EXPECT_NEAR(value(m, "situational_repetition"), 1 / 7.0, kExact);
  EXPECT_NEAR(ludii(m, "situational_repetition"), 1 / 6.0, kExact);
  // Stone counts seen (0,0) (1,0) (1,1) (2,1) on 4 sites: 1 + 4 + 12 + 12 = 29 boards.
  EXPECT_NEAR(value(m, "state_space_complexity"), std::log10(29.0), kExact);
  EXPECT_NEAR(ludii(m, "state_space_complexity"), 4 * std::log10(3.0), kExact);  // 4 sites, each empty or one of 2 stones
  // Game tree: log10(4 * 2 * 1) and log10(5 * 3); Ludii: 3 log10(7/3) and 2 log10(4).
  EXPECT_NEAR(value(m, "game_tree_complexity"), (std::log10(8.0) + std::log10(15.0)) / 2, kExact);
  EXPECT_NEAR(ludii(m, "game_tree_complexity"), (3 * std::log10(7 / 3.0) + 2 * std::log10(4.0)) / 2, kExact);
}

TEST(PlayMetrics, StateSpaceCountsBoardsWithTheSeenStoneCounts) {
  // Three sites; positions with (0, 0), (1, 0) and (1, 1) stones: 1 + 3 + 3*2 = 10 boards.
  GameTrace g = game_won_by(0, 3);
  g.sites = 3;
  g.plies[1].position.stones[0] = 1;
  g.plies[2].position.stones[0] = 1, g.plies[2].position.stones[1] = 1;
  g.final_position.stones[0] = 1;
  EXPECT_NEAR(state_space_log10({g}), 1.0, kExact);
  EXPECT_TRUE(std::isnan(state_space_log10({game_won_by(0)})));  // no board: unknown
}

// Seat 0 wins, seat 1 wins (the same evaluations), a game without evaluations, and a
// draw by the rules; the first two searched positions of the wins carry clarity.
std::vector<GameTrace> tension_games() {
  GameTrace g = evaluated_game(0, {0.5, 0.6, 0.3, 0.7, 0.8}), h = evaluated_game(1, {0.5, 0.6, 0.3, 0.7, 0.8});
  g.plies[0].narrowness = 0.5, g.plies[0].spread = 0.02;
  g.plies[1].narrowness = 0.25, g.plies[1].spread = 0.04;
  h.plies[0].narrowness = 1.0, h.plies[0].spread = 0.01;
  return {g, h, game_won_by(0), evaluated_game(kDraw, {0.4, 0.5, 0.7})};
}

TEST(EvaluationMetrics, PerGameValues) {
  const auto games = tension_games();
  const GameTrace &g = games[0], &h = games[1], &draw = games[3];
  // The winner last failed to lead before ply 3 (index 2): settled after 3 of 5 plies.
  EXPECT_DOUBLE_EQ(settled_fraction(g), 3 / 5.0);
  EXPECT_DOUBLE_EQ(settled_fraction(h), 1.0);  // seat 1's view 0.5 0.4 0.7 0.3 0.2: never led for good until the end
  // The loser's best: g's loser (seat 1) 0.5 0.4 0.7 0.3 0.2 -> 0.7; h's loser (seat 0) 0.8.
  EXPECT_DOUBLE_EQ(decisiveness_threshold(g), 0.7);
  EXPECT_DOUBLE_EQ(decisiveness_threshold(h), 0.8);
  // Ludii's decisiveness: g's winner first beats 0.7 at index 4 (0.8): 4/5; h's never
  // beats 0.8: 1; a draw has no loser: the first position, 0.
  EXPECT_DOUBLE_EQ(ludii_decisiveness_moves(g), 0.8);
  EXPECT_DOUBLE_EQ(ludii_decisiveness_moves(h), 1.0);
  EXPECT_DOUBLE_EQ(ludii_decisiveness_moves(draw), 0.0);
  // Worst moment 0.3: 1 - 2 * 0.3 = 0.4; h's winner at 0.2: 0.6.
  EXPECT_NEAR(drama(g), 0.4, kExact);
  EXPECT_NEAR(drama(h), 0.6, kExact);
  // Leaders (margin 0.05): none, 0, 1, 0, 0 -> two changes.  Ludii: leader sets {0,1}
  // {0} {1} {0} {0}, the first a change from none: 4 of 5 positions.
  EXPECT_EQ(lead_changes(g), 2);
  EXPECT_DOUBLE_EQ(ludii_lead_change(g), 0.8);
  EXPECT_EQ(lead_changes(evaluated_game(0, {0.52, 0.48, 0.53, 0.9})), 0);  // a wobble inside the margin
  // Steps 0.1 + 0.3 + 0.4 + 0.1 over 4; Ludii: 8 * the variance 0.0296 of 0.5 0.6 0.3 0.7 0.8.
  EXPECT_NEAR(instability(g), 0.9 / 4, kExact);
  EXPECT_NEAR(ludii_stability(g), 8 * 0.0296, kExact);
  // No evaluation at all: unknown.
  EXPECT_TRUE(std::isnan(drama(games[2])));
  EXPECT_TRUE(std::isnan(instability(games[2])));
  EXPECT_TRUE(std::isnan(ludii_lead_change(games[2])));
}

TEST(EvaluationMetrics, BothDefinitionsOverTheGames) {
  auto m = evaluation_metrics(tension_games(), {});
  // ludus: decisive games with evaluations (g, h); Ludii: every evaluated game (g, h, draw).
  EXPECT_DOUBLE_EQ(value(m, "decisiveness_moves"), (0.6 + 1.0) / 2);
  EXPECT_NEAR(ludii(m, "decisiveness_moves"), (0.8 + 1.0 + 0.0) / 3, kExact);
  // Threshold 0.7 and 0.8; Ludii's scale -1..1: 0.4, 0.6 and -1 for the draw.
  EXPECT_NEAR(value(m, "decisiveness_threshold"), 0.75, kExact);
  EXPECT_NEAR(ludii(m, "decisiveness_threshold"), 0.0, kExact);
  EXPECT_NEAR(value(m, "drama"), (0.4 + 0.6) / 2, kExact);
  // Ludii's drama along each game, on its -1..1 scale: the best evaluation minus the
  // winner's, max(0, 2 - 4 p): g 0 0 0.8 0 0, h 0 0.4 0 0.8 1.2; the draw's two winners
  // |2p - 1|: 0.2 0 0.4.  Means 0.16, 0.48, 0.2.
  EXPECT_NEAR(ludii(m, "drama"), 0.28, kExact);
  // g: median 0, max 0.8, min 0, variance 0.1024, change 0, sign 0, slope 0, 2 changes in
  // 4 steps, rise 0.8, fall -0.8.  h: median 0.4, max 1.2, min 0, variance 0.2176, change
  // 0.3, sign 0.5, slope 0.28, 3 in 4, rise 0.8, fall -0.4.  Draw: median 0.2, max 0.4,
  // min 0, variance 0.08/3, change 0.1, sign 0, slope 0.1, 2 in 2, rise 0.4, fall -0.2.
  expect_aggregates(m, "drama",
                    {0.28, 0.2, 0.8, 0, (0.1024 + 0.2176 + 0.08 / 3) / 3, 0.4 / 3, 0.5 / 3, 0.38 / 3, 0.75, 2 / 3.0,
                     -1.4 / 3});
  // Lead changes 2, 2 and 1 (the draw: 0.4 -> seat 1, 0.5 none, 0.7 -> seat 0); Ludii: 4/5,
  // 4/5 and 3/3 (sets {1} {0,1} {0}).
  EXPECT_NEAR(value(m, "lead_change"), 5 / 3.0, kExact);
  EXPECT_NEAR(ludii(m, "lead_change"), 2.6 / 3, kExact);
  // Instability 0.225, 0.225, (0.1 + 0.2) / 2; Ludii 8 * variance: 0.2368 twice and
  // 8 * 0.0466667/3 for 0.4 0.5 0.7.
  EXPECT_NEAR(value(m, "stability"), 0.2, kExact);
  EXPECT_NEAR(ludii(m, "stability"), (2 * 0.2368 + 8 * (0.14 / 9)) / 3, kExact);
  // Clarity at three searched positions: narrowness 0.5 0.25 | 1: pooled 1.75/3, per game
  // (0.375 + 1) / 2; variance 0.02 0.04 | 0.01: pooled 0.07/3, Ludii (-1..1 scale, 4x):
  // (4 * 0.03 + 4 * 0.01) / 2.
  EXPECT_NEAR(value(m, "clarity_narrowness"), 1.75 / 3, kExact);
  EXPECT_NEAR(ludii(m, "clarity_narrowness"), 0.6875, kExact);
  EXPECT_NEAR(value(m, "clarity_variance"), 0.07 / 3, kExact);
  EXPECT_NEAR(ludii(m, "clarity_variance"), 0.08, kExact);
  // The seats' gap |2p - 1|: 0 0.2 0.4 0.4 0.6 twice and 0.2 0 0.4: pooled 3.8/13.
  // Ludii: 2 |2p - 1| then the final position's utilities (2 after a win, 0 after a draw):
  // 0 0.4 0.8 0.8 1.2 2 (mean 5.2/6) twice, 0.4 0 0.8 0 (mean 0.3).
  EXPECT_NEAR(value(m, "state_evaluation_difference"), 3.8 / 13, kExact);
  EXPECT_NEAR(ludii(m, "state_evaluation_difference"), (2 * 5.2 / 6 + 0.3) / 3, kExact);
  // Win games: median 0.8 (sorted[3]), max 2, min 0, variance 6.88/6 - (5.2/6)^2, change 0.4,
  // sign 0.8, slope 6.2/17.5, 2 changes in 5 steps, rise 0.8, fall 0.  Draw: median 0.4,
  // max 0.8, min 0, variance 0.11, change -0.4/3, sign -1/3, slope -0.04, 3 in 3, rise
  // 0.8, fall -0.8.
  expect_aggregates(m, "state_evaluation_difference",
                    {(2 * 5.2 / 6 + 0.3) / 3, 2 / 3.0, 1.6, 0, (2 * (6.88 / 6 - (5.2 / 6) * (5.2 / 6)) + 0.11) / 3,
                     (0.8 - 0.4 / 3) / 3, (1.6 - 1 / 3.0) / 3, (2 * 6.2 / 17.5 - 0.04) / 3, 0.6, 0.8, -0.8 / 3});
  // Random play has no evaluation: every tension metric unknown, both definitions.
  auto none = evaluation_metrics({game_won_by(0), game_won_by(1)}, {});
  for (const auto& metric : none) {
    EXPECT_TRUE(std::isnan(metric.value)) << metric.key;
    EXPECT_TRUE(!metric.ludii || std::isnan(metric.ludii->value)) << metric.key;
  }
}

TEST(Series, LudiisAggregatesOfOneGame) {
  // 1 3 3 2 5: sorted 1 2 3 3 5.
  const Series s = {1, 3, 3, 2, 5};
  EXPECT_DOUBLE_EQ(aggregate(s, SeriesAggregate::kAverage), 2.8);
  EXPECT_DOUBLE_EQ(aggregate(s, SeriesAggregate::kMedian), 3);
  EXPECT_DOUBLE_EQ(aggregate(s, SeriesAggregate::kMinimum), 1);  // Ludii's code starts at 0: corrected
  EXPECT_NEAR(aggregate(s, SeriesAggregate::kVariance), 1.76, kExact);  // squares 3.24 .04 .04 .64 4.84
  EXPECT_DOUBLE_EQ(aggregate(s, SeriesAggregate::kChangeAverage), 1.0);  // (5 - 1) / 4
  EXPECT_DOUBLE_EQ(aggregate(s, SeriesAggregate::kChangeSign), 0.25);    // + 0 - +
  EXPECT_NEAR(aggregate(s, SeriesAggregate::kChangeLineBestFit), 0.7, kExact);  // 7 / 10
  // Directions + 0 - +: the rise counts, the flat step has none, the fall and the rise after
  // it count: 3 of 4 (Ludii's code divides 1 by 4 as integers, giving 0: corrected).
  EXPECT_DOUBLE_EQ(aggregate(s, SeriesAggregate::kChangeNumTimes), 0.75);
  EXPECT_DOUBLE_EQ(aggregate(s, SeriesAggregate::kMaxIncrease), 3);
  EXPECT_DOUBLE_EQ(aggregate(s, SeriesAggregate::kMaxDecrease), -1);
  EXPECT_DOUBLE_EQ(aggregate({}, SeriesAggregate::kMaximum), 0);
  EXPECT_DOUBLE_EQ(aggregate({4}, SeriesAggregate::kChangeLineBestFit), 0);
  // A game with an empty series counts 0 in Ludii's average; none at all is unknown.
  EXPECT_DOUBLE_EQ(per_game_aggregate({{2, 4}, {}}, SeriesAggregate::kAverage), 1.5);
  EXPECT_TRUE(std::isnan(per_game_aggregate({{}, {}}, SeriesAggregate::kAverage)));
}

TEST(ComputeMetrics, EveryKeyOnceWithItsLudiiMetric) {
  auto m = compute_metrics(shape_games(), {.swap_offered = true, .board_elements = 10});
  std::set<std::string> keys;
  for (const auto& metric : m) EXPECT_TRUE(keys.insert(metric.key).second) << metric.key;
  for (const char* key : {"advantage_p1", "outcome_uniformity", "duration_turns", "duration_moves", "ideal_duration",
                          "branching_factor", "decision_factor", "board_coverage_full", "board_sites_occupied", "piece_number",
                          "move_distance", "score_difference", "positional_repetition", "situational_repetition",
                          "decisiveness_threshold", "state_evaluation_difference", "swap_rate"})
    EXPECT_TRUE(keys.count(key)) << key;
  EXPECT_EQ(metric(m, "branching_factor").ludii_class, "BranchingFactorAverage");
  const Metric twin = ludii_twin(metric(m, "branching_factor"));
  EXPECT_EQ(twin.key, "branching_factor_ludii");
  EXPECT_NEAR(twin.value, 19 / 6.0, kExact);
}

TEST(MetricFormat, SharesNumbersPowersAndUnknowns) {
  Metric share{"a", "A", MetricUnit::kShare, 0.625, kUnknown, 0.3, 0.9};
  EXPECT_EQ(format_metric(share), "62.5% [30-90]");
  Metric number{"b", "B", MetricUnit::kNumber, 12.34, 3.5};
  EXPECT_EQ(format_metric(number), "12.3 ±3.5");
  EXPECT_EQ(format_metric(number, false), "12.3");
  EXPECT_EQ(format_metric(Metric{"e", "E", MetricUnit::kNumber, 1003.4}), "1003");  // not 1e+03
  EXPECT_EQ(format_metric(Metric{"f", "F", MetricUnit::kNumber, 0.0342}), "0.0342");
  EXPECT_EQ(format_value(-1e-17, MetricUnit::kNumber), "0");  // no "-1e-17"
  Metric power{"c", "C", MetricUnit::kLog10, 14.26};
  EXPECT_EQ(format_metric(power), "10^14.3");
  EXPECT_EQ(format_metric(Metric{"d", "D"}), "n/a");
}

}  // namespace
}  // namespace ludus::study
