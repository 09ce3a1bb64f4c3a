#include <gtest/gtest.h>

#include "support/game_test_support.h"

namespace ludus {
namespace {

TEST(NettedConformance, Netted5) {
  std::ostringstream failures;
  auto summary = verify_conformance_file(testing::shared_dir() + "/conformance/netted-5.jsonl", failures);
  EXPECT_EQ(summary.failed, 0) << failures.str();
  EXPECT_EQ(summary.passed, 20);
}

TEST(NettedConformance, Ludii) {
  std::ostringstream failures;
  auto summary = verify_conformance_file(testing::shared_dir() + "/conformance/netted-ludii.jsonl", failures);
  EXPECT_EQ(summary.failed, 0) << failures.str();
}

}  // namespace
}  // namespace ludus
