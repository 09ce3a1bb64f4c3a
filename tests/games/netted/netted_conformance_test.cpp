// SPDX-License-Identifier: Apache-2.0
// The recorded reference games: legal sets before every ply, moves and results.
#include <gtest/gtest.h>

#include "support/game_test_support.h"

namespace ludus::netted {
namespace {

ConformanceSummary verify(const std::string& file, std::string* failures) {
  std::ostringstream out;
  auto summary = verify_conformance_file((testing::conformance_dir() / file).string(), out);
  *failures = out.str();
  return summary;
}

TEST(NettedConformance, EveryNettedFile) { testing::expect_conformance("netted-"); }

TEST(NettedConformance, Limping5GamesAllPass) {
  std::string failures;
  auto summary = verify("netted-5.jsonl", &failures);
  EXPECT_EQ(summary.failed, 0) << failures;
  EXPECT_EQ(summary.passed, 20);
}

// Recorded on size 3 (Ludii's default) in both shapes.  Gaps touched by a third friendly
// stone occur in many of these games (Ludii would drop them; RULES.md keeps them), yet
// every legal set and result agrees with RULES.md, so no game is exempted.
TEST(NettedConformance, LudiiGamesAllPass) {
  std::string failures;
  auto summary = verify("netted-ludii.jsonl", &failures);
  EXPECT_EQ(summary.failed, 0) << failures;
  EXPECT_EQ(summary.passed, 38);
}

}  // namespace
}  // namespace ludus::netted
