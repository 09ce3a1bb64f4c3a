// SPDX-License-Identifier: Apache-2.0
// The repetition rule (RULES.md §5): a placement or slide may not recreate a situation of
// the game (stones, player to act, first or second action of the turn); a second-action
// pass is always allowed; a player whose only first actions repeat has none, and loses.
// Random games almost never repeat a situation, so the tests walk the forced cycle of
// testing::forced_cycle(), where every line of play runs into the rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "epoxy_test_support.h"
#include "games/epoxy/epoxy_reference.h"

namespace ludus::epoxy {
namespace {

using testing::error_of;
using testing::legal_texts;

constexpr int kMaroon = 0, kGrey = 1;

std::shared_ptr<const EpoxyGame> xxl() { return testing::epoxy_game("xxl"); }

void play(EpoxyState& state, const std::string& actions) {
  std::istringstream in(actions);
  for (std::string text; in >> text;) {
    ASSERT_FALSE(state.is_terminal()) << text;
    state.apply(state.parse_action(text));
  }
}

TEST(EpoxyRepetition, SlideThatWouldRecreateASituationIsRefusedButPassIsNot) {
  auto game = xxl();
  auto state = testing::forced_cycle(*game, kMaroon, /*second_action=*/true);
  EXPECT_EQ(legal_texts(*state), (std::vector<std::string>{"h7-h6", "pass"}));
  // Maroon passes; Grey and Maroon go round their cycles until Maroon's h6-g6, as its
  // second action, would bring back the stones of the start with Grey to play its first
  // action: the situation right after Maroon's opening pass.
  play(*state, "pass k6-k7 l7-k6 h7-h6 pass k7-l7 pass g6-h7");
  ASSERT_FALSE(state->is_terminal());
  EXPECT_EQ(state->to_move(), kMaroon);
  EXPECT_TRUE(state->second_action());
  const Action h6_g6 = game->slide_action(game->geometry().parse("h6", nullptr), game->geometry().parse("g6", nullptr));
  EXPECT_FALSE(state->is_legal(h6_g6));
  EXPECT_EQ(error_of(*state, "h6-g6"),
            "illegal move 'h6-g6': repeats an earlier situation (same stones, same player to act, same action of the "
            "turn)");
  // The contact rule alone would allow it; pass stays legal.
  EXPECT_EQ(legal_actions(*state, {}), (std::vector<Action>{h6_g6, game->pass_action()}));
  EXPECT_EQ(legal_texts(*state), std::vector<std::string>{"pass"});
  play(*state, "pass");
  EXPECT_FALSE(state->is_terminal());
  EXPECT_EQ(state->to_move(), kGrey);
}

TEST(EpoxyRepetition, PlayerWhoseOnlyFirstActionsRepeatHasNoneAndLoses) {
  auto game = xxl();
  auto state = testing::forced_cycle(*game, kMaroon, /*second_action=*/true);
  // Both sides pass every second action.  After Grey's k7-l7 the stones are those of the
  // start but for Maroon's h6 (g6 then), and Maroon's only first action, h6-g6, would
  // recreate the starting situation (Maroon to play a second action).
  play(*state, "pass k6-k7 pass h7-h6 pass l7-k6 pass g6-h7 pass k7-l7");
  EXPECT_EQ(state->count_first_actions(kMaroon), 0);
  EXPECT_FALSE(state->has_first_action(kMaroon));
  EXPECT_EQ(legal_texts(*state), (std::vector<std::string>{"k6-k7", "pass"}));
  play(*state, "pass");
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(state->winner(), kGrey);
  EXPECT_EQ(describe_status(*state), "Grey (second player) wins: maroon has no legal action");
}

// Every line of play from the cycle, from each side and action of a turn, against the
// reference (which keeps every situation of the line): the same legal actions and scores
// all along, and every line ends, with a loser that has no first action.
TEST(EpoxyRepetition, EveryLineFromTheForcedCycleEndsAsTheReferenceSays) {
  auto game = xxl();
  int lines = 0;
  for (int to_move : {kMaroon, kGrey})
    for (bool second_action : {false, true}) {
      auto start = testing::forced_cycle(*game, to_move, second_action);
      Situations seen = {situation_of(*start)};
      std::function<void(const EpoxyState&)> walk = [&](const EpoxyState& state) {
        const auto cells = cells_of(state);
        if (state.is_terminal()) {
          ++lines;
          ASSERT_TRUE(first_actions(*game, cells, 1 - state.winner(), seen).empty()) << state.render();
          return;
        }
        auto legal = state.legal_actions();
        std::sort(legal.begin(), legal.end());
        ASSERT_EQ(legal, legal_actions(state, seen)) << state.render();
        for (int colour : {kMaroon, kGrey})
          ASSERT_EQ(state.count_first_actions(colour),
                    static_cast<int>(first_actions(*game, cells, colour, seen).size()));
        for (Action action : legal) {
          EpoxyState next = state;
          next.apply(action);
          const auto situation = situation_of(next);
          const bool added = !next.is_terminal() && seen.insert(situation).second;
          walk(next);
          if (added) seen.erase(situation);
          if (::testing::Test::HasFatalFailure()) return;
        }
      };
      walk(*start);
      if (::testing::Test::HasFatalFailure()) return;
    }
  EXPECT_GT(lines, 1000);
}

TEST(EpoxyRepetition, RandomPlayoutFromTheForcedCycleEnds) {
  auto game = xxl();
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    auto state = testing::forced_cycle(*game, kMaroon, /*second_action=*/true);
    Rng rng(seed);
    const int winner = state->random_playout(rng);
    ASSERT_TRUE(state->is_terminal());
    EXPECT_EQ(winner, state->winner());
    EXPECT_TRUE(winner == kMaroon || winner == kGrey);
  }
}

}  // namespace
}  // namespace ludus::epoxy
