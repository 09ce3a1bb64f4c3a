// SPDX-License-Identifier: Apache-2.0
// The spill table (ai/solver/spill_table.h): the entries the transposition table evicts,
// kept in a mapped file.  The file keeps what is put in it across closing and
// opening, refuses files that are not its own, and a solver with a table far too small
// finds the same values with it as without, fewer nodes, and nothing left to search when
// it starts again on the file of a finished run.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ai/solver/solver.h"
#include "ai/solver/spill_table.h"
#include "core/error.h"
#include "core/registry.h"
#include "support/error_text.h"
#include "support/files.h"

namespace ludus::ai::solver {
namespace {

class SpillDir : public ::testing::Test {
 protected:
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_ = testing::scratch_dir();
};

using ludus::testing::error_of;

constexpr ProofNumbers kProven{0, kInfinity};
constexpr ProofNumbers kDisproven{kInfinity, 0};

TEST_F(SpillDir, KeepsResultsAcrossClosingAndOpening) {
  {
    SpillTable spill(file("t"), 1 << 20, "test board");
    EXPECT_EQ(spill.inherited(), 0u);
    spill.put(0x1234, kProven, 10);
    spill.put(0x5678, ProofNumbers{3, 4}, 3);
    spill.put(0x5678, ProofNumbers{5, 6}, 7);  // the same key again: one entry, the new numbers
    spill.put(0x5678, kDisproven, 2);          // and the larger work
    EXPECT_EQ(spill.used(), 2u);
    uint32_t work = 0;
    EXPECT_EQ(spill.find(0x1234, &work), std::optional<ProofNumbers>(kProven));
    EXPECT_EQ(work, 10u);
    EXPECT_EQ(spill.find(0x9999), std::nullopt);
  }
  SpillTable again(file("t"), 64 << 20, "test board");  // an existing file keeps its size
  EXPECT_EQ(again.inherited(), 2u);
  EXPECT_EQ(again.capacity(), (size_t{1} << 20) / 24 / 8 * 8);
  uint32_t work = 0;
  EXPECT_EQ(again.find(0x5678, &work), std::optional<ProofNumbers>(kDisproven));
  EXPECT_EQ(work, 7u);
  EXPECT_EQ(again.find(0x1234), std::optional<ProofNumbers>(kProven));
  EXPECT_EQ(again.hits(), 2u);
}

TEST_F(SpillDir, AFullBucketDropsTheCheapestResult) {
  SpillTable spill(file("t"), 1, "test board");  // one bucket of eight
  ASSERT_EQ(spill.capacity(), 8u);
  auto numbers = [](uint64_t k) { return ProofNumbers{static_cast<uint32_t>(k), static_cast<uint32_t>(2 * k)}; };
  for (uint64_t k = 1; k <= 9; ++k) spill.put(k << 32, numbers(k), 100 + (k == 5 ? -99 : static_cast<int>(k)));
  EXPECT_EQ(spill.used(), 8u);
  EXPECT_EQ(spill.find(uint64_t{5} << 32), std::nullopt);  // work 1: dropped for the ninth
  for (uint64_t k : {1, 2, 3, 4, 6, 7, 8, 9}) EXPECT_EQ(spill.find(k << 32), std::optional<ProofNumbers>(numbers(k))) << k;
}

TEST_F(SpillDir, RefusesFilesThatAreNotItsOwnInOneLine) {
  { SpillTable made(file("t"), 1 << 16, "board A"); }
  EXPECT_EQ(error_of([&] { SpillTable t(file("t"), 1 << 16, "board B"); }),
            "spill table '" + file("t") + "': made for another game or build (board A), not board B");
  std::ofstream(file("text")) << "not a table\n";
  EXPECT_EQ(error_of([&] { SpillTable t(file("text"), 1 << 16, "board A"); }),
            "spill table '" + file("text") + "': not a spill table (too short)");
  std::filesystem::copy_file(file("t"), file("cut"));
  std::filesystem::resize_file(file("cut"), std::filesystem::file_size(file("t")) - 16);
  EXPECT_EQ(error_of([&] { SpillTable t(file("cut"), 1 << 16, "board A"); }),
            "spill table '" + file("cut") + "': damaged (its size does not match its header)");
  std::filesystem::create_directory(file("dir"));
  EXPECT_NE(error_of([&] { SpillTable t(file("dir"), 1 << 16, "board A"); }), "no error");
  std::filesystem::create_symlink(file("t"), file("link"));
  EXPECT_EQ(error_of([&] { SpillTable t(file("link"), 1 << 16, "board A"); }),
            "spill table '" + file("link") + "': a symbolic link (give the file itself)");
  EXPECT_EQ(error_of([&] { SpillTable t(file("missing/t"), 1 << 16, "board A"); }),
            "spill table '" + file("missing/t") + "': No such file or directory");
}

SearchLimits tiny_table(SpillTable* spill) {
  SearchLimits limits;
  limits.memory_bytes = 16 << 10;  // 256 entries: most results are evicted
  limits.spill = spill;
  return limits;
}

// Every first move's value, with the spill table and without, on one and two threads.
void expect_same_openings_with_a_spill(const Game& game, const std::string& path, int threads) {
  auto root = game.new_initial_state();
  Solver plain(game, tiny_table(nullptr), 1);
  const auto expected = plain.solve_openings(*root);
  SpillTable spill(path, 64 << 20, "test");
  Solver spilled(game, tiny_table(&spill), threads);
  const auto got = spilled.solve_openings(*root);
  ASSERT_EQ(expected.size(), got.size());
  for (size_t i = 0; i < got.size(); ++i) {
    SCOPED_TRACE(root->action_to_text(got[i].moves[0]));
    EXPECT_EQ(got[i].first_without_pie(), expected[i].first_without_pie());
    EXPECT_EQ(got[i].first_with_pie(), expected[i].first_with_pie());
  }
  const SolverStats stats = spilled.stats();
  EXPECT_TRUE(stats.spill);
  EXPECT_GT(stats.spill_used, 0u);
  EXPECT_GT(stats.spill_hits, 0u);
  EXPECT_LT(stats.nodes, plain.stats().nodes);  // evicted results are found, not searched again
}

TEST_F(SpillDir, NMeshFourOpeningsAsWithoutIt) {
  expect_same_openings_with_a_spill(*make_game("n-mesh", {{"size", "4"}}), file("t"), 1);
}

TEST_F(SpillDir, NettedLimpingThreeOpeningsOnTwoThreadsSharingIt) {
  expect_same_openings_with_a_spill(*make_game("netted", {{"shape", "limping"}, {"size", "3"}}), file("t"), 2);
}

TEST_F(SpillDir, NdengrodTwoOpeningsAsWithoutIt) {  // a game that may be drawn
  expect_same_openings_with_a_spill(*make_game("ndengrod", {{"size", "2"}, {"length", "3"}}), file("t"), 1);
}

TEST_F(SpillDir, ASecondRunOnTheFileOfAFinishedOneSearchesNothing) {
  auto game = make_game("n-mesh", {{"size", "4"}});
  auto root = game->new_initial_state();
  Value first = Value::kUnknown;
  {
    SpillTable spill(file("t"), 64 << 20, "test");
    Solver solver(*game, tiny_table(&spill), 1);
    first = solver.solve(*root).value;
    EXPECT_GT(solver.stats().nodes, 1000u);
  }  // the solver hands the results still in its table to the file, then the file closes
  SpillTable spill(file("t"), 64 << 20, "test");
  EXPECT_GT(spill.inherited(), 0u);
  Solver again(*game, tiny_table(&spill), 1);
  EXPECT_EQ(again.solve(*root).value, first);
  EXPECT_EQ(first, Value::kLoss);  // docs/solved.md: with the pie rule the first player loses
  EXPECT_LT(again.stats().nodes, 100u);
}

}  // namespace
}  // namespace ludus::ai::solver
