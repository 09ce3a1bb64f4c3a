// SPDX-License-Identifier: Apache-2.0
#pragma once
// Puzzles with known answers for the server's tests, made by the engine (ai/puzzles.h) on
// Ndengrod hex-hex 3 with lines of 3 (tests/ai/puzzles_test.cpp tells why each is one).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ai/puzzles.h"
#include "core/registry.h"

namespace ludus::server::testing {

// The puzzle after these plies, as a line of JSON ("" and a test failure if it is none).
inline std::string puzzle_line(const std::vector<std::string>& moves, int max_turns = 1) {
  auto game = make_game("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "off"}});
  auto state = game->new_initial_state();
  std::vector<Action> plies;
  for (const auto& m : moves) {
    plies.push_back(state->parse_action(m));
    state->apply(plies.back());
  }
  ai::PuzzleLimits limits;
  limits.nodes = 50'000;
  limits.memory_bytes = 4u << 20;
  limits.max_turns = max_turns;
  const ai::PuzzleVerdict v = ai::make_puzzle(game, plies, limits);
  EXPECT_TRUE(v.puzzle) << ai::rejection_name(v.rejection);
  return v.puzzle ? ai::puzzle_json(*v.puzzle) : "";
}

// X wins only by a3 (O threatens two lines at once).
inline std::string one_turn_puzzle() { return puzzle_line({"a1", "c1", "a2", "c2", "d5", "e3", "b4", "e4"}); }

}  // namespace ludus::server::testing
