// SPDX-License-Identifier: Apache-2.0
// `ludus think`: the move an AI chooses in a position, the native side of the comparison
// with the page's WebAssembly engine (tests/wasm): deterministic for a seed and an
// iteration budget, the whole turn in Epoxy, and clear errors.
#include <nlohmann/json.hpp>

#include "cli/cli_test_support.h"

namespace ludus::testing {
namespace {

TEST(Think, TheSameSeedAndBudgetChooseTheSameMove) {
  if (!has_game("trellis")) GTEST_SKIP() << "trellis is not built into this binary";
  const std::vector<std::string> args = {"think", "trellis", "d4,e6", "--ai", "mcts:iters=300,seed=4", "--json"};
  auto first = run_ludus(args);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  auto choice = nlohmann::json::parse(first.out);
  EXPECT_EQ(choice["iterations"], 300);
  EXPECT_GE(choice["win_probability"].get<double>(), 0.0);
  EXPECT_FALSE(choice["pv"].empty());
  auto again = nlohmann::json::parse(run_ludus(args).out);
  again.erase("seconds");  // the one field a clock writes
  choice.erase("seconds");
  EXPECT_EQ(again, choice);
  // Without --json: the turn as people write it, one of the legal moves.
  auto text = run_ludus({"think", "trellis", "d4,e6", "--ai", "mcts:iters=300,seed=4"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out, choice["turn"][0].get<std::string>() + "\n");
  EXPECT_TRUE(contains(run_ludus({"moves", "trellis", "d4,e6"}).out, choice["move"].get<std::string>()));
}

TEST(Think, EpoxyTurnsHaveBothActions) {
  if (!has_game("epoxy")) GTEST_SKIP() << "epoxy is not built into this binary";
  auto r = run_ludus({"think", "epoxy", "--ai", "easy:seed=3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto choice = nlohmann::json::parse(r.out);
  EXPECT_EQ(choice["turn"][0], choice["move"]);
  EXPECT_GE(choice["turn"].size(), 1u);
}

TEST(Think, BadInputIsOneClearLine) {
  expect_usage_error(run_ludus({"think", "trellis", "--ai", "mcts:iters=-1"}), "iters must be a positive integer");
  expect_usage_error(run_ludus({"think", "trellis", "zz99"}), "zz99");
  expect_usage_error(run_ludus({"think", "chess"}), "chess");
}

}  // namespace
}  // namespace ludus::testing
