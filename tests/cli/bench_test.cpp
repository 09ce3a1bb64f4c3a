// SPDX-License-Identifier: Apache-2.0
// `ludus bench`: the board list, one board chosen by options, and the signature, which
// must be the same on every run (it changes only when the rules change).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"

namespace ludus::testing {
namespace {

TEST(Bench, OneBoardByOptionsWithADeterministicSignature) {
  LUDUS_REQUIRE_GAME("n-mesh");
  const std::vector<std::string> args = {"bench", "n-mesh", "-o", "size=3", "--seconds", "0.05",
                                         "--no-mcts", "--signature-games", "20", "--json"};
  auto first = run_ludus(args);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  auto j = nlohmann::json::parse(first.out);
  ASSERT_EQ(j["boards"].size(), 1u);
  const auto& board = j["boards"][0];
  EXPECT_EQ(board["game"], "n-mesh");
  EXPECT_EQ(board["options"]["size"], "3");
  EXPECT_EQ(board["cells"], 9);
  EXPECT_GT(board["playouts_per_second"].get<double>(), 0);
  EXPECT_GT(board["average_plies"].get<double>(), 0);
  auto second = nlohmann::json::parse(run_ludus(args).out);
  EXPECT_EQ(second["boards"][0]["signature"], board["signature"]);
  EXPECT_EQ(second["signature"], j["signature"]);
}

TEST(Bench, ListsTheSmallestDefaultAndLargestBoards) {
  LUDUS_REQUIRE_GAME("trellis");
  auto r = run_ludus({"bench", "trellis", "--seconds", "0.05", "--no-mcts", "--signature-games", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("trellis size=7 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\ntrellis "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("trellis size=25 "), std::string::npos) << r.out;
}

// The search speed must measure a search: the table of balanced first moves used to answer
// the start of default Ndengrod (a swap-rule game) at once, so the bench printed 0 there.
// Every bench board's search iterates, except where looking at the root proves the start.
TEST(Bench, EveryBoardsSearchIteratesFromTheStart) {
  auto r = run_ludus({"bench", "--seconds", "0.05", "--threads", "1", "--signature-games", "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_FALSE(j["boards"].empty());
  for (const auto& board : j["boards"]) {
    SCOPED_TRACE(board.dump());
    if (board["mcts_start_proven"].get<bool>()) {
      EXPECT_LE(board["cells"].get<int>(), 9);  // only a tiny board is settled at the root
      continue;
    }
    EXPECT_GT(board["mcts_iterations_per_second"].get<double>(), 0);
    EXPECT_GT(board["mcts_iterations_per_second_all_threads"].get<double>(), 0);
  }
}

TEST(Bench, SaysProvenWhereTheRootIsSettledWithoutASearch) {
  LUDUS_REQUIRE_GAME("netted");
  auto r = run_ludus({"bench", "netted", "-o", "size=2", "--seconds", "0.05", "--threads", "1", "--signature-games", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("proven     proven"), std::string::npos) << r.out;
}

TEST(Bench, OptionsNeedExactlyOneGame) {
  auto r = run_ludus({"bench", "n-mesh", "netted", "-o", "size=5"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "ludus: error: --option needs exactly one game\n");
}

}  // namespace
}  // namespace ludus::testing
