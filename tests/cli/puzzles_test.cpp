// SPDX-License-Identifier: Apache-2.0
// `ludus puzzles make|verify`: a puzzle found in a record's last positions, written as JSON
// Lines and found again by verify; a changed puzzle fails verify (exit 1, the line named);
// bad input is a one-line error (exit 2).
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "cli/cli_test_support.h"

namespace ludus::testing {
namespace {

TEST(PuzzlesCommand, MadeFromARecordAndVerifiedFromTheRulesAlone) {
  auto dir = scratch_dir();
  const std::string record = (dir / "game.json").string(), puzzles = (dir / "puzzles.jsonl").string();
  // Ndengrod hex-hex 3, lines of 3: X wins only by a3 (O threatens c3 and e5), and does; the
  // turn before, O had more than one winning turn: no puzzle.
  std::ofstream(record) << R"({"game": "ndengrod", "options": {"size": "3", "length": "3", "swap": "off"},
    "moves": ["a1", "c1", "a2", "c2", "d5", "e3", "b4", "e4", "a3"]})";
  auto made = run_ludus({"puzzles", "make", "--from", record, "--turns", "1", "--out", puzzles, "-q"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_NE(made.err.find("1 games, 2 positions tried, 1 puzzles kept (1 several winning turns)"), std::string::npos) << made.err;
  const std::vector<std::string> lines = lines_of(read_text(puzzles));
  ASSERT_EQ(lines.size(), 1u);
  const auto p = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(p["line"], nlohmann::json({"a3"}));
  EXPECT_EQ(p["themes"], nlohmann::json({"line of 3"}));

  auto verified = run_ludus({"puzzles", "verify", puzzles});
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
  EXPECT_EQ(verified.out, "1 passed, 0 failed\n");

  // Changed puzzles: another digest (found again, the judgements differ), and an answer that
  // does not win.
  nlohmann::json digest = p, answer = p;
  digest["digest"] = "0000000000000000";
  answer["line"] = {"b1"};
  std::ofstream(puzzles) << lines[0] << "\n" << digest.dump() << "\n" << answer.dump() << "\n";
  auto refused = run_ludus({"puzzles", "verify", puzzles});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.out.find(puzzles + ":2: another digest"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find(puzzles + ":3: bad puzzle: the line does not end with the winner's win"), std::string::npos)
      << refused.out;
  EXPECT_NE(refused.out.find("1 passed, 2 failed"), std::string::npos) << refused.out;

  auto missing = run_ludus({"puzzles", "verify", (dir / "none.jsonl").string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot read puzzles file"), std::string::npos) << missing.err;
  auto no_source = run_ludus({"puzzles", "make", "--out", puzzles});
  EXPECT_EQ(no_source.exit_code, 2);
  EXPECT_NE(no_source.err.find("give one of --from RECORDS, --db DATABASE or --selfplay N GAME"), std::string::npos) << no_source.err;
}

}  // namespace
}  // namespace ludus::testing
