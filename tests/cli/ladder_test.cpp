// SPDX-License-Identifier: Apache-2.0
// `ludus ladder`: a tiny ladder (two games a step) gives the anchor 0, adds each step's
// Elo to the level below, is the same on every run, and refuses bad levels in one line;
// anchored at a named level it rates the levels below it down from there, and --write puts
// each game's ratings into the ratings file with the command that measured them.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

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

nlohmann::json read_json(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str());
}

TEST(Ladder, AnchorsAtANamedLevelAndWritesTheRatingsFile) {
  LUDUS_REQUIRE_GAME("n-mesh");
  LUDUS_REQUIRE_GAME("netted");
  const auto dir = std::filesystem::temp_directory_path() / ("ludus-ladder-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "ratings.json").string();
  auto r = run_ludus({"ladder", "n-mesh", "--levels", "random,beginner,easy", "--games", "6", "--anchor", "beginner=1000",
                      "--write", file, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["anchor"], "beginner");
  const auto& levels = j["levels"];
  ASSERT_EQ(levels.size(), 3u);
  EXPECT_EQ(levels[1]["rating"], 1000.0);
  EXPECT_EQ(levels[1]["low"], 1000.0);
  const auto& easy = levels[2];
  // random's rating is the anchor less beginner's step over it, whatever the score.
  const int beginner_points = 2 * levels[1]["wins_against_below"].get<int>() + levels[1]["draws_against_below"].get<int>();
  if (beginner_points > 0 && beginner_points < 12) {
    EXPECT_LT(levels[0]["low"].get<double>(), levels[0]["rating"].get<double>());
    EXPECT_GT(levels[0]["high"].get<double>(), levels[0]["rating"].get<double>());
  }
  EXPECT_EQ(levels[0]["rating"].get<double>() > 1000.0, beginner_points < 6) << r.out;

  const auto file_json = read_json(file);
  const auto& entry = file_json["games"]["n-mesh"];
  EXPECT_EQ(entry["command"], "ludus ladder n-mesh --levels random,beginner,easy --games 6 --threads 1 --seed 1 "
                              "--anchor beginner=1000 --write " + file);
  EXPECT_EQ(entry["date"].get<std::string>().size(), 10u);  // YYYY-MM-DD
  EXPECT_EQ(entry["games_per_step"], 6);
  EXPECT_EQ(entry["anchor"], "beginner");
  EXPECT_EQ(entry["anchor_rating"], 1000);
  ASSERT_EQ(entry["levels"].size(), 3u);
  EXPECT_EQ(entry["levels"][1], nlohmann::json({{"level", "beginner"}, {"rating", 1000}, {"low", 1000}, {"high", 1000}}));
  EXPECT_EQ(entry["levels"][2]["level"], "easy");
  EXPECT_EQ(entry["levels"][2]["rating"], easy["rating"].is_null() ? nlohmann::json() : nlohmann::json(std::lround(easy["rating"].get<double>())));
  EXPECT_EQ(entry["levels"][2]["high"], easy["high"].is_null() ? nlohmann::json() : nlohmann::json(std::lround(easy["high"].get<double>())));

  // A second game joins the file; the first stays as it was.
  auto second = run_ludus({"ladder", "netted", "--levels", "random,beginner", "--games", "2", "--anchor", "beginner=1000",
                           "--write", file});
  ASSERT_EQ(second.exit_code, 0) << second.err;
  const auto both = read_json(file);
  EXPECT_EQ(both["games"]["n-mesh"], entry);
  EXPECT_EQ(both["games"]["netted"]["levels"].size(), 2u);
  std::filesystem::remove_all(dir);
}

TEST(Ladder, BadAnchorsAndWritesAreOneLineErrors) {
  auto missing = run_ludus({"ladder", "n-mesh", "--levels", "random,easy", "--anchor", "beginner=1000"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "ludus: error: --anchor names 'beginner', which is not one of --levels\n");
  auto bad = run_ludus({"ladder", "n-mesh", "--levels", "random,easy", "--anchor", "easy=much"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "ludus: error: --anchor must be LEVEL=RATING, e.g. beginner=1000, not 'easy=much'\n");
  auto board = run_ludus({"ladder", "n-mesh", "-o", "size=3", "--levels", "random,easy", "--write", "/nonexistent/r.json"});
  EXPECT_EQ(board.exit_code, 2);
  EXPECT_EQ(board.err, "ludus: error: --write records the default board's ratings: leave out -o\n");
  const auto bad_file = std::filesystem::temp_directory_path() / ("ludus-ladder-bad-" + std::to_string(getpid()) + ".json");
  std::ofstream(bad_file) << "{\"games\": 3}";
  auto corrupt = run_ludus({"ladder", "n-mesh", "--levels", "random,easy", "--write", bad_file.string()});
  std::filesystem::remove(bad_file);
  EXPECT_EQ(corrupt.exit_code, 2);
  EXPECT_EQ(corrupt.err.rfind("ludus: error: bad AI ratings: ", 0), 0u) << corrupt.err;
  EXPECT_EQ(std::count(corrupt.err.begin(), corrupt.err.end(), '\n'), 1) << corrupt.err;
  auto nowhere = run_ludus({"ladder", "n-mesh", "--levels", "random,random", "--games", "1", "--write", "/nonexistent/r.json"});
  EXPECT_EQ(nowhere.exit_code, 2);
  EXPECT_EQ(nowhere.err, "ludus: error: cannot write '/nonexistent/r.json'\n");
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
