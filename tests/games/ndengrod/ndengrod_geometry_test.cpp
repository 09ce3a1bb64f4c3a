// SPDX-License-Identifier: Apache-2.0
// The boards of Ndengrod: the side-5 hex-hex of RULES.md §0 (a1..i9, 61 cells), the
// Pentalath trapezoid, neighbour counts, the notation and the drawing.
#include <map>

#include "ndengrod_test_util.h"

namespace ludus::ndengrod {
namespace {

using namespace test;

TEST(NdengrodGeometry, DefaultBoardIsHexHexOfSideFiveNamedAsInRules) {
  auto game = make();
  const Geometry& g = game->geometry();
  ASSERT_EQ(g.num_sites(), 61);
  // Each row's first and last cell, as drawn in RULES.md: a1-a5 ... e1-e9 ... i5-i9.
  const std::map<char, std::pair<int, int>> rows = {{'a', {1, 5}}, {'b', {1, 6}}, {'c', {1, 7}},
                                                    {'d', {1, 8}}, {'e', {1, 9}}, {'f', {2, 9}},
                                                    {'g', {3, 9}}, {'h', {4, 9}}, {'i', {5, 9}}};
  std::vector<std::string> expected;
  for (auto [row, span] : rows)
    for (int n = span.first; n <= span.second; ++n) expected.push_back(row + std::to_string(n));
  std::vector<std::string> names;
  for (int s = 0; s < g.num_sites(); ++s) names.push_back(g.name(s));
  EXPECT_EQ(names, expected);
}

TEST(NdengrodGeometry, NeighbourCountsAreThreeFourAndSix) {
  auto game = make();
  std::map<int, int> by_count;
  for (int s = 0; s < game->num_sites(); ++s) ++by_count[game->num_neighbours(s)];
  // 6 corners, 3 more cells on each of the 6 sides, 37 inside.
  EXPECT_EQ(by_count, (std::map<int, int>{{3, 6}, {4, 18}, {6, 37}}));
  auto neighbours_of = [&](const std::string& name) {
    std::vector<std::string> out;
    int s = site(*game, name);
    for (int i = 0; i < game->num_neighbours(s); ++i) out.push_back(game->geometry().name(game->neighbour_list(s)[i]));
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(neighbours_of("a1"), (std::vector<std::string>{"a2", "b1", "b2"}));
  EXPECT_EQ(neighbours_of("e9"), (std::vector<std::string>{"d8", "e8", "f9"}));
  EXPECT_EQ(neighbours_of("c3"), (std::vector<std::string>{"b2", "b3", "c2", "c4", "d3", "d4"}));
  EXPECT_EQ(neighbours_of("a3"), (std::vector<std::string>{"a2", "a4", "b3", "b4"}));
}

TEST(NdengrodGeometry, CoordinatesRoundTripAndBadOnesAreRefused) {
  for (auto options : {std::map<std::string, std::string>{}, {{"size", "13"}}, {{"shape", "trapezoid"}, {"size", "7"}}}) {
    auto game = make(options);
    auto state = game->new_initial_state();
    for (int s = 0; s < game->num_sites(); ++s) {
      std::string name = state->action_to_text(s);
      EXPECT_EQ(state->parse_action(name), s);
      std::string upper = name;
      upper[0] = static_cast<char>(std::toupper(upper[0]));
      EXPECT_EQ(state->parse_action(" " + upper + " "), s);
    }
  }
  auto game = make();
  auto state = game->new_initial_state();
  EXPECT_EQ(parse_error(*state, "a6"), "illegal move 'a6': off-board coordinate 'a6'");
  EXPECT_EQ(parse_error(*state, "i4"), "illegal move 'i4': off-board coordinate 'i4'");
  EXPECT_EQ(parse_error(*state, "j5"), "illegal move 'j5': off-board coordinate 'j5'");
  EXPECT_EQ(parse_error(*state, "e0"), "illegal move 'e0': malformed coordinate 'e0'");
  EXPECT_EQ(parse_error(*state, "5e"), "illegal move '5e': malformed coordinate '5e'");
  EXPECT_EQ(parse_error(*state, ""), "illegal move '': malformed coordinate ''");
}

TEST(NdengrodGeometry, TrapezoidSevenIsPentalathsBoard) {
  auto game = make({{"shape", "trapezoid"}, {"size", "7"}});
  const Geometry& g = game->geometry();
  ASSERT_EQ(g.num_sites(), 70);
  EXPECT_EQ(g.name(0), "a1");
  EXPECT_EQ(g.name(12), "a13");
  EXPECT_EQ(g.name(13), "b2");
  EXPECT_EQ(g.name(63), "g7");
  EXPECT_EQ(g.name(69), "g13");
  std::map<int, int> by_count;
  for (int s = 0; s < game->num_sites(); ++s) ++by_count[game->num_neighbours(s)];
  // The long top row's ends have two neighbours, the bottom row's ends three, the other
  // border cells four; rows b-f hold 10+9+8+7+6 inner cells.
  EXPECT_EQ(by_count, (std::map<int, int>{{2, 2}, {3, 2}, {4, 26}, {6, 40}}));
  EXPECT_EQ(game->num_neighbours(site(*game, "a13")), 2);
  EXPECT_EQ(game->num_neighbours(site(*game, "g7")), 3);
  EXPECT_EQ(game->num_neighbours(site(*game, "b2")), 4);
  EXPECT_EQ(game->num_neighbours(site(*game, "d7")), 6);
  EXPECT_EQ(make({{"shape", "trapezoid"}, {"size", "2"}, {"length", "3"}})->num_sites(), 5);
  EXPECT_EQ(make({{"size", "13"}})->num_sites(), 469);
  EXPECT_EQ(make({{"size", "2"}, {"length", "3"}})->num_sites(), 7);
}

TEST(NdengrodGeometry, EverySizeAndShapeBuildsAndPlays) {
  Rng rng(5);
  for (int side = 2; side <= 13; ++side) {
    auto hexhex = make({{"size", std::to_string(side)}, {"length", "3"}});
    auto trapezoid = make({{"size", std::to_string(side)}, {"shape", "trapezoid"}, {"length", "3"}});
    EXPECT_EQ(hexhex->num_sites(), 3 * side * (side - 1) + 1);
    EXPECT_EQ(trapezoid->num_sites(), side * (3 * side - 1) / 2);  // rows of side .. 2*side-1 cells
    EXPECT_EQ(hexhex->longest_line(), 2 * side - 1);
    EXPECT_EQ(trapezoid->longest_line(), 2 * side - 1);
    for (const auto& game : {hexhex, trapezoid}) {
      auto state = game->new_initial_state();
      EXPECT_EQ(state->legal_actions().size(), static_cast<size_t>(game->num_sites()));
      int winner = state->random_playout(rng);
      EXPECT_TRUE(state->is_terminal());
      EXPECT_EQ(winner, state->winner());
    }
  }
}

// Row letters on both sides of every row, each column's number continuing its diagonal:
// every cell can be named from the drawing.  Below the board only the columns that reach
// the last row are numbered, right under it (the others end on the left edge: their
// numbers stood under the row letters, issue 43).
TEST(NdengrodGeometry, EmptyBoardShowsEveryRowAndColumn) {
  auto game = make();
  auto state = game->new_initial_state();
  EXPECT_EQ(state->render(),
            "        1 2 3 4 5 6 7 8 9\n"
            "    a  . . . . .  a\n"
            "   b  . . . . . .  b\n"
            "  c  . . . . . . .  c\n"
            " d  . . . . . . . .  d\n"
            "e  . . . . . . . . .  e\n"
            " f  . . . . . . . .  f\n"
            "  g  . . . . . . .  g\n"
            "   h  . . . . . .  h\n"
            "    i  . . . . .  i\n"
            "      5 6 7 8 9\n");
}

TEST(NdengrodGeometry, DrawingMarksTheLastPlacedStone) {
  auto history = played(make(), "e5 d4");
  std::string board = history.state().render();
  EXPECT_NE(board.find("d  . . .(o). . . .  d"), std::string::npos) << board;
  EXPECT_NE(board.find("e  . . . . x . . . .  e"), std::string::npos) << board;
}

}  // namespace
}  // namespace ludus::ndengrod
