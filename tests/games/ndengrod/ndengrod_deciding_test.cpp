// SPDX-License-Identifier: Apache-2.0
// deciding_sites(): the winning line, and nothing after a draw or during the game.
#include <gtest/gtest.h>

#include "core/history.h"
#include "core/registry.h"
#include "support/game_test_support.h"

namespace ludus::ndengrod {
namespace {

TEST(NdengrodDeciding, TheWinningLine) {
  History h(make_game("ndengrod", {{"size", "3"}, {"length", "3"}}));
  for (const char* move : {"a1", "c1", "a2", "c2"}) h.play(move);
  EXPECT_TRUE(h.state().deciding_sites().empty()) << "nothing decided yet";
  h.play("a3");
  ASSERT_TRUE(h.is_over());
  EXPECT_EQ(testing::deciding_site_names(h), (std::vector<std::string>{"a1", "a2", "a3"}));
}

TEST(NdengrodDeciding, OnlyTheRunsLongEnough) {
  // x: b2 b3 b4 (the line along row b) and a1 (a separate stone) at the end.
  History h(make_game("ndengrod", {{"size", "3"}, {"length", "3"}}));
  for (const char* move : {"b2", "e3", "a1", "e5", "b3", "d2"}) h.play(move);
  ASSERT_FALSE(h.is_over());
  h.play("b4");
  ASSERT_TRUE(h.is_over());
  EXPECT_EQ(testing::deciding_site_names(h), (std::vector<std::string>{"b2", "b3", "b4"}));
}

}  // namespace
}  // namespace ludus::ndengrod
