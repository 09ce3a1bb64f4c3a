// `ludus analyze` on tiny random self-play runs: JSON structure and counts, the swap
// on/off comparison, swap statistics for pie games, reproducibility, the table and plot.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"
#include "core/registry.h"

namespace ludus::testing {
namespace {

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
  auto r = run_ludus({"analyze", "ndengrod", "--games", "10", "--seed", "3", "--json"});
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
  // A fixed swap option gives one setting.
  auto fixed = run_ludus({"analyze", "ndengrod", "-o", "swap=off", "-n", "4", "--json", "-q"});
  ASSERT_EQ(fixed.exit_code, 0) << fixed.err;
  EXPECT_EQ(nlohmann::json::parse(fixed.out)["settings"].size(), 1u);
}

TEST(Analyze, ReproducibleWithASeedWhateverTheThreads) {
  LUDUS_REQUIRE_GAME("netted");
  auto a = run_ludus({"analyze", "netted", "-n", "12", "--seed", "5", "--json", "-q"});
  auto b = run_ludus({"analyze", "netted", "-n", "12", "--seed", "5", "--json", "-q", "--threads", "2"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  auto j = nlohmann::json::parse(a.out);
  ASSERT_EQ(j["settings"].size(), 1u);
  expect_consistent_setting(j["settings"][0], 12);
  EXPECT_FALSE(j["settings"][0].contains("swap"));  // Netted has no pie
}

TEST(Analyze, PieGamesReportHowOftenTheSwapIsTaken) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto r = run_ludus({"analyze", "n-mesh", "-o", "size=4", "-n", "30", "--seed", "2", "--json", "-q"});
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
  auto r = run_ludus({"analyze", "ndengrod", "-o", "swap=off", "-n", "3", "--max-plies", "4", "--json", "-q"});
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
  auto r = run_ludus({"analyze", "ndengrod", "-o", "size=3", "-n", "6", "--plot", svg, "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* part : {"Analysis of ndengrod: self-play by AI 'random', 6 games per setting, seed 1",
                           "Setting swap=on: length=5 shape=hexhex size=3 swap=on  (6 games)", "first player (seat)",
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
  expect_usage_error(run_ludus({"analyze", "chess"}), "unknown game 'chess'");
  expect_usage_error(run_ludus({"analyze", "ndengrod", "--ai", "wizard"}), "bad AI spec 'wizard'");
  expect_usage_error(run_ludus({"analyze", "ndengrod", "-o", "length=2"}), "length");
  expect_usage_error(run_ludus({"analyze", "ndengrod", "--plot", "/nonexistent-dir/x.svg"}), "cannot write plot file");
}

}  // namespace
}  // namespace ludus::testing
