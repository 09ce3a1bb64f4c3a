// SPDX-License-Identifier: Apache-2.0
// deciding_sites(): the netted group, and nothing when the loser had no placement.
#include "netted_test_support.h"
#include "support/game_test_support.h"

#include <gtest/gtest.h>

namespace ludus::netted::test {
namespace {

TEST(NettedDeciding, TheNettedGroup) {
  // Black b2 b1 a3 close the corner: white a1 a2 hold two stones for two edge cells.
  History h = played(netted(), "b2 a1 b1 a2");
  EXPECT_TRUE(h.state().deciding_sites().empty());
  h.play("a3");
  ASSERT_TRUE(h.is_over());
  EXPECT_EQ(testing::deciding_site_names(h), (std::vector<std::string>{"a1", "a2"}));
}

TEST(NettedDeciding, NothingWhenTheLoserHadNoPlacement) {
  History h = played(netted({{"size", "2"}}), "c2 b2 c3 b1");
  ASSERT_TRUE(h.is_over());
  EXPECT_TRUE(h.state().deciding_sites().empty());
}

}  // namespace
}  // namespace ludus::netted::test
