// SPDX-License-Identifier: Apache-2.0
// `ludus grade`: positions proven by the solver, graded for every AI given, written and read
// back as a position file, and one-line errors for bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/cli_test_support.h"

namespace ludus::testing {
namespace {

TEST(GradeCommand, SavedPositionsAreGradedAgainFromTheFile) {
  auto dir = scratch_dir();
  const std::string file = (dir / "positions.txt").string();
  const std::vector<std::string> board{"ndengrod", "-o", "size=2", "-o", "length=3", "-o", "swap=off"};
  std::vector<std::string> sample{"grade"};
  sample.insert(sample.end(), board.begin(), board.end());
  for (const char* arg : {"--ai", "random", "--ai", "mcts:iters=200", "--sampler", "easy", "--positions", "6",
                          "--seed", "4", "--json", "-q", "--save"})
    sample.push_back(arg);
  sample.push_back(file);
  auto first = run_ludus(sample);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const auto j = nlohmann::json::parse(first.out);
  EXPECT_EQ(j["positions"], 6);
  EXPECT_EQ(j["won"].get<int>() + j["lost"].get<int>(), 6);
  ASSERT_EQ(j["grades"].size(), 2u);
  EXPECT_EQ(j["grades"][1]["ai"], "mcts:iters=200");
  for (const auto& g : j["grades"]) {
    EXPECT_EQ(g["kept"].get<int>() + g["thrown"].get<int>() + g["unknown"].get<int>(), j["won"].get<int>());
    EXPECT_EQ(g["lost_positions"], j["lost"]);
    EXPECT_EQ(g["escaped"], 0);  // the solver's wins hold
  }
  EXPECT_NE(read_text(file).find("game ndengrod\noptions length=3 shape=hexhex size=2 swap=off\n"), std::string::npos);

  std::vector<std::string> again{"grade"};
  again.insert(again.end(), board.begin(), board.end());
  for (const char* arg : {"--ai", "easy", "-q", "--load"}) again.push_back(arg);
  again.push_back(file);
  auto second = run_ludus(again);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_NE(second.out.find("6 proven positions"), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("\neasy "), std::string::npos) << second.out;
  std::filesystem::remove_all(dir);
}

TEST(GradeCommand, ClearErrors) {
  auto both = run_ludus({"grade", "ndengrod", "--ai", "easy", "--save", "a", "--load", "b"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("--save and --load exclude each other"), std::string::npos) << both.err;
  auto spec = run_ludus({"grade", "ndengrod", "--ai", "strong"});
  EXPECT_EQ(spec.exit_code, 2);
  EXPECT_NE(spec.err.find("bad AI spec 'strong'"), std::string::npos) << spec.err;
  auto missing = run_ludus({"grade", "ndengrod", "--ai", "easy", "--load", "/nonexistent/positions.txt"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot read positions file"), std::string::npos) << missing.err;
  auto dir = scratch_dir();
  const std::string other = (dir / "other.txt").string();
  {
    std::ofstream out(other);
    out << "game n-mesh\noptions size=4\nW a2\n";
  }
  auto wrong = run_ludus({"grade", "ndengrod", "--ai", "easy", "--load", other});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("bad positions file: line 1: not a positions file of ndengrod"), std::string::npos)
      << wrong.err;
  auto time = run_ludus({"grade", "ndengrod", "--ai", "easy", "--solve-time", "soon"});
  EXPECT_EQ(time.exit_code, 2);
  EXPECT_NE(time.err.find("bad duration 'soon'"), std::string::npos) << time.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus::testing
