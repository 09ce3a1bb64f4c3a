// SPDX-License-Identifier: Apache-2.0
// ActionSites, the table behind board AMAF: which sites each action id fills, learnt by
// playing it, and the branch-free "played by this colour" test the search runs on every
// child of every node of an iteration's path.
#include <gtest/gtest.h>

#include "ai/board_amaf.h"
#include "core/registry.h"

namespace ludus::ai {
namespace {

// A Trellis board has single stones, pairs and moves that fill nothing (pass, swap).
TEST(ActionSites, LearnsSinglesPairsAndMovesThatFillNothing) {
  auto game = make_game("trellis", {{"size", "7"}});
  ActionSites sites(*game);
  auto state = game->new_initial_state();
  const Action single = state->parse_action("c3");
  const Action pair = state->parse_action("b2,e2");
  const Action pass = state->parse_action("pass");
  for (Action a : {single, pair, pass}) {
    EXPECT_FALSE(sites.known(a));
    sites.learn(*state, a);
    EXPECT_TRUE(sites.known(a));
  }
  const int c3 = 2 * 7 + 2, b2 = 1 * 7 + 1, e2 = 4 * 7 + 1;
  EXPECT_EQ(sites.sites(single), std::make_pair(c3, -1));
  EXPECT_EQ(sites.sites(pair), std::make_pair(b2, e2));
  EXPECT_EQ(sites.sites(pass), std::make_pair(-1, -1));
}

// played() against a plain reading of the board, for every colour and every board cell
// combination that matters: both sites, one of them, none; unknown moves and moves that
// fill nothing are never played.
TEST(ActionSites, PlayedMatchesAPlainReadingOfTheBoard) {
  auto game = make_game("trellis", {{"size", "7"}});
  ActionSites sites(*game);
  auto state = game->new_initial_state();
  std::vector<Action> legal;
  state->legal_actions(legal);
  const Action unknown = legal[legal.size() / 3];
  for (Action a : legal)
    if (a != unknown) sites.learn(*state, a);
  ASSERT_EQ(sites.board_size(), 50);
  std::vector<int8_t> board(static_cast<size_t>(sites.board_size()), -1);
  uint64_t x = 12345;
  for (int trial = 0; trial < 50; ++trial) {
    for (int site = 0; site < 49; ++site) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      board[static_cast<size_t>(site)] = static_cast<int8_t>(static_cast<int>(x >> 62) % 3 - 1);  // -1, 0 or 1
    }
    for (Action a : legal) {
      for (int colour = 0; colour < 2; ++colour) {
        bool expected = false;
        if (a != unknown) {
          const auto [first, second] = sites.sites(a);
          expected = first >= 0 && board[static_cast<size_t>(first)] == colour &&
                     (second < 0 || board[static_cast<size_t>(second)] == colour);
        }
        EXPECT_EQ(sites.played(a, colour, board.data()), expected) << state->action_to_text(a) << " colour " << colour;
      }
    }
  }
}

}  // namespace
}  // namespace ludus::ai
