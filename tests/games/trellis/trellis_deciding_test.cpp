// SPDX-License-Identifier: Apache-2.0
// deciding_sites(): a shortest chain of the winner from one side to the other.
#include <gtest/gtest.h>

#include "core/history.h"
#include "core/registry.h"
#include "support/game_test_support.h"

namespace ludus::trellis {
namespace {

TEST(TrellisDeciding, TheChainDownColumnA) {
  History h(make_game("trellis", {{"size", "7"}}));
  for (const char* turn : {"a1,a4", "g1,g4", "a2,a5", "g2,g5", "a3,a6", "g3,g6"}) h.play(turn);
  EXPECT_TRUE(h.state().deciding_sites().empty());
  h.play("a7");
  ASSERT_TRUE(h.is_over());
  EXPECT_EQ(h.result_text(), "black");
  EXPECT_EQ(testing::deciding_site_names(h), (std::vector<std::string>{"a1", "a2", "a3", "a4", "a5", "a6", "a7"}));
}

TEST(TrellisDeciding, TheShortestChainUsesHomeDiagonals) {
  // Black (dark squares) zig-zags b1 c2 b3 ... : the square with lower-left (i, j) is dark
  // iff i + j is odd, so b1-c2 (square b1: 1 + 0) is a link; the extra stone d1 is no part
  // of the shortest chain.
  History h(make_game("trellis", {{"size", "7"}}));
  for (const char* turn : {"b1,b4", "g1,g4", "c2,c5", "g2,g5", "b3,b6", "g3,g6", "d1", "f7", "c4"}) h.play(turn);
  ASSERT_FALSE(h.is_over());
  h.play("pass");
  h.play("c6,c3");
  ASSERT_FALSE(h.is_over());
  h.play("pass");
  h.play("b7");
  ASSERT_TRUE(h.is_over());
  const auto chain = testing::deciding_site_names(h);
  EXPECT_EQ(chain.size(), 7u);
  EXPECT_EQ(std::count(chain.begin(), chain.end(), "d1"), 0);
}

}  // namespace
}  // namespace ludus::trellis
