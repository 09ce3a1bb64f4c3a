// SPDX-License-Identifier: Apache-2.0
// `ludus match` on tiny runs with the random player: output structure, counts that add
// up, JSON summary, records, reproducibility with a seed whatever the thread count.
#include <thread>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/record.h"
#include "cli_test_support.h"
#include "core/history.h"

namespace ludus::testing {
namespace {

nlohmann::json without_timing(nlohmann::json j) {
  j.erase("ms_per_move");
  j.erase("threads");
  return j;
}

TEST(Match, TextSummaryAddsUp) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = run_ludus({"match", "ndengrod", "--a", "random", "--b", "random", "--games", "12", "--seed", "4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;
  EXPECT_EQ(lines[0], "ndengrod (length=5 shape=hexhex size=5 swap=on): A = random, B = random; 12 games, seed 4");
  int wins, losses, draws, w1, l1, d1, w2, l2, d2;
  ASSERT_EQ(sscanf(lines[1].c_str(), "A: %d wins, %d losses, %d draws (as first player %d-%d-%d, as second %d-%d-%d)",
                   &wins, &losses, &draws, &w1, &l1, &d1, &w2, &l2, &d2),
            9)
      << lines[1];
  EXPECT_EQ(wins + losses + draws, 12);
  EXPECT_EQ(w1 + l1 + d1, 6);  // A takes each seat in half of the games
  EXPECT_EQ(w2 + l2 + d2, 6);
  EXPECT_EQ(wins, w1 + w2);
  EXPECT_TRUE(contains(lines[2], "A score: ") && contains(lines[2], "95% interval ["));
  EXPECT_TRUE(contains(lines[3], "Elo A - B: "));
  EXPECT_TRUE(contains(lines[4], "Average game length: "));
  EXPECT_TRUE(contains(lines[5], "Average time per move: A "));
  // stderr is not a terminal here: periodic progress lines ending with the total.
  auto progress = lines_of(r.err);
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.back().rfind("match: 12/12", 0), 0u) << r.err;
  EXPECT_TRUE(contains(progress.back(), "A " + std::to_string(wins) + " - B " + std::to_string(losses)));
}

TEST(Match, JsonIsReproducibleWithASeedOnAnyNumberOfThreads) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto one = run_ludus({"match", "n-mesh", "--a", "random", "--b", "random", "-n", "16", "--seed", "7", "--json", "-q"});
  auto two = run_ludus({"match", "n-mesh", "--a", "random", "--b", "random", "-n", "16", "--seed", "7", "--json", "-q",
                        "--threads", "3"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(one.err, "");  // --quiet
  auto a = nlohmann::json::parse(one.out);
  auto b = nlohmann::json::parse(two.out);
  EXPECT_EQ(without_timing(a), without_timing(b));
  EXPECT_EQ(a["game"], "n-mesh");
  EXPECT_EQ(a["games"], 16);
  EXPECT_EQ(a["a_wins"].get<int>() + a["a_losses"].get<int>() + a["draws"].get<int>(), 16);
  EXPECT_EQ(a["a_as_first"]["wins"].get<int>() + a["a_as_second"]["wins"].get<int>(), a["a_wins"].get<int>());
  double score = a["a_score"];
  EXPECT_NEAR(score, (a["a_wins"].get<double>() + 0.5 * a["draws"].get<double>()) / 16, 1e-12);
  EXPECT_LE(a["a_score_interval"][0].get<double>(), score);
  EXPECT_GE(a["a_score_interval"][1].get<double>(), score);
  EXPECT_GT(a["average_plies"].get<double>(), 0);
  EXPECT_TRUE(a["ms_per_move"].contains("a") && a["ms_per_move"].contains("b"));
  auto different = run_ludus({"match", "n-mesh", "--a", "random", "--b", "random", "-n", "16", "--seed", "8", "--json", "-q"});
  EXPECT_NE(without_timing(nlohmann::json::parse(different.out)), without_timing(a));
}

// "threads" reports the games played at once as asked: --threads 0 is every core, not 0.
TEST(Match, JsonThreadsAreTheThreadsAskedFor) {
  LUDUS_REQUIRE_GAME("n-mesh");
  for (const auto& [asked, reported] : {std::pair<std::string, int>{"0", static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))},
                                        {"3", 3}}) {
    auto r = run_ludus({"match", "n-mesh", "-o", "size=3", "--a", "random", "--b", "random", "-n", "4", "--json", "-q",
                        "--threads", asked});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["threads"], reported) << asked;
  }
}

TEST(Match, RecordAppendsOneReplayableGamePerLineInGameOrder) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto dir = scratch_dir();
  const std::string file = (dir / "games.jsonl").string();
  for (int run = 0; run < 2; ++run) {
    auto r = run_ludus({"match", "ndengrod", "--option", "size=3", "--a", "random", "--b", "random", "-n", "5", "--threads",
                        "2", "--record", file, "-q"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_EQ(read_record_file(file).size(), 10u);  // the file reads back as JSON Lines
  auto lines = lines_of(read_text(file));
  ASSERT_EQ(lines.size(), 10u);  // appended, not overwritten
  for (size_t i = 0; i < lines.size(); ++i) {
    auto j = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(j["match_game"], i % 5 + 1);
    EXPECT_EQ(j["a_seat"], std::string(i % 5 % 2 == 0 ? "first" : "second"));
    EXPECT_EQ(j["players"], nlohmann::json({"random", "random"}));
    History h = record_from_json(j);
    EXPECT_TRUE(h.is_over());
    EXPECT_EQ(h.game().options().get("size"), "3");
  }
  std::filesystem::remove_all(dir);
}

TEST(Match, GamesStoppedAtThePlyLimitAreDraws) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = run_ludus({"match", "ndengrod", "--a", "random", "--b", "random", "-n", "4", "--max-plies", "6", "--json", "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["draws"], 4);
  EXPECT_EQ(j["adjudicated_draws"], 4);
  EXPECT_DOUBLE_EQ(j["average_plies"].get<double>(), 6.0);
  auto text = run_ludus({"match", "ndengrod", "--a", "random", "--b", "random", "-n", "2", "--max-plies", "6", "-q"});
  EXPECT_TRUE(contains(text.out, "2 games reached the limit of 6 plies and count as draws"));
}

TEST(Match, BadArgumentsAreUsageErrors) {
  LUDUS_REQUIRE_GAME("ndengrod");
  expect_usage_error(run_ludus({"match", "nope", "--a", "random", "--b", "random"}), "unknown game 'nope'");
  expect_usage_error(run_ludus({"match", "ndengrod", "--a", "human", "--b", "random"}), "bad AI spec 'human'");
  expect_usage_error(run_ludus({"match", "ndengrod", "--a", "random"}), "--b is required");
  expect_usage_error(run_ludus({"match", "ndengrod", "--a", "random", "--b", "random", "--games", "0"}), "--games");
  expect_usage_error(run_ludus({"match", "ndengrod", "-o", "size=99", "--a", "random", "--b", "random"}), "size");
}

}  // namespace
}  // namespace ludus::testing
