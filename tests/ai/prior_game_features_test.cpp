// SPDX-License-Identifier: Apache-2.0
// The move-prior features that read a game's rules or its lines (src/ai/priors, groups
// "lines" and "tactics"): hand-made positions with known answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ai/ai_test_support.h"
#include "ai/priors/move_features.h"
#include "core/geometry.h"
#include "core/history.h"
#include "core/random.h"
#include "core/registry.h"

namespace ludus::ai::priors {
namespace {

// The kLines value of a move: mover's best free window, then the opponent's.
struct Lines {
  int own, theirs;
  bool operator==(const Lines&) const = default;
};
Lines decode_lines(int value) { return {(value - 1) % (kLineWindow + 1), (value - 1) / (kLineWindow + 1)}; }

MoveFeatures features_of(const History& h, const std::string& move) {
  FeatureExtractor f(h.game());
  const auto& played = h.actions();
  f.set_position(h.state(), played.empty() ? kNoAction : played.back(),
                 played.size() < 2 ? kNoAction : played[played.size() - 2]);
  return f.extract(h.state(), h.state().parse_action(move));
}

// Hex-hex of side 5: rows a (top, a1-a5) to i (i5-i9); row e is the long middle one.
TEST(PriorLines, CountTheStonesOfWindowsOfFiveFreeOfTheOtherColour) {
  auto game = make_game("ndengrod");
  // X: e3 e4 e5 in a row, O: e2 just before them, a1 and i9 in far corners; X to move.
  History h = testing::position(game, {"e3", "e2", "e4", "a1", "e5", "i9"});
  // e6: the window e3-e7 holds X's three and no O: four with the new stone.  The other
  // lines through e6 are empty: O has a free window there, with none of its stones.
  EXPECT_EQ(decode_lines(features_of(h, "e6")[kLines]), (Lines{4, 1}));
  // e1: row e's only window (e1-e5) holds both colours; the column a1-e1 holds O's a1;
  // the diagonal e1-i5 is empty.
  EXPECT_EQ(decode_lines(features_of(h, "e1")[kLines]), (Lines{1, 2}));
  // A corner: a5's row (a1-a5) holds O's a1, its column (a5-e5) X's e5.
  EXPECT_EQ(decode_lines(features_of(h, "a5")[kLines]), (Lines{2, 2}));
}

// The plain reading: every window of five through the site, walked from the site along
// each axis (the site itself counted empty).
int plain_lines(const State& state, const Geometry& g, int site) {
  const int mover = state.to_move();
  auto colour_at = [&](int s) { return state.site_colour(s) < 0 ? 0 : state.site_colour(s) == mover ? 1 : 2; };
  int own_best = 0, their_best = 0;
  for (int axis = 0; axis < g.num_dirs(); ++axis) {
    const int back = Geometry::opposite(g.topology(), axis);
    if (axis > back) continue;
    std::vector<int> before, after;  // colours walking away from the site
    for (int s = g.step(site, back); s >= 0 && before.size() < kLineWindow - 1; s = g.step(s, back)) before.push_back(colour_at(s));
    for (int s = g.step(site, axis); s >= 0 && after.size() < kLineWindow - 1; s = g.step(s, axis)) after.push_back(colour_at(s));
    std::vector<int> line(before.rbegin(), before.rend());
    const int at = static_cast<int>(line.size());
    line.push_back(0);
    line.insert(line.end(), after.begin(), after.end());
    for (int start = 0; start + kLineWindow <= static_cast<int>(line.size()); ++start) {
      if (start > at || start + kLineWindow <= at) continue;
      int own = 0, their = 0;
      for (int i = start; i < start + kLineWindow; ++i) own += line[i] == 1, their += line[i] == 2;
      if (their == 0) own_best = std::max(own_best, own + 1);
      if (own == 0) their_best = std::max(their_best, their + 1);
    }
  }
  return 1 + own_best + (kLineWindow + 1) * their_best;
}

// The extractor reads all lines once per position and slides its windows; along random
// games on every kind of board it must give each move the plain reading.
TEST(PriorLines, TheSlidingReadingEqualsThePlainOne) {
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> boards = {
      {"ndengrod", {}}, {"netted", {}}, {"epoxy", {}}, {"epoxy", {{"size", "m"}}}, {"trellis", {{"size", "7"}}}, {"n-mesh", {}}};
  Rng rng(31);
  int compared = 0;
  for (const auto& [name, options] : boards) {
    auto game = make_game(name, options);
    const Geometry& g = *game->board_geometry();
    FeatureExtractor f(*game);
    for (int round = 0; round < 6; ++round) {
      auto state = game->new_initial_state();
      while (!state->is_terminal()) {
        f.set_position(*state, kNoAction, kNoAction);
        for (Action a : state->legal_actions()) {
          const int site = f.tables().sites(*state, a).first;
          if (site < 0) continue;
          ASSERT_EQ(f.extract(*state, a)[kLines], plain_lines(*state, g, site)) << name << " " << state->action_to_text(a);
          ++compared;
        }
        const auto legal = state->legal_actions();
        state->apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
      }
    }
  }
  EXPECT_GT(compared, 10000);
}

TEST(PriorLines, MovesWithoutASiteHaveNone) {
  auto game = make_game("ndengrod");
  History h = testing::position(game, {"e5"});
  EXPECT_EQ(features_of(h, "swap")[kLines], 0);
  EXPECT_EQ(features_of(h, "swap")[kTactics], 0);
}

// Ndengrod: 1 + captures + 2 * self-atari + 4 * puts an enemy group in atari.
TEST(PriorTactics, NdengrodSeesCapturesSelfAtariAndAtari) {
  auto game = make_game("ndengrod");
  // O's a1 (a corner: neighbours a2, b1, b2) has X on a2 and b1; b2 captures it.
  EXPECT_EQ(features_of(testing::position(game, {"a2", "a1", "b1", "i9"}), "b2")[kTactics], 1 + 1);
  // O on a2 and b1: X on a1 would keep the one freedom b2 and capture nothing.
  EXPECT_EQ(features_of(testing::position(game, {"e5", "a2", "i9", "b1"}), "a1")[kTactics], 1 + 2);
  // O's a1 with X on a2: b1 leaves it b2 alone.
  EXPECT_EQ(features_of(testing::position(game, {"a2", "a1", "e5", "i9"}), "b1")[kTactics], 1 + 4);
  // A quiet move.
  EXPECT_EQ(features_of(testing::position(game, {"a2", "a1", "e5", "i9"}), "e6")[kTactics], 1);
}

}  // namespace
}  // namespace ludus::ai::priors
