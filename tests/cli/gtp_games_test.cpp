// SPDX-License-Identifier: Apache-2.0
// `ludus gtp` with every game: a whole seeded random game played through GTP with the
// colours B and W (first colour = B), its board, score, SGF and the engine's answers after
// the end; loadsgf/printsgf round trips; time_settings/time_left in use.
#include <gtest/gtest.h>

#include <random>

#include "cli_test_support.h"
#include "core/random.h"
#include "core/sgf.h"

namespace ludus::testing {
namespace {

std::vector<std::string> replies(const std::string& out) {
  std::vector<std::string> list;
  size_t start = 0;
  for (size_t end; (end = out.find("\n\n", start)) != std::string::npos; start = end + 2)
    list.push_back(out.substr(start, end - start));
  return list;
}

std::string showboard_reply(const History& h) {
  std::string out = "=";
  for (const auto& line : lines_of(h.state().render() + h.status()))
    if (line.find_first_not_of(' ') != std::string::npos) out += "\n" + line;
  return out == "=" ? "= " : out.insert(1, " ");
}

// A seeded random game, as GTP turns: (colour letter, the turn's plies joined by ',').
struct GtpGame {
  History history;
  std::vector<std::pair<std::string, std::string>> turns;
};

GtpGame random_game(const std::string& name, uint64_t seed) {
  GtpGame g{History(make_game(name, {})), {}};
  Rng rng(seed);
  while (!g.history.is_over() && g.history.num_moves() < 400) {
    const PlyMover mover = g.history.next_mover();
    const auto legal = g.history.state().legal_actions();
    const Action action = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    const std::string text = g.history.state().action_to_text(action);
    if (g.history.num_moves() > 0 && g.history.mid_turn()) g.turns.back().second += "," + text;
    else g.turns.emplace_back(mover.colour == 0 ? "b" : "w", text);
    g.history.play(action);
  }
  return g;
}

class GtpEveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(GtpEveryGame, SeededGameTranscript) {
  LUDUS_REQUIRE_GAME(GetParam());
  const GtpGame game = random_game(GetParam(), 11);
  ASSERT_TRUE(game.history.is_over()) << "the random game did not end";
  auto dir = scratch_dir();
  const std::string sgf_file = (dir / "game.sgf").string();
  std::string script = "ludus-game " + GetParam() + "\n";
  for (const auto& [colour, turn] : game.turns) script += "play " + colour + " " + turn + "\n";
  script += "showboard\nfinal_score\ngenmove b\ngenmove w\nprintsgf\nprintsgf " + sgf_file + "\nclear_board\nloadsgf " +
            sgf_file + " 3\nshowboard\nloadsgf " + sgf_file + "\nfinal_score\n";
  const RunResult r = run_ludus({"gtp", "--ai", "random"}, script);
  const auto list = replies(r.out);
  const size_t n = game.turns.size();
  ASSERT_EQ(list.size(), n + 12) << r.out;
  for (size_t i = 1; i <= n; ++i) EXPECT_EQ(list[i], "= ") << "turn " << i << ": " << game.turns[i - 1].second;
  EXPECT_EQ(list[n + 1], showboard_reply(game.history));
  const int winner = game.history.winner();
  const std::string score = winner == kDraw ? "= 0" : winner == 0 ? "= B+" : "= W+";
  EXPECT_EQ(list[n + 2], score);
  // After the end: the winner passes, the loser resigns.
  EXPECT_EQ(list[n + 3], winner == 1 ? "= resign" : "= pass");
  EXPECT_EQ(list[n + 4], winner == 0 ? "= resign" : "= pass");
  std::string sgf = sgf_game_tree(game.history);
  EXPECT_EQ(list[n + 5] + "\n", "= " + sgf);
  EXPECT_EQ(read_text(sgf_file), sgf);
  // loadsgf FILE 3: the position before move 3.
  History before_3 = game.history;
  before_3.truncate(2);
  EXPECT_EQ(list[n + 9], showboard_reply(before_3));
  EXPECT_EQ(list[n + 11], score);
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Games, GtpEveryGame,
                         ::testing::Values("n-mesh", "netted", "trellis", "ndengrod", "epoxy"),
                         [](const auto& info) {
                           std::string name = info.param;
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

TEST(GtpTime, TheClockCapsTheThinkingTime) {
  LUDUS_REQUIRE_GAME("netted");
  // Netted: no swap or pass, so b and w strictly alternate.  20 million iterations a move would take minutes; 2 s of main time allows a twentieth
  // of it, so the move comes at once.  (The test only finishes because the clock rules.)
  const RunResult r = run_ludus({"gtp", "netted", "--ai", "mcts:iters=20000000"},
                                "time_settings 2 0 0\ngenmove b\ntime_left w 1 0\ngenmove w\n"
                                "time_settings 0 3 5\ngenmove b\ntime_left w 3 2\ngenmove w\n"
                                "time_settings x 1 1\ntime_left q 1 1\ntime_left b 1\n");
  const auto list = replies(r.out);
  ASSERT_EQ(list.size(), 11u) << r.out;
  for (size_t i : {0u, 2u, 4u, 6u}) EXPECT_EQ(list[i], "= ");
  for (size_t i : {1u, 3u, 5u, 7u}) EXPECT_EQ(list[i].rfind("= ", 0), 0u) << list[i];
  EXPECT_EQ(list[8], "? syntax error (usage: time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES)");
  EXPECT_EQ(list[9], "? invalid color 'q' (use black, white, b or w)");
  EXPECT_EQ(list[10], "? syntax error (usage: time_left COLOR TIME STONES)");
}

TEST(GtpSgf, BadFilesAreRefusedAndTheGameStays) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto dir = scratch_dir();
  std::ofstream(dir / "bad.sgf") << "(;FF[4]RU[chess])";
  const RunResult r = run_ludus({"gtp", "ndengrod", "--ai", "random"},
                                "play b e5\nloadsgf " + (dir / "missing.sgf").string() + "\nloadsgf " +
                                    (dir / "bad.sgf").string() + "\nloadsgf\nprintsgf a b\nludus-record\n");
  const auto list = replies(r.out);
  ASSERT_EQ(list.size(), 6u) << r.out;
  EXPECT_EQ(list[1].rfind("? cannot load file (", 0), 0u) << list[1];
  EXPECT_EQ(list[2].rfind("? cannot load file (", 0), 0u) << list[2];
  EXPECT_EQ(list[3], "? syntax error (usage: loadsgf FILE [MOVE_NUMBER])");
  EXPECT_EQ(list[4], "? syntax error (usage: printsgf [FILE])");
  EXPECT_TRUE(contains(list[5], "\"moves\":[\"e5\"]")) << list[5];
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus::testing

namespace ludus::testing {
namespace {

TEST(GtpColours, AfterASwapTheFirstPlayerIsStillNamedB) {
  LUDUS_REQUIRE_GAME("ndengrod");
  // x e5, o swaps: the first player now moves with o; "b" (its starting colour) names it.
  const RunResult r = run_ludus({"gtp", "ndengrod", "--ai", "random", "--seed", "2"},
                                "play b e5\nplay b d4\nplay w swap\ngenmove b\nludus-record\n");
  const auto list = replies(r.out);
  ASSERT_EQ(list.size(), 5u) << r.out;
  EXPECT_EQ(list[0], "= ");
  EXPECT_EQ(list[1], "? it is o's turn, not x's");  // before the swap, b is only x
  EXPECT_EQ(list[2], "= ");
  EXPECT_EQ(list[3].rfind("= ", 0), 0u) << list[3];
  EXPECT_TRUE(contains(list[4], "\"moves\":[\"e5\",\"swap\",\"" + list[3].substr(2) + "\"]")) << list[4];
}

}  // namespace
}  // namespace ludus::testing
