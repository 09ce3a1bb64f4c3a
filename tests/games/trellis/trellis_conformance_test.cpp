// SPDX-License-Identifier: Apache-2.0
// The recorded reference games of tests/conformance/trellis-*.jsonl replay exactly.
#include <fstream>

#include "support/game_test_support.h"

namespace ludus {
namespace {

TEST(TrellisConformance, AllRecordedGamesReplay) { testing::expect_conformance("trellis-"); }

TEST(TrellisConformance, EveryLineOfEveryFileIsAGameThatPasses) {
  for (const auto& file : testing::conformance_files("trellis-")) {
    std::ifstream in(file);
    int games = 0;
    for (std::string line; std::getline(in, line);)
      if (line.find_first_not_of(" \t\r") != std::string::npos) ++games;
    std::ostringstream failures;
    auto summary = verify_conformance_file(file, failures);
    EXPECT_EQ(summary.passed, games) << file << "\n" << failures.str();
    EXPECT_EQ(summary.failed, 0) << file;
    std::cout << file << ": " << summary.passed << " passed, " << summary.failed << " failed\n";
  }
}

}  // namespace
}  // namespace ludus
