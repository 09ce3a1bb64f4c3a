// SPDX-License-Identifier: Apache-2.0
// The mirror rule (RULES.md §3, Decision): no tenth turn in a row that rotates the
// opponent's previous turn by 90° about the centre.
#include <algorithm>

#include "games/trellis/trellis_test_support.h"

namespace ludus::trellis::test {
namespace {

constexpr int kSize = 9;

// Quarter turns about the centre of the 9x9 board, written out independently of the
// engine's tables: counter-clockwise (c, r) -> (8 - r, c), clockwise (c, r) -> (r, 8 - c).
std::string ccw(int c, int r) { return point(kSize - 1 - r, c); }
std::string cw(int c, int r) { return point(r, kSize - 1 - c); }

// Black plays isolated points (even column, odd row); White answers with their images,
// which lie on (odd column, even row) points, so nothing collides and nobody connects.
// The first and fifth points are each other's half-turn images, so both are answered
// clockwise (the two directions are mixed) and every other one counter-clockwise.
const int kBlackPoints[12][2] = {{2, 1}, {4, 1}, {6, 1}, {2, 3}, {6, 7}, {4, 3},
                                 {6, 3}, {2, 5}, {4, 5}, {6, 5}, {2, 7}, {4, 7}};
std::string image(int k) {
  auto [c, r] = kBlackPoints[k];
  return k == 0 || k == 4 ? cw(c, r) : ccw(c, r);
}

// Turns 1-2, then nine Black points each mirrored at once by White (turns 4..20).
Position nine_white_mirrors() {
  Position p(kSize);
  p.play("a1 a2");
  for (int k = 0; k < 9; ++k) {
    p.play(point(kBlackPoints[k][0], kBlackPoints[k][1]));
    EXPECT_TRUE(p.state().mirrors_last_turn(p.game().stones_of(p.state().parse_action(image(k))))) << k;
    p.play(image(k));
    EXPECT_EQ(p.state().mirror_run(kWhite), k + 1);
  }
  EXPECT_FALSE(p.state().is_terminal());
  EXPECT_EQ(p.state().turn_number(), 21);
  return p;
}

TEST(TrellisMirror, TenthMirroringTurnInARowIsRefused) {
  Position p = nine_white_mirrors();
  p.play(point(kBlackPoints[9][0], kBlackPoints[9][1]));  // turn 21: Black g6
  auto [c, r] = kBlackPoints[9];
  const std::string reason = "a tenth mirroring turn in a row is not allowed (it rotates the opponent's last turn by 90°)";
  // Its clockwise image f3 already holds White's answer to c4, so only d7 is open.
  ASSERT_EQ(cw(c, r), "f3");
  EXPECT_EQ(p.error("f3"), "illegal move 'f3': f3 is occupied");
  ASSERT_EQ(ccw(c, r), "d7");
  EXPECT_EQ(p.error("d7"), "illegal move 'd7': " + reason);
  Action d7 = p.game().action_of(p.site("d7"));
  EXPECT_FALSE(p.state().is_legal(d7));
  auto legal = p.state().legal_actions();
  EXPECT_EQ(std::count(legal.begin(), legal.end(), d7), 0);
  EXPECT_EQ(p.error("d7,g6"), "illegal move 'd7,g6': g6 is occupied");
  EXPECT_EQ(p.error("d7,e9"), "legal");  // a pair containing the image is no mirror
  // Any other move is fine, and resets the run.
  p.play("i9");
  EXPECT_EQ(p.state().mirror_run(kWhite), 0);
  p.play(point(kBlackPoints[10][0], kBlackPoints[10][1]));
  p.play(image(10));
  EXPECT_EQ(p.state().mirror_run(kWhite), 1);
}

TEST(TrellisMirror, APassResetsTheRun) {
  Position p = nine_white_mirrors();
  p.play(point(kBlackPoints[9][0], kBlackPoints[9][1]));
  p.play("pass");
  EXPECT_EQ(p.state().mirror_run(kWhite), 0);
  p.play(point(kBlackPoints[10][0], kBlackPoints[10][1]));
  EXPECT_EQ(p.error(image(10)), "legal");
}

TEST(TrellisMirror, MirroringAPassIsImpossibleAndPairsMirrorAsSets) {
  Position p(kSize);
  p.play("a1 a2 c3,d5");
  // c3 = (2,2), d5 = (3,4): counter-clockwise images (6,2) = g3 and (4,3) = e4.
  EXPECT_EQ(p.game().rotate(p.state().last_turn(), 0), p.game().stones_of(p.state().parse_action("e4,g3")));
  p.play("g3,e4");
  EXPECT_EQ(p.state().mirror_run(kWhite), 1);
  p.play("pass");
  EXPECT_EQ(p.state().mirror_run(kBlack), 0);
  p.play("e5");  // the centre is its own image, but nothing mirrors a pass
  EXPECT_EQ(p.state().mirror_run(kWhite), 0);
}

TEST(TrellisMirror, TurnsOneToThreeNeverCountAndTurnFourDoes) {
  Position p(kSize);
  p.play("a1");
  p.play("a9");  // turn 2 is a1 turned clockwise: does not count
  EXPECT_EQ(p.state().mirror_run(kWhite), 0);
  p.play("i9");  // turn 3 is a9 turned clockwise: does not count
  EXPECT_EQ(p.state().mirror_run(kBlack), 0);
  p.play("i1");  // turn 4 is i9 turned clockwise: counts
  EXPECT_EQ(p.state().mirror_run(kWhite), 1);
}

TEST(TrellisMirror, TurnFourMirrorsAfterASwapToo) {
  Position p(kSize);
  p.play("a1 a2 c3 swap");
  p.play(ccw(2, 2));
  EXPECT_EQ(p.state().mirror_run(kWhite), 1);
}

}  // namespace
}  // namespace ludus::trellis::test
