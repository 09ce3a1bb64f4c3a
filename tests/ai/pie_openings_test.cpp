// SPDX-License-Identifier: Apache-2.0
// The first move from a game's table of moves worth about half under the pie rule
// (core/pie_openings.h): played at the first ply where the table covers the board, varied
// by the seed, never with opening=search or profile=v1, and nowhere else.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "ai/mcts_player.h"
#include "ai/spec_parser.h"
#include "ai_test_support.h"
#include "core/pie_openings.h"

namespace ludus::ai {
namespace {

MoveChoice first_move(const std::string& spec, const std::map<std::string, std::string>& options, uint64_t seed) {
  auto game = make_game("ndengrod", options);
  PlayerConfig config;
  config.seed = seed;
  config.threads = 1;
  MctsPlayer player("test", parse_player_spec(spec, config).mcts);
  History h(game);
  return player.choose(h);
}

TEST(PieOpenings, TheFirstMoveComesFromTheTableAndVariesWithTheSeed) {
  auto game = make_game("ndengrod");
  const auto table = game->pie_openings()->balanced_first_moves();
  ASSERT_EQ(table.size(), 18u);
  std::set<Action> played;
  for (uint64_t seed = 1; seed <= 18; ++seed) {
    const MoveChoice choice = first_move("mcts:iters=50", {}, seed);
    EXPECT_NE(std::find(table.begin(), table.end(), choice.action), table.end());
    EXPECT_NE(choice.info.find("the game's table"), std::string::npos) << choice.info;
    played.insert(choice.action);
  }
  EXPECT_EQ(played.size(), table.size());
  // After the first move the search decides, as everywhere.
  History h(game);
  h.play(table.front());
  MctsPlayer second("test", parse_player_spec("mcts:iters=50", PlayerConfig{}).mcts);
  EXPECT_EQ(second.choose(h).info.find("the game's table"), std::string::npos);
}

// The table was measured per class of points the board's symmetries map onto each other
// (a stone and its mirror images are worth the same), so it holds whole classes: three of
// six points each, and no point whose image it lacks.
TEST(PieOpenings, TheTableHoldsWholeClassesOfSymmetricPoints) {
  auto game = make_game("ndengrod");
  const auto table = game->pie_openings()->balanced_first_moves();
  const std::set<Action> points(table.begin(), table.end());
  ASSERT_EQ(points.size(), table.size());
  const auto symmetries = game->board_symmetries();
  ASSERT_EQ(symmetries.size(), 12u);
  for (const auto& image : symmetries)
    for (Action move : table) EXPECT_TRUE(points.count(image[static_cast<size_t>(move)])) << move;
}

TEST(PieOpenings, OnlyOnTheMeasuredBoardAndNotForV1OrOpeningSearch) {
  for (const auto& options : std::vector<std::map<std::string, std::string>>{
           {{"swap", "off"}}, {{"size", "6"}}, {{"length", "4"}}, {{"shape", "trapezoid"}, {"size", "5"}}}) {
    EXPECT_TRUE(make_game("ndengrod", options)->pie_openings()->balanced_first_moves().empty());
    EXPECT_EQ(first_move("mcts:iters=50", options, 1).info.find("the game's table"), std::string::npos);
  }
  EXPECT_EQ(first_move("mcts:iters=50,profile=v1", {}, 1).info.find("the game's table"), std::string::npos);
  EXPECT_EQ(first_move("mcts:iters=50,opening=search", {}, 1).info.find("the game's table"), std::string::npos);
}

}  // namespace
}  // namespace ludus::ai
