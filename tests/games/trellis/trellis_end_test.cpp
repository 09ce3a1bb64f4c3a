// SPDX-License-Identifier: Apache-2.0
// The end of a Trellis game (win at once, draw by two passes), board sizes and options,
// and the ASCII board.
#include "games/trellis/trellis_test_support.h"

namespace ludus::trellis::test {
namespace {

TEST(TrellisEnd, WinIsFoundTheMomentItHappensEvenByOneStoneOfAPair) {
  for (const std::string last : {"b6,d7", "d7,e5", "E5,D7"}) {
    Position p(7);
    p.play("d1,d4 pass d2,d5 pass d3,d6 pass");
    ASSERT_FALSE(p.state().is_terminal());
    p.play(last);  // d7 completes column d; the other stone plays no part
    ASSERT_TRUE(p.state().is_terminal()) << last;
    EXPECT_EQ(p.state().winner(), kBlack);
    EXPECT_EQ(p.state().winning_seat(), 0);
    EXPECT_TRUE(p.state().legal_actions().empty());
    EXPECT_EQ(p.error("pass"), "illegal move 'pass': the game is over");
  }
}

TEST(TrellisEnd, TwoPassesInARowFromTurnFourDraw) {
  Position p(7);
  p.play("pass pass pass");  // turns 1-3 may pass without ending the game
  EXPECT_FALSE(p.state().is_terminal());
  p.play("pass");  // turns 3 and 4: turn 3 is before turn 4
  EXPECT_FALSE(p.state().is_terminal());
  p.play("pass");  // turns 4 and 5
  ASSERT_TRUE(p.state().is_terminal());
  EXPECT_EQ(p.state().winner(), kDraw);
  EXPECT_EQ(p.state().winning_seat(), kDraw);
  EXPECT_EQ(p.state().end_reason(), "both players passed");

  Position q(7);
  q.play("d4 e5 c3 pass d2 pass");  // passes separated by a stone turn
  EXPECT_FALSE(q.state().is_terminal());
  q.play("pass");
  EXPECT_TRUE(q.state().is_terminal());
  EXPECT_EQ(q.state().winner(), kDraw);

  Position swapped(7);
  swapped.play("d4 e5 pass swap pass");  // swap is not a turn: turns 3 and 4 passed
  EXPECT_FALSE(swapped.state().is_terminal());
  swapped.play("pass");
  EXPECT_TRUE(swapped.state().is_terminal());
}

TEST(TrellisBoard, SizesAndActionCounts) {
  // Empty board: n² single stones, the pairs (2·(n-3)·n straight and 4·(n-1)·(n-2)
  // knight-like) and pass.
  for (int n : {7, 9, 15, 25}) {
    auto game = trellis_game(n);
    EXPECT_EQ(game->size(), n);
    EXPECT_EQ(game->num_sites(), n * n);
    EXPECT_EQ(game->num_distinct_actions(), 7 * n * n + 2);
    auto state = game->new_initial_state();
    size_t expected = n * n + 2 * (n - 3) * n + 4 * (n - 1) * (n - 2) + 1;
    EXPECT_EQ(state->legal_actions().size(), expected) << n;
  }
  EXPECT_EQ(trellis_game(7)->new_initial_state()->legal_actions().size(), 226u);
  EXPECT_EQ(trellis_game()->new_initial_state()->legal_actions().size(), 1314u);
  EXPECT_EQ(trellis_game()->size(), 15);  // the default

  Position big(25);
  big.play("y25,v25 a1");
  EXPECT_EQ(big.state().stone_at(big.site("v25")), kBlack);
  EXPECT_EQ(big.error("z1"), "illegal move 'z1': off-board coordinate 'z1'");
}

TEST(TrellisBoard, BadSizesAreRefused) {
  auto message = [](const std::string& size) {
    try {
      make_game("trellis", {{"size", size}});
    } catch (const LudusError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message("8"), "bad option: size=8 (expected an odd integer in 7..25)");
  EXPECT_EQ(message("24"), "bad option: size=24 (expected an odd integer in 7..25)");
  EXPECT_EQ(message("5"), "bad option: size=5 (expected an integer in 7..25)");
  EXPECT_EQ(message("27"), "bad option: size=27 (expected an integer in 7..25)");
  EXPECT_EQ(message("7"), "accepted");
  EXPECT_EQ(message("25"), "accepted");
}

TEST(TrellisBoard, AsciiBoardShowsLinesSquaresCoordinatesAndLastTurn) {
  Position p(7);
  p.play("d4 c2,e3");
  const std::string expected =
      "    a  b  c  d  e  f  g\n"
      " 7  .--.--.--.--.--.--.  7\n"
      "    |::|  |::|  |::|  |\n"
      " 6  .--.--.--.--.--.--.  6\n"
      "    |  |::|  |::|  |::|\n"
      " 5  .--.--.--.--.--.--.  5\n"
      "    |::|  |::|  |::|  |\n"
      " 4  .--.--.--x--.--.--.  4\n"
      "    |  |::|  |::|  |::|\n"
      " 3  .--.--.--.--O--.--.  3\n"
      "    |::|  |::|  |::|  |\n"
      " 2  .--.--O--.--.--.--.  2\n"
      "    |  |::|  |::|  |::|\n"
      " 1  .--.--.--.--.--.--.  1\n"
      "    a  b  c  d  e  f  g\n"
      "x black: joins top and bottom rows, links across dark squares (::)\n"
      "o white: joins left and right columns, links across light squares\n"
      "X O: stones of the last turn\n";
  EXPECT_EQ(p.state().render(), expected);
  EXPECT_EQ(describe_status(p.state()), "Black to move (first player)");
}

}  // namespace
}  // namespace ludus::trellis::test
