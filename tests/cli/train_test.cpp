// SPDX-License-Identifier: Apache-2.0
// `ludus train`: learns move priors from self-play and from a record file, writes a weights
// file that an AI spec reads back, and fails with one clear line on bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli_test_support.h"

namespace ludus::testing {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(TrainCommand, SelfPlayWritesWeightsAnAiReads) {
  const auto dir = scratch_dir();
  const std::string out = (dir / "n-mesh.txt").string();
  auto r = run_ludus({"train", "n-mesh", "-o", "size=5", "--games", "30", "--ai", "mcts:iters=100", "--threads", "1",
                      "--out", out, "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("30 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("fitted: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("held out: "), std::string::npos) << r.out;  // every tenth game
  const std::string weights = read_file(out);
  EXPECT_NE(weights.find("# Made by: ludus train n-mesh -o size=5 --games 30 --ai mcts:iters=100"), std::string::npos)
      << weights;
  EXPECT_NE(weights.find("\ngame n-mesh\n"), std::string::npos);
  EXPECT_NE(weights.find("\npattern "), std::string::npos);
  // An AI plays with them; the info line says so.
  auto play = run_ludus({"match", "n-mesh", "-o", "size=5", "--a", "mcts:iters=200,priors=" + out, "--b", "random",
                         "--games", "2", "--threads", "1"});
  EXPECT_EQ(play.exit_code, 0) << play.err;
  // Trained again from the games `match` recorded: the same file format.
  const std::string records = (dir / "games.jsonl").string();
  ASSERT_EQ(run_ludus({"match", "n-mesh", "-o", "size=5", "--a", "easy", "--b", "easy", "--games", "4", "--record",
                       records, "-q"})
                .exit_code,
            0);
  auto from_records = run_ludus({"train", "n-mesh", "-o", "size=5", "--games", "0", "--records", records, "-q"});
  EXPECT_EQ(from_records.exit_code, 0) << from_records.err;
  EXPECT_NE(from_records.out.find("4 games"), std::string::npos) << from_records.out;
  std::filesystem::remove_all(dir);
}

TEST(TrainCommand, ClearErrors) {
  auto game = run_ludus({"train", "chess"});
  EXPECT_EQ(game.exit_code, 2);
  EXPECT_NE(game.err.find("unknown game 'chess'"), std::string::npos) << game.err;
  auto option = run_ludus({"train", "n-mesh", "-o", "size=x"});
  EXPECT_EQ(option.exit_code, 2);
  auto ai = run_ludus({"train", "n-mesh", "--ai", "human", "--games", "2"});
  EXPECT_EQ(ai.exit_code, 2);
  auto nothing = run_ludus({"train", "n-mesh", "--games", "0"});
  EXPECT_EQ(nothing.exit_code, 2);
  EXPECT_NE(nothing.err.find("no positions to learn from"), std::string::npos) << nothing.err;
  auto missing = run_ludus({"train", "n-mesh", "--games", "0", "--records", "/nonexistent/games.jsonl"});
  EXPECT_EQ(missing.exit_code, 2);
  for (const auto* r : {&game, &option, &ai, &nothing, &missing})
    EXPECT_EQ(std::count(r->err.begin(), r->err.end(), '\n'), 1) << r->err;  // one line
  auto bad_file = run_ludus({"match", "n-mesh", "--a", "mcts:iters=10,priors=/nonexistent/w.txt", "--b", "random",
                             "--games", "1"});
  EXPECT_NE(bad_file.exit_code, 0);
  EXPECT_NE(bad_file.err.find("cannot read the priors file /nonexistent/w.txt"), std::string::npos) << bad_file.err;
}

}  // namespace
}  // namespace ludus::testing
