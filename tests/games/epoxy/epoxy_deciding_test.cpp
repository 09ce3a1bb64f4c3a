// deciding_sites(): the winner's stones that see an empty point.
#include <algorithm>

#include <gtest/gtest.h>

#include "core/geometry.h"

#include "epoxy_test_support.h"

namespace ludus::epoxy {
namespace {

using testing::epoxy_game;
using testing::position;
constexpr int kMaroon = 0;

std::vector<std::string> names(const EpoxyGame& game, const State& state) {
  std::vector<std::string> out;
  for (int s : state.deciding_sites()) out.push_back(game.geometry().name(s));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(EpoxyDeciding, TheStonesThatSeeTheEmptyPoints) {
  auto game = epoxy_game();
  // Maroon's stones see every empty point once a4 is placed (epoxy_rules_test.cpp).
  auto state = position(*game, "a2 d1 e5 f8 g7 h6", "", kMaroon);
  state->apply(state->parse_action("a4"));
  EXPECT_TRUE(state->deciding_sites().empty()) << "the turn is not over";
  state->apply(state->parse_action("pass"));
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(names(*game, *state), (std::vector<std::string>{"a2", "a4", "d1", "e5", "f8", "g7", "h6"}));
}

}  // namespace
}  // namespace ludus::epoxy
