// SPDX-License-Identifier: Apache-2.0
// The six boards: point sets from epoxy-boards.txt, notation, options and the drawing.
#include <gtest/gtest.h>

#include <sstream>

#include "core/error.h"
#include "core/registry.h"
#include "games/epoxy/epoxy_boards.h"
#include "epoxy_test_support.h"

namespace ludus::epoxy {
namespace {

using testing::epoxy_game;
using testing::legal_texts;

struct Expected {
  const char* size;
  int points;
  int edges;
};
constexpr Expected kBoards[] = {{"xs", 39, 84}, {"s", 48, 105}, {"m", 72, 162},
                                {"l", 96, 219}, {"xl", 126, 288}, {"xxl", 156, 363}};

TEST(EpoxyBoards, PointAndEdgeCountsMatchTheBoardFile) {
  for (const auto& b : kBoards) {
    SCOPED_TRACE(b.size);
    auto game = epoxy_game(b.size);
    const Geometry& g = game->geometry();
    EXPECT_EQ(g.num_sites(), b.points);
    int neighbour_links = 0;
    for (int s = 0; s < g.num_sites(); ++s) {
      neighbour_links += g.num_neighbours(s);
      EXPECT_LT(g.num_neighbours(s), 6) << g.name(s) << " has six neighbours";
    }
    EXPECT_EQ(neighbour_links / 2, b.edges);
    EXPECT_EQ(board_figures(b.size).points, b.points);
    EXPECT_EQ(board_figures(b.size).edges, b.edges);
    EXPECT_EQ(game->new_initial_state()->legal_actions().size(), static_cast<size_t>(b.points));
  }
}

TEST(EpoxyBoards, DefaultIsXsInNotationOfRulesSection0) {
  auto game = std::dynamic_pointer_cast<const EpoxyGame>(make_game("epoxy"));
  ASSERT_TRUE(game);
  EXPECT_EQ(game->options().get("size"), "xs");
  // The first legal list of the recorded XS games: rows from the top, columns along the
  // diagonals, holes c4, e3 and f6 missing.
  const std::vector<std::string> expected = {
      "a2", "a3", "a4", "b2", "b3", "b4", "b5", "c1", "c2", "c3", "c5", "c6", "d1",
      "d2", "d3", "d4", "d5", "d6", "e1", "e2", "e4", "e5", "e6", "e7", "f2", "f3",
      "f4", "f5", "f7", "f8", "g3", "g4", "g5", "g6", "g7", "g8", "h6", "h7", "h8"};
  EXPECT_EQ(legal_texts(*game->new_initial_state()), expected);
  // Neighbours follow RULES.md: d4 has e4 down-left, e5 down-right, c4 (a hole) up-right
  // and c3 up-left.
  const Geometry& g = game->geometry();
  auto at = [&](const char* name) { return g.parse(name, nullptr); };
  EXPECT_EQ(g.step(at("d4"), Geometry::kSouthWest), at("e4"));
  EXPECT_EQ(g.step(at("d4"), Geometry::kSouthEast), at("e5"));
  EXPECT_EQ(g.step(at("d4"), Geometry::kNorthEast), -1);
  EXPECT_EQ(g.step(at("d4"), Geometry::kNorthWest), at("c3"));
}

TEST(EpoxyBoards, OptionErrors) {
  auto message = [](std::map<std::string, std::string> options) {
    try {
      make_game("epoxy", options);
    } catch (const LudusError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message({{"size", "xxxl"}}), "bad option: size=xxxl (expected xs|s|m|l|xl|xxl)");
  EXPECT_EQ(message({{"size", "7"}}), "bad option: size=7 (expected xs|s|m|l|xl|xxl)");
  EXPECT_EQ(message({{"swap", "on"}}), "bad option: unknown option 'swap' (options: size)");
  EXPECT_EQ(make_game("epoxy", {{"Size", "XXL"}})->options().get("size"), "xxl");
  EXPECT_THROW(make_board("xxxl"), LudusError);
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(EpoxyBoards, DrawingShowsHolesLabelsAndScores) {
  auto game = epoxy_game("xs");
  // Maroon: 37 empty points less the 12 grey sees, plus the slide d1-d4 (next to d5);
  // grey: 37 less the 8 maroon sees, plus d5-d2.
  auto state = testing::position(*game, "d1", "d5");
  // Column numbers only above and below the board (never where a point could be), row
  // letters on both sides of every row; below, the columns that reach the last row, under it.
  EXPECT_EQ(state->render(),
            "        1 2 3 4 5 6 7 8\n"
            "      a  . . .  a\n"
            "     b  . . . .  b\n"
            "  c  . . .   . .  c\n"
            " d  M . . . G .  d\n"
            "e  . .   . . . .  e\n"
            " f  . . . .   . .  f\n"
            "  g  . . . . . .  g\n"
            "       h  . . .  h\n"
            "         6 7 8\n"
            "M maroon: score 26 (legal first actions), stones 1\n"
            "G grey: score 30 (legal first actions), stones 1\n"
            "first action of the turn\n");
  // Every board draws each point once, every row has its letter on both sides and the
  // drawing fits 100 columns.
  for (const auto& b : kBoards) {
    auto text = epoxy_game(b.size)->new_initial_state()->render();
    EXPECT_EQ(std::count(text.begin(), text.end(), '.'), b.points) << b.size;
    const int rows = epoxy_game(b.size)->geometry().num_rows();
    const auto lines = split_lines(text);
    const size_t label_lines = epoxy_game(b.size)->geometry().num_cols() > 9 ? 2 : 1;
    for (int r = 0; r < rows; ++r) {
      const std::string& line = lines[label_lines + static_cast<size_t>(r)];
      const std::string letter(1, char('a' + r));
      EXPECT_EQ(line.substr(line.find_first_not_of(' '), 3), letter + "  ") << b.size << " row " << r;
      EXPECT_EQ(line.substr(line.size() - 3), "  " + letter) << b.size << " row " << r;
    }
    for (const auto& line : lines) EXPECT_LE(line.size(), 100u) << b.size;
  }
}

}  // namespace
}  // namespace ludus::epoxy
