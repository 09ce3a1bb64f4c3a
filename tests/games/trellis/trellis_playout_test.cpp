// SPDX-License-Identifier: Apache-2.0
// The fast random playout's sampler: every legal action equally likely, nothing else ever
// drawn (mirror limit, swap, pass, board edges), and playouts that end where the rules say.
#include <cmath>
#include <map>
#include <set>

#include "games/trellis/trellis_playout_support.h"
#include "games/trellis/trellis_reference.h"
#include "games/trellis/trellis_test_support.h"

namespace ludus::trellis::test {
namespace {

// Draws the first ply of the playout `per_action` times per legal action and checks that
// only legal actions come up, each as often as the others (Pearson's chi-square against
// the uniform distribution, with a bound six standard deviations above its mean).
void expect_uniform_first_ply(const TrellisState& state, int per_action, uint64_t seed) {
  const std::vector<Action> legal = state.legal_actions();
  const std::set<Action> legal_set(legal.begin(), legal.end());
  std::map<Action, int> count;
  Rng rng(seed);
  const int draws = per_action * static_cast<int>(legal.size());
  for (int i = 0; i < draws; ++i) {
    const Action a = random_ply(state, rng);
    ASSERT_TRUE(legal_set.count(a)) << state.action_to_text(a) << " is not legal\n" << state.render();
    ++count[a];
  }
  double chi_square = 0;
  for (Action a : legal) {
    const double difference = count[a] - per_action;
    chi_square += difference * difference / per_action;
  }
  const double freedom = static_cast<double>(legal.size() - 1);
  EXPECT_LT(chi_square, freedom + 6 * std::sqrt(2 * freedom)) << legal.size() << " actions\n" << state.render();
}

TEST(TrellisPlayout, FirstPlyIsUniformOnTheEmptyBoard) {
  Position p(7);
  expect_uniform_first_ply(p.state(), 400, 1);
}

TEST(TrellisPlayout, FirstPlyIsUniformWithSwapAvailable) {
  Position p(7);
  p.play("d4,d7 b2 f6");
  ASSERT_TRUE(p.state().swap_available());
  expect_uniform_first_ply(p.state(), 400, 2);
}

TEST(TrellisPlayout, FirstPlyIsUniformOnACrowdedBoard) {
  // Few pairs left: most of the sampler's candidates are rejected.
  Position p(7);
  p.play("a1,a4 b1,b4 c1,c4 d1,d4 e1,e4 f1,f4 g1,g4 a2,a5 b2,b5 c2,c5 e2,e5 f2,f5 g2,g5 a3,a6 b3,b6");
  ASSERT_FALSE(p.state().is_terminal());
  expect_uniform_first_ply(p.state(), 1000, 3);
}

TEST(TrellisPlayout, FirstPlyIsUniformAndNeverATenthMirror) {
  // White has mirrored nine turns in a row (as in the mirror tests); Black's g6 leaves
  // d7 as the only open image, which White may not play.
  Position p(9);
  p.play("a1 a2 c2 b7 e2 h5 g2 h7 c4 f3 g8 h3 e4 f5 g4 f7 c6 d3 e6 d5 g6");
  ASSERT_EQ(p.state().mirror_run(kWhite), kMaxMirrorRun);
  const Action d7 = p.game().action_of(p.site("d7"));
  ASSERT_FALSE(p.state().is_legal(d7));
  expect_uniform_first_ply(p.state(), 400, 4);
}

TEST(TrellisPlayout, PlyByPlyTheWinIsFoundTheMomentItHappens) {
  // The playout's own stone placing and win test, one ply at a time, against a
  // breadth-first search of the position by the reference rules.
  struct Run {
    int size, games;
  };
  for (auto [size, games] : {Run{7, 300}, Run{15, 20}, Run{25, 3}})
    expect_wins_found_ply_by_ply(size, games, 70 + size, /*guided=*/false);
}

}  // namespace
}  // namespace ludus::trellis::test
