// SPDX-License-Identifier: Apache-2.0
// deciding_sites(): the winner's stones that see an empty point.
#include <gtest/gtest.h>

#include "epoxy_test_support.h"
#include "support/game_test_support.h"

namespace ludus::epoxy {
namespace {

using testing::epoxy_game;
using testing::position;
constexpr int kMaroon = 0;

TEST(EpoxyDeciding, TheStonesThatSeeTheEmptyPoints) {
  auto game = epoxy_game();
  // Maroon's stones see every empty point once a4 is placed (epoxy_rules_test.cpp).
  auto state = position(*game, "a2 d1 e5 f8 g7 h6", "", kMaroon);
  state->apply(state->parse_action("a4"));
  EXPECT_TRUE(state->deciding_sites().empty()) << "the turn is not over";
  state->apply(state->parse_action("pass"));
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(ludus::testing::deciding_site_names(*game, *state), (std::vector<std::string>{"a2", "a4", "d1", "e5", "f8", "g7", "h6"}));
}

}  // namespace
}  // namespace ludus::epoxy
