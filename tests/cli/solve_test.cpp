// SPDX-License-Identifier: Apache-2.0
// `ludus solve`: the value of a position, the opening table with its SVG board, the JSON
// form, and one-line errors for what it cannot do.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/cli_test_support.h"

namespace ludus::testing {
namespace {

TEST(SolveCommand, ProvesTheStartOfNMeshThreeAsASecondPlayerWin) {
  auto r = run_ludus({"solve", "n-mesh", "-o", "size=3", "--json", "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["value"], "loss");  // with the pie rule the first player loses (docs/solved.md)
  EXPECT_GT(j["statistics"]["nodes"].get<int>(), 0);
}

TEST(SolveCommand, AfterMovesNamesAWinningMove) {
  // Netted limping 2: the first player wins with b1 (docs/solved.md).
  auto r = run_ludus({"solve", "netted", "-o", "size=2", "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(": win (winning move: "), std::string::npos) << r.out;
}

TEST(SolveCommand, OpeningsTableAndSvg) {
  auto dir = scratch_dir();
  const std::string svg = (dir / "openings.svg").string();
  auto r = run_ludus({"solve", "n-mesh", "-o", "size=3", "--openings", "--svg", svg, "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("first player without pie: win (best first moves: a2 b1 b2)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("first player with pie: loss"), std::string::npos) << r.out;
  const std::string drawing = read_text(svg);
  EXPECT_NE(drawing.find("<svg"), std::string::npos);
  EXPECT_NE(drawing.find(">b2*<"), std::string::npos);  // the second player swaps b2
  std::filesystem::remove_all(dir);
}

TEST(SolveCommand, ClearErrors) {
  auto board = run_ludus({"solve", "trellis", "-o", "size=4"});  // Trellis starts at 7x7
  EXPECT_EQ(board.exit_code, 2);
  EXPECT_NE(board.err.find("bad option: size=4"), std::string::npos) << board.err;
  auto move = run_ludus({"solve", "n-mesh", "zz9"});
  EXPECT_EQ(move.exit_code, 2);
  EXPECT_NE(move.err.find("illegal move 'zz9'"), std::string::npos) << move.err;
  auto memory = run_ludus({"solve", "n-mesh", "--memory", "lots"});
  EXPECT_EQ(memory.exit_code, 2);
  EXPECT_NE(memory.err.find("bad --memory 'lots'"), std::string::npos) << memory.err;
  auto svg = run_ludus({"solve", "n-mesh", "--svg", "x.svg"});
  EXPECT_EQ(svg.exit_code, 2);
}

TEST(SolveCommand, StopsAtTheTimeLimitAndSaysSo) {
  auto r = run_ludus({"solve", "n-mesh", "-o", "size=7", "--time", "200ms", "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("unknown"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("STOPPED"), std::string::npos) << r.out;
}

TEST(SolveCommand, TwoThreadsGiveTheSameOpeningTable) {
  auto one = run_ludus({"solve", "n-mesh", "-o", "size=3", "--openings", "--json", "-q"});
  auto two = run_ludus({"solve", "n-mesh", "-o", "size=3", "--openings", "--json", "-q", "--threads", "2"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
  EXPECT_EQ(b["statistics"]["threads"], 2);
  for (const char* key : {"first_without_pie", "best_without_pie", "first_with_pie", "best_with_pie"})
    EXPECT_EQ(a[key], b[key]) << key;
  ASSERT_EQ(a["openings"].size(), b["openings"].size());
  for (size_t i = 0; i < a["openings"].size(); ++i)
    for (const char* key : {"moves", "first_without_pie", "first_with_pie", "second_should_swap"})
      EXPECT_EQ(a["openings"][i][key], b["openings"][i][key]) << i << " " << key;
}

TEST(SolveCommand, TwoThreadsStopAtTheTimeLimit) {
  auto r = run_ludus({"solve", "n-mesh", "-o", "size=7", "--time", "200ms", "--threads", "2", "--memory", "32M"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(": unknown"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("threads 2  STOPPED"), std::string::npos) << r.out;
  auto o = run_ludus({"solve", "n-mesh", "-o", "size=6", "--openings", "--time", "300ms", "--threads", "2", "--memory", "32M", "-q"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("first player without pie: unknown"), std::string::npos) << o.out;
}

TEST(SolveCommand, BookWantsOneThread) {
  auto r = run_ludus({"solve", "n-mesh", "-o", "size=3", "--threads", "2", "--book", "x.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--book writes the proof on one thread"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ludus::testing
