// SPDX-License-Identifier: Apache-2.0
// The guided playout: random first actions (the second is a pass) up to a horizon, then
// the side with the higher score (legal first actions) wins.  The playout is checked
// against a plain twin written from its contract, the score against the reference's
// first actions.  Exclusive points (the priors' and the static evaluation's measure) are
// checked against the reference's placements.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/random.h"
#include "games/epoxy/epoxy_reference.h"
#include "epoxy_test_support.h"

namespace ludus::epoxy {
namespace {

using testing::epoxy_game;
using testing::position;
using testing::SituationFollower;

// Empty points `colour` may place on and the opponent may not, by the reference rules
// (placements are the actions below num_sites).
int reference_exclusive_points(const EpoxyState& state, int colour) {
  const auto cells = cells_of(state);
  auto placements = [&](int mover) {
    std::vector<Action> out;
    for (Action a : first_actions(state.epoxy(), cells, mover, {}))
      if (a < state.epoxy().num_sites()) out.push_back(a);
    return out;
  };
  const auto own = placements(colour), theirs = placements(1 - colour);
  std::vector<Action> only_own;
  std::set_difference(own.begin(), own.end(), theirs.begin(), theirs.end(), std::back_inserter(only_own));
  return static_cast<int>(only_own.size());
}

// On xs, g5 sees 12 points: g6 g7 g8 and g4 g3 along its row, f4 (then the hole e3) and
// h6 on one axis, f5 e5 d5 c5 b5 on the other (h5 is a hole).
TEST(EpoxyExclusivePoints, CountedByHand) {
  auto game = epoxy_game();
  auto empty = position(*game, "", "");
  EXPECT_EQ(empty->exclusive_points(0), 0);
  EXPECT_EQ(empty->exclusive_points(1), 0);
  auto lone = position(*game, "g5", "");
  EXPECT_EQ(lone->exclusive_points(0), 12);
  EXPECT_EQ(lone->exclusive_points(1), 0);
  // A grey stone on g7 stops maroon's row there and sees g6 back, so g6 is seen by both.
  // Grey sees g6 g8 h8 h7 f7 e7 (f6 is a hole): 5 are grey's alone, 9 maroon's.
  auto two = position(*game, "g5", "g7");
  EXPECT_EQ(two->exclusive_points(0), 9);
  EXPECT_EQ(two->exclusive_points(1), 5);
  EXPECT_EQ(reference_exclusive_points(*two, 0), 9);
  EXPECT_EQ(reference_exclusive_points(*two, 1), 5);
}

TEST(EpoxyExclusivePoints, MatchTheReferenceAlongRandomGames) {
  for (const char* size : {"xs", "m"}) {
    auto game = epoxy_game(size);
    Rng rng(17);
    for (int g = 0; g < 40; ++g) {
      EpoxyState state(*game);
      while (!state.is_terminal()) {
        for (int colour = 0; colour < 2; ++colour)
          ASSERT_EQ(state.exclusive_points(colour), reference_exclusive_points(state, colour))
              << size << ", colour " << colour << "\n" << state.render();
        state.apply(state.random_action(rng));
      }
    }
  }
}

// The playout's policy, written plainly: a uniformly random first action, a pass second.
void plain_playout_step(EpoxyState& state, Rng& rng) {
  state.apply(state.second_action() ? state.epoxy().pass_action() : state.random_action(rng));
}

// The score shown to players, by the reference rules: `colour`'s legal first actions,
// repetition judged against every situation of the game.
int reference_score(const EpoxyState& state, int colour, const Situations& seen) {
  return static_cast<int>(first_actions(state.epoxy(), cells_of(state), colour, seen).size());
}

// The contract, written plainly: at most the horizon of such actions, then the score; a
// tie plays the same policy on to the end.  `situations` has followed the game to `state`.
int plain_guided_playout(EpoxyState& state, Rng& rng, SituationFollower& situations, bool& played_on) {
  auto step = [&] {
    plain_playout_step(state, rng);
    situations(state);
  };
  int played = 0;
  while (!state.is_terminal() && played < EpoxyState::kPlayoutHorizon) {
    step();
    ++played;
  }
  played_on = false;
  if (state.is_terminal()) return state.winner();
  const int maroon = reference_score(state, 0, situations.seen()), grey = reference_score(state, 1, situations.seen());
  if (maroon != grey) return maroon > grey ? 0 : 1;
  played_on = true;
  while (!state.is_terminal()) step();
  return state.winner();
}

TEST(EpoxyGuidedPlayout, PlaysOneActionATurnAndPassesTheSecond) {
  auto game = epoxy_game();
  Rng rng(3);
  int turns = 0;
  for (int g = 0; g < 50; ++g) {
    EpoxyState state(*game);
    while (!state.is_terminal()) {
      const bool second = state.second_action();
      const Action action = state.playout_action(rng);
      ASSERT_TRUE(state.is_legal(action)) << state.render();
      ASSERT_EQ(action == game->pass_action(), second) << state.render();
      state.apply(action);
      turns += second ? 1 : 0;
    }
  }
  EXPECT_GT(turns, 1000);
}

TEST(EpoxyGuidedPlayout, StopsAtTheHorizonAndJudgesByTheScoreOrPlaysATieOut) {
  auto game = epoxy_game();
  Rng walk(5);
  int judged = 0, ended = 0, played_on = 0;
  for (int g = 0; g < 400; ++g) {
    EpoxyState start(*game);
    SituationFollower situations;
    situations(start);
    // Start from every stage of a game: early (judged) to late (played to the end).
    const int opening = static_cast<int>(walk.below(70));
    for (int i = 0; i < opening && !start.is_terminal(); ++i) {
      start.apply(start.random_action(walk));
      situations(start);
    }
    if (start.is_terminal()) continue;
    EpoxyState fast = start, plain = start;
    Rng fast_rng(100 + g), plain_rng(100 + g);
    const int winner = fast.guided_playout(fast_rng);
    bool tied = false;
    ASSERT_EQ(winner, plain_guided_playout(plain, plain_rng, situations, tied)) << start.render();
    ASSERT_EQ(fast.plies(), plain.plies());
    ASSERT_EQ(fast.is_terminal(), plain.is_terminal());
    if (tied) {
      ASSERT_TRUE(fast.is_terminal()) << "a tie at the cut is played to the end";
      ++played_on;
    } else {
      ASSERT_LE(fast.plies() - start.plies(), EpoxyState::kPlayoutHorizon);
      (fast.is_terminal() ? ended : judged) += 1;
    }
    ASSERT_EQ(fast_rng.next(), plain_rng.next()) << "both drew the same random numbers";
  }
  // Every way out was taken: judged at the cut, ended within it, tied and played on (the
  // score ties far less often than exclusive points did, hence the many starts).
  EXPECT_GT(judged, 10);
  EXPECT_GT(ended, 5);
  EXPECT_GT(played_on, 5);
}

TEST(EpoxyGuidedPlayout, AGameDecidedWithinTheHorizonKeepsItsRealWinner) {
  auto game = epoxy_game();
  Rng walk(9);
  for (int g = 0; g < 200; ++g) {
    EpoxyState start(*game);
    while (!start.is_terminal()) {
      EpoxyState probe = start;
      Rng probe_rng(g);
      for (int i = 0; i < EpoxyState::kPlayoutHorizon && !probe.is_terminal(); ++i) plain_playout_step(probe, probe_rng);
      if (probe.is_terminal()) {
        // Within reach of the end: the guided playout is the policy's game to its end.
        EpoxyState guided = start, whole = start;
        Rng a(g), b(g);
        ASSERT_EQ(guided.guided_playout(a), [&] {
          while (!whole.is_terminal()) plain_playout_step(whole, b);
          return whole.winner();
        }());
        ASSERT_EQ(guided.plies(), whole.plies());
        break;
      }
      start.apply(start.random_action(walk));
    }
  }
}

// The priors' tactic (EpoxyState::prior_tactic) against its contract, counted by the
// reference: a placement or a slide, and the exclusive points it gains for the mover (its
// own less the opponent's, after less before), -3 to +3; a pass says nothing.
TEST(EpoxyPriorTactic, MatchesTheReferenceCountAlongRandomGames) {
  auto game = epoxy_game();
  Rng rng(23);
  int slides = 0, losses = 0, gains = 0;
  for (int g = 0; g < 20; ++g) {
    EpoxyState state(*game);
    while (!state.is_terminal()) {
      const int mover = state.to_move();
      const int before = reference_exclusive_points(state, mover) - reference_exclusive_points(state, 1 - mover);
      for (Action a : state.legal_actions()) {
        if (a == game->pass_action()) {
          ASSERT_EQ(state.prior_tactic(a), 0);
          continue;
        }
        EpoxyState after = state;
        after.apply(a);
        const int gain = reference_exclusive_points(after, mover) - reference_exclusive_points(after, 1 - mover) - before;
        const bool slide = !game->is_placement(a);
        ASSERT_EQ(state.prior_tactic(a), 1 + 7 * slide + 3 + std::clamp(gain, -3, 3)) << state.action_to_text(a);
        slides += slide, losses += gain < 0, gains += gain > 0;
      }
      state.apply(state.random_action(rng));
    }
  }
  // Every kind was met.
  EXPECT_GT(slides, 50);
  EXPECT_GT(losses, 50);
  EXPECT_GT(gains, 50);
}

// The search's static evaluation: a logistic curve of the lead in exclusive points, the
// two colours' estimates summing to one, and the result once the game is over.
TEST(EpoxyWinEstimate, FollowsTheLeadInExclusivePoints) {
  auto game = epoxy_game();
  auto empty = position(*game, "", "");
  EXPECT_FLOAT_EQ(empty->win_estimate(0), 0.5f);
  auto lone = position(*game, "g5", "");  // 12 to 0
  auto two = position(*game, "g5", "g7");  // 9 to 5
  EXPECT_FLOAT_EQ(lone->win_estimate(0), 1.0f / (1.0f + std::exp(-0.5f * 12)));
  EXPECT_FLOAT_EQ(two->win_estimate(0), 1.0f / (1.0f + std::exp(-0.5f * 4)));
  for (const auto* state : {lone.get(), two.get()}) {
    EXPECT_NEAR(state->win_estimate(0) + state->win_estimate(1), 1.0f, 1e-6f);
    EXPECT_LT(state->win_estimate(1), 0.5f);
  }
  Rng rng(5);
  for (int g = 0; g < 20; ++g) {
    EpoxyState state(*game);
    while (!state.is_terminal()) state.apply(state.random_action(rng));
    EXPECT_EQ(state.win_estimate(state.winner()), 1.0f);
    EXPECT_EQ(state.win_estimate(1 - state.winner()), 0.0f);
  }
}

}  // namespace
}  // namespace ludus::epoxy
