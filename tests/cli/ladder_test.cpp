// SPDX-License-Identifier: Apache-2.0
// `ludus ladder`: a tiny ladder (two games a step) gives the anchor 0, adds each step's
// Elo to the level below, is the same on every run, and refuses bad levels in one line.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"

namespace ludus::testing {
namespace {

TEST(Ladder, AnchorsTheFirstLevelAndAddsTheSteps) {
  LUDUS_REQUIRE_GAME("n-mesh");
  const std::vector<std::string> args = {"ladder", "n-mesh", "-o", "size=3", "--levels", "random,random,easy",
                                         "--games", "4", "--json"};
  auto r = run_ludus(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["anchor"], "random");
  EXPECT_EQ(j["games_per_step"], 4);
  const auto& levels = j["levels"];
  ASSERT_EQ(levels.size(), 3u);
  EXPECT_EQ(levels[0]["rating"], 0.0);
  for (size_t i = 1; i < levels.size(); ++i) {
    SCOPED_TRACE(levels[i].dump());
    const auto& l = levels[i];
    EXPECT_EQ(l["wins_against_below"].get<int>() + l["draws_against_below"].get<int>() +
                  l["losses_against_below"].get<int>(),
              4);
    if (!l["low"].is_null() && !l["high"].is_null()) EXPECT_LE(l["low"].get<double>(), l["high"].get<double>());
  }
  EXPECT_EQ(run_ludus(args).out, r.out);  // seeded: the same ladder every run
}

TEST(Ladder, PrintsATableWithTheAnchor) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto r = run_ludus({"ladder", "n-mesh", "-o", "size=3", "--levels", "random,easy", "--games", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("random"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("anchor"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("easy"), std::string::npos) << r.out;
}

TEST(Ladder, BadLevelsAreOneLineErrors) {
  auto one = run_ludus({"ladder", "n-mesh", "--levels", "random"});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_EQ(one.err, "ludus: error: --levels needs at least two levels\n");
  auto bad = run_ludus({"ladder", "n-mesh", "--levels", "random,bogus", "--games", "1"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bad AI spec 'bogus'"), std::string::npos) << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1);
}

}  // namespace
}  // namespace ludus::testing
