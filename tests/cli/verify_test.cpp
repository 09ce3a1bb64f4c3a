// SPDX-License-Identifier: Apache-2.0
// `ludus verify` on ludus's own records (JSON Lines from `match --record`, one JSON
// record) besides conformance files; bad lines are one-line failures.
#include <nlohmann/json.hpp>

#include "cli/cli_test_support.h"

namespace ludus::testing {
namespace {

TEST(Verify, RecordsFromMatchPass) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto dir = scratch_dir();
  const std::string file = (dir / "match.jsonl").string();
  auto match = run_ludus({"match", "n-mesh", "-o", "size=4", "--a", "random", "--b", "random", "-n", "4", "--record",
                          file, "-q"});
  ASSERT_EQ(match.exit_code, 0) << match.err;
  auto r = run_ludus({"verify", file});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "4 passed, 0 failed\n");

  const std::string one = (dir / "one.json").string();
  std::ofstream(one) << nlohmann::json::parse(lines_of(read_text(file)).at(0)).dump(2);
  auto both = run_ludus({"verify", file, one});
  EXPECT_EQ(both.exit_code, 0) << both.out;
  EXPECT_TRUE(contains(both.out, one + ": 1 passed, 0 failed\n5 passed, 0 failed\n")) << both.out;
  std::filesystem::remove_all(dir);
}

TEST(Verify, BadLinesAndWrongRecordsAreOneLineFailures) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto dir = scratch_dir();
  const std::string file = (dir / "games.jsonl").string();
  std::ofstream(file) << R"({"game": "ndengrod", "plies": {"move": "e5"}, "result": "x"})" << "\n"
                      << R"({"game": "ndengrod", "moves": ["e5", "d4"], "result": "x", "ending": "resign"})" << "\n"
                      << R"({"game": "ndengrod", "moves": ["e5", "d4"], "result": "o", "ending": "resign"})" << "\n"
                      << R"({"game": "ndengrod", "plies": [{"legal": ["e5"], "move": ["e5"]}], "result": "x"})"
                      << "\n";
  auto r = run_ludus({"verify", file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, file + ":1: ndengrod: \"plies\" is not an array\n" + file +
                       ":4: ndengrod: ply 1: \"move\" is not a string\n2 passed, 2 failed\n");
  EXPECT_EQ(r.err, "");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus::testing
