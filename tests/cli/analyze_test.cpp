// SPDX-License-Identifier: Apache-2.0
// `ludus analyze` on tiny random self-play runs: JSON structure and counts, the swap
// on/off comparison, swap statistics for pie games, reproducibility, the table and plot.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"
#include "core/registry.h"

namespace ludus::testing {
namespace {

// `ludus analyze ARGS` without the on-disk cache (tests must not share games through it).
RunResult analyze(std::vector<std::string> args) {
  args.insert(args.begin(), "analyze");
  args.push_back("--no-cache");
  return run_ludus(args);
}

long long total(const nlohmann::json& record) {
  return record["wins"].get<long long>() + record["losses"].get<long long>() + record["draws"].get<long long>();
}

void expect_consistent_setting(const nlohmann::json& s, long long games) {
  EXPECT_EQ(s["games"], games);
  EXPECT_EQ(total(s["first_player"]), games);
  EXPECT_EQ(total(s["first_colour"]), games);
  const double score = s["first_player"]["score"];
  EXPECT_LE(s["first_player"]["interval"][0].get<double>(), score);
  EXPECT_GE(s["first_player"]["interval"][1].get<double>(), score);
  long long ended = 0;
  for (const auto& end : s["end_reasons"]) {
    long long by_winner = 0;
    for (const auto& [name, count] : end["winners"].items()) by_winner += count.get<long long>();
    EXPECT_EQ(by_winner, end["games"].get<long long>());
    ended += end["games"].get<long long>();
  }
  EXPECT_EQ(ended, games);
  const auto& length = s["length"];
  EXPECT_LE(length["min"].get<double>(), length["median"].get<double>());
  EXPECT_LE(length["median"].get<double>(), length["max"].get<double>());
  EXPECT_LE(length["min"].get<double>(), length["mean"].get<double>());
  // Every game has a first ply; the branching table is as long as the longest game.
  ASSERT_FALSE(s["branching"].empty());
  EXPECT_EQ(s["branching"][0]["ply"], 1);
  EXPECT_EQ(s["branching"][0]["games"], games);
  EXPECT_EQ(s["branching"].size(), length["max"].get<size_t>());
}

TEST(Analyze, NdengrodComparesSwapOnAndOff) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = analyze({"ndengrod", "--games", "10", "--seed", "3", "--json", "--progress"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "ndengrod");
  EXPECT_EQ(j["ai"], "random");
  ASSERT_EQ(j["settings"].size(), 2u);
  EXPECT_EQ(j["settings"][0]["label"], "swap=on");
  EXPECT_EQ(j["settings"][0]["options"]["swap"], "on");
  EXPECT_EQ(j["settings"][1]["options"]["swap"], "off");
  EXPECT_TRUE(j["settings"][0].contains("swap"));   // offered: how often it was taken
  EXPECT_FALSE(j["settings"][1].contains("swap"));  // never offered
  for (const auto& s : j["settings"]) expect_consistent_setting(s, 10);
  EXPECT_DOUBLE_EQ(j["settings"][0]["branching"][0]["mean"].get<double>(), 61.0);  // empty hex-hex of side 5
  const auto& swap = j["settings"][0]["swap"];
  EXPECT_EQ(total(swap["first_player_with_swap"]) + total(swap["first_player_without_swap"]), 10);
  EXPECT_TRUE(contains(r.err, "analyze: 20/20"));
  // Without --progress, progress goes only to a terminal (here stderr is a file).
  auto silent = analyze({"ndengrod", "-o", "size=3", "-n", "2"});
  ASSERT_EQ(silent.exit_code, 0) << silent.err;
  EXPECT_EQ(silent.err, "");
  // A fixed swap option gives one setting.
  auto fixed = analyze({"ndengrod", "-o", "swap=off", "-n", "4", "--json", "-q"});
  ASSERT_EQ(fixed.exit_code, 0) << fixed.err;
  EXPECT_EQ(nlohmann::json::parse(fixed.out)["settings"].size(), 1u);
}

TEST(Analyze, ReproducibleWithASeedWhateverTheThreads) {
  LUDUS_REQUIRE_GAME("netted");
  auto a = analyze({"netted", "-n", "12", "--seed", "5", "--json", "-q", "--threads", "1"});
  auto b = analyze({"netted", "-n", "12", "--seed", "5", "--json", "-q", "--threads", "2"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  auto j = nlohmann::json::parse(a.out);
  ASSERT_EQ(j["settings"].size(), 1u);
  expect_consistent_setting(j["settings"][0], 12);
  EXPECT_FALSE(j["settings"][0].contains("swap"));  // Netted has no pie
}

TEST(Analyze, PieGamesReportHowOftenTheSwapIsTaken) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto r = analyze({"n-mesh", "-o", "size=4", "-n", "30", "--seed", "2", "--json", "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = nlohmann::json::parse(r.out)["settings"][0];
  expect_consistent_setting(s, 30);
  ASSERT_TRUE(s.contains("swap"));
  const long long taken = s["swap"]["taken"];
  EXPECT_EQ(total(s["swap"]["first_player_with_swap"]), taken);
  EXPECT_NEAR(s["swap"]["rate"].get<double>(), taken / 30.0, 1e-12);
}

TEST(Analyze, GamesStoppedAtThePlyLimitShowAsTheirOwnEnd) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = analyze({"ndengrod", "-o", "swap=off", "-n", "3", "--max-plies", "4", "--json", "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = nlohmann::json::parse(r.out)["settings"][0];
  expect_consistent_setting(s, 3);
  ASSERT_EQ(s["end_reasons"].size(), 1u);
  EXPECT_EQ(s["end_reasons"][0]["reason"], "no result after N plies");
  EXPECT_EQ(s["end_reasons"][0]["winners"]["draw"], 3);
  EXPECT_EQ(s["first_player"]["draws"], 3);
}

TEST(Analyze, TableAndPlot) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto dir = scratch_dir();
  const std::string svg = (dir / "plot.svg").string();
  auto r = analyze({"ndengrod", "-o", "size=3", "-n", "6", "--plot", svg, "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* part : {"Analysis of ndengrod: self-play by AI 'random', 6 games per setting, seed 1",
                           "Setting swap=on: length=5 shape=hexhex size=3 swap=on  (6 games, AI random)", "first player (seat)",
                           "first colour (x)", "swap taken in", "game length (plies)", "end conditions:",
                           "branching factor by ply", "1-10     19.0", "Setting swap=off",
                           "First player score: swap=on", "Plot written to "})
    EXPECT_TRUE(contains(r.out, part)) << part << "\n" << r.out;
  const std::string plot = read_text(svg);
  EXPECT_EQ(plot.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_TRUE(contains(plot, "Game length"));
  EXPECT_TRUE(contains(plot, "Branching factor by ply"));
  EXPECT_TRUE(contains(plot, "<polyline"));
  EXPECT_TRUE(contains(plot, "<rect"));
  EXPECT_TRUE(contains(plot, "swap=off"));  // legend of the two settings
  EXPECT_TRUE(contains(plot, "</svg>\n"));
  std::filesystem::remove_all(dir);
}

TEST(Analyze, BadArgumentsAreUsageErrors) {
  LUDUS_REQUIRE_GAME("ndengrod");
  expect_usage_error(analyze({"chess"}), "unknown game 'chess'");
  expect_usage_error(analyze({"ndengrod", "--ai", "wizard"}), "bad AI spec 'wizard'");
  expect_usage_error(analyze({"ndengrod", "-o", "length=2"}), "length");
  expect_usage_error(analyze({"ndengrod", "--plot", "/nonexistent-dir/x.svg"}), "cannot write plot file");
}

TEST(Analyze, RepeatedOptionsAndRangesAreSweeps) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto repeated = analyze({"n-mesh", "-o", "size=4", "-o", "size=5", "-n", "3", "--json", "-q"});
  ASSERT_EQ(repeated.exit_code, 0) << repeated.err;
  auto j = nlohmann::json::parse(repeated.out);
  ASSERT_EQ(j["settings"].size(), 2u);  // not just the last value, as before
  EXPECT_EQ(j["settings"][0]["label"], "size=4");
  EXPECT_EQ(j["settings"][0]["options"]["size"], "4");
  EXPECT_EQ(j["settings"][1]["label"], "size=5");
  EXPECT_DOUBLE_EQ(j["settings"][1]["branching"][0]["mean"].get<double>(), 25.0);  // empty 5x5 board
  for (const auto& s : j["settings"]) expect_consistent_setting(s, 3);
  auto range = analyze({"n-mesh", "-o", "size=4..6", "-n", "2", "-q"});
  ASSERT_EQ(range.exit_code, 0) << range.err;
  for (const char* part : {"Setting size=4:", "Setting size=5:", "Setting size=6:", "Metrics by variant:", "size=4   size=5   size=6"})
    EXPECT_TRUE(contains(range.out, part)) << part << "\n" << range.out;
}

TEST(Analyze, BadRangesAreOneLineUsageErrors) {
  LUDUS_REQUIRE_GAME("n-mesh");
  expect_usage_error(analyze({"n-mesh", "-o", "size=9..5"}), "bad option range 'size=9..5': the end is below the start");
  expect_usage_error(analyze({"n-mesh", "-o", "size=5..x"}), "bad option range 'size=5..x': expected integers");
  expect_usage_error(analyze({"n-mesh", "-o", "size=5..9..0"}), "the step must be a positive integer");
  expect_usage_error(analyze({"n-mesh", "-o", "size=4..99"}), "bad option");  // 99 is no board size
  auto r = analyze({"n-mesh", "-o", "size=9..5"});
  EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
}

// A search-based AI gives every position an evaluation, so the tension metrics are
// measured; the random baseline is measured beside it and has none.
TEST(Analyze, MctsSelfPlayMeasuresEvaluationMetricsBesideRandomPlay) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto r = analyze({"n-mesh", "-o", "size=4", "--ai", "mcts:iters=60", "-n", "4", "--json", "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["settings"].size(), 2u);
  EXPECT_EQ(j["settings"][0]["ai"], "mcts:iters=60");
  EXPECT_EQ(j["settings"][1]["ai"], "random");
  const auto& mcts = j["settings"][0]["metrics"];
  for (const char* key : {"stability", "stability_ludii", "lead_change", "lead_change_ludii", "clarity_narrowness",
                          "clarity_variance", "decision_moves_search", "drama_ludii", "decisiveness_threshold",
                          "state_evaluation_difference", "state_evaluation_difference_ludii"})
    EXPECT_TRUE(mcts[key]["value"].is_number()) << key;
  EXPECT_TRUE(mcts["drama"]["ludii_aggregates"]["change_line_best_fit"].is_number());
  const auto& random = j["settings"][1]["metrics"];
  EXPECT_TRUE(random["stability"]["value"].is_null());
  EXPECT_TRUE(random["stability_ludii"]["value"].is_null());
  EXPECT_TRUE(random["decision_moves_search"]["value"].is_null());
  EXPECT_TRUE(random["balance"]["value"].is_number());
  EXPECT_NEAR(random["decision_moves"]["value"].get<double>(), 1.0, 1e-12);  // every N-Mesh position has moves to choose
}

// Every metric Ludii defines differently is reported twice, ludus's value and KEY_ludii;
// the table shows them side by side with the Ludii metric; Ludii's aggregates of the
// series along a game are in the JSON and the text.
TEST(Analyze, LudiisDefinitionsBesideLudussAndTheNewMetrics) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto r = analyze({"n-mesh", "-o", "size=4", "-n", "6", "--seed", "4", "--json", "-q", "--ideal-turns", "5..9"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& m = j["settings"][0]["metrics"];
  for (const char* key : {"advantage_p1", "balance", "completion", "drawishness", "timeouts", "outcome_uniformity",
                          "duration_turns", "duration_turns_std_dev", "duration_turns_median", "duration_turns_max",
                          "duration_turns_not_timeouts", "duration_moves", "ideal_duration", "branching_factor",
                          "decision_moves", "decision_factor", "board_coverage_default", "board_coverage_used",
                          "board_coverage_full", "board_sites_occupied", "piece_number", "positional_repetition",
                          "situational_repetition", "state_space_complexity", "game_tree_complexity"})
    EXPECT_TRUE(m[key]["value"].is_number()) << key;
  for (const char* key : {"drawishness", "duration_turns_std_dev", "branching_factor", "decision_moves", "decision_factor",
                          "board_sites_occupied", "piece_number", "positional_repetition", "situational_repetition",
                          "state_space_complexity", "game_tree_complexity"})
    EXPECT_TRUE(m[std::string(key) + "_ludii"]["value"].is_number()) << key;
  EXPECT_FALSE(m.contains("balance_ludii"));  // the definitions agree
  EXPECT_EQ(m["branching_factor"]["ludii_metric"], "BranchingFactorAverage");
  EXPECT_EQ(m["branching_factor_ludii"]["value"], m["branching_factor"]["ludii_aggregates"]["average"]);
  // An empty 4x4 board offers 16 moves: no game has a smaller maximum.
  EXPECT_DOUBLE_EQ(m["branching_factor"]["ludii_aggregates"]["maximum"].get<double>(), 16.0);
  EXPECT_TRUE(m["move_distance"]["value"].is_null());     // N-Mesh never moves a stone
  EXPECT_TRUE(m["score_difference"]["value"].is_null());  // nor shows a score
  // 5 x 5 corners, 2 * 4 * 5 sides, 16 cells; coverage counts only the cells.
  EXPECT_NEAR(m["board_coverage_full"]["value"].get<double>(),
              m["board_coverage_default"]["value"].get<double>() * 16 / (25 + 40 + 16), 1e-12);
  EXPECT_EQ(m["ideal_duration"]["title"], "Ideal duration (5-9 turns)");

  auto text = analyze({"n-mesh", "-o", "size=4", "-n", "6", "--seed", "4", "-q"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  for (const char* part : {"Ludii's definition", "Ludii metric", "BranchingFactorAverage", "same", "change_line_best_fit",
                           "Outcome uniformity"})
    EXPECT_TRUE(contains(text.out, part)) << part << "\n" << text.out;
  expect_usage_error(analyze({"n-mesh", "--ideal-turns", "9..5"}), "bad --ideal-turns '9..5'");
  expect_usage_error(analyze({"n-mesh", "--ideal-turns", "x"}), "bad --ideal-turns 'x'");
}

TEST(Analyze, CachedGamesAreReusedWhenARunGrows) {
  LUDUS_REQUIRE_GAME("netted");
  auto dir = scratch_dir();
  const std::string cache = (dir / "cache").string();
  auto small = run_ludus({"analyze", "netted", "-n", "3", "--json", "-q", "--cache", cache});
  ASSERT_EQ(small.exit_code, 0) << small.err;
  auto names = file_names(cache);
  ASSERT_EQ(names.size(), 1u);
  const auto file = std::filesystem::path(cache) / *names.begin();
  EXPECT_EQ(lines_of(read_text(file)).size(), 4u);  // the key, then one line per game
  auto big = run_ludus({"analyze", "netted", "-n", "5", "--json", "-q", "--cache", cache});
  ASSERT_EQ(big.exit_code, 0) << big.err;
  EXPECT_EQ(lines_of(read_text(file)).size(), 6u);  // only the two new games were added
  auto fresh = analyze({"netted", "-n", "5", "--json", "-q"});
  EXPECT_EQ(big.out, fresh.out);  // cached games give the same analysis as played ones
  std::ofstream(file, std::ios::app) << "{not json\n";
  auto corrupt = run_ludus({"analyze", "netted", "-n", "5", "-q", "--cache", cache});
  expect_usage_error(corrupt, "corrupt analysis cache file");
  EXPECT_TRUE(contains(corrupt.err, "line 7")) << corrupt.err;
  std::filesystem::remove_all(dir);
}

TEST(Analyze, ReportOpeningMapAndSkillTrace) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto dir = scratch_dir();
  const std::string map = (dir / "open.svg").string(), report = (dir / "report").string();
  auto r = analyze({"ndengrod", "-o", "size=3", "-n", "2", "--opening-map", map, "--opening-games", "1", "--skill-trace",
                    "random,mcts:iters=30", "--skill-games", "2", "--report", report, "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* part : {"First moves by first-player score (1 games each, swap=on)", "Skill trace on swap=on",
                           "random  mcts:iters=30", "Opening map written to", "Report written to"})
    EXPECT_TRUE(contains(r.out, part)) << part << "\n" << r.out;
  const std::string svg = read_text(map);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  size_t cells = 0;
  for (size_t at = svg.find("<polygon"); at != std::string::npos; at = svg.find("<polygon", at + 1)) ++cells;
  EXPECT_EQ(cells, 19u);  // a hex-hex board of side 3
  const std::string html = read_text(std::filesystem::path(report) / "index.html");
  for (const char* part : {"<!DOCTYPE html>", "Metrics by variant", "Metrics compared across variants", "Opening map",
                           "Skill trace", "<svg", "Ludii's definition", "Metrics of swap=on", "Ludii metric"})
    EXPECT_TRUE(contains(html, part)) << part;
  for (const char* outside : {"<script", "src=", "href=", "@import"}) EXPECT_FALSE(contains(html, outside)) << outside;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus::testing
