// SPDX-License-Identifier: Apache-2.0
// deciding_sites(): the enmeshed stones when the game ends.
#include <gtest/gtest.h>

#include "core/history.h"
#include "core/registry.h"
#include "support/game_test_support.h"

namespace ludus::nmesh {
namespace {

TEST(NMeshDeciding, TheEnmeshedStone) {
  // White a1 in the corner, walled off by black b1 and a2 from every liberty.
  History h(make_game("n-mesh"));
  h.play("b1");
  h.play("a1");
  EXPECT_TRUE(h.state().deciding_sites().empty());
  h.play("a2");
  ASSERT_TRUE(h.is_over());
  EXPECT_EQ(h.result_text(), "black");
  EXPECT_EQ(testing::deciding_site_names(h), (std::vector<std::string>{"a1"}));
}

}  // namespace
}  // namespace ludus::nmesh
