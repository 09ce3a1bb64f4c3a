// SPDX-License-Identifier: Apache-2.0
// SGF records of the five real games: JSON -> SGF -> History -> JSON round trips of random
// games (swaps, Trellis's two-stone turns, Epoxy's passes, every kind of ending), and the
// commands that write SGF (show --sgf, play and match --record FILE.sgf) or read it.
#include <nlohmann/json.hpp>

#include "cli/cli_test_support.h"
#include "core/history.h"
#include "core/random.h"
#include "core/record.h"
#include "core/sgf.h"

namespace ludus::testing {
namespace {

struct GameCase {
  std::string name;
  std::map<std::string, std::string> options;
  int swap_ply;  // 1-based ply at which `swap` is played, 0 for none
};

const std::vector<GameCase> kGames = {
    {"n-mesh", {{"size", "5"}}, 2},
    {"netted", {{"size", "3"}}, 0},
    {"trellis", {{"size", "7"}}, 4},
    {"ndengrod", {{"size", "3"}, {"swap", "on"}}, 2},
    {"epoxy", {{"size", "xs"}}, 0},
};

// A random game from `seed`, with `swap` at the case's swap ply, stopped after
// `max_plies` (then left on).
History random_game(const GameCase& c, uint64_t seed, int max_plies) {
  History h(make_game(c.name, c.options));
  Rng rng(seed);
  std::vector<Action> legal;
  while (!h.is_over() && h.num_moves() < max_plies) {
    if (h.num_moves() + 1 == c.swap_ply) {
      h.play("swap");
      continue;
    }
    h.state().legal_actions(legal);
    h.play(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  return h;
}

// Ends a game still on in the way `kind` picks (0: left on, 1: resign, 2: time,
// 3: agreed draw, 4: adjudicated win, 5: the ply limit).
void end_game(History& h, int kind) {
  if (h.is_over()) return;
  const int seat = h.state().seat_to_move();
  if (kind == 1) h.resign(seat);
  if (kind == 2) h.lose_on_time(seat);
  if (kind == 3) h.agree_draw();
  if (kind == 4) h.adjudicate(1 - h.state().to_move(), "ahead [on points]");
  if (kind == 5) h.adjudicate_at_ply_limit(h.num_moves());
}

TEST(SgfRealGames, RandomGamesRoundTripJsonToSgfToHistoryToJson) {
  for (const auto& c : kGames) {
    LUDUS_REQUIRE_GAME(c.name);
    bool saw_swap = false, saw_pass = false, saw_two_stones = false, saw_swapped_seats = false;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      const bool to_the_end = seed <= 6;
      History h = random_game(c, seed, to_the_end ? 100000 : static_cast<int>(4 + seed * 3));
      h.set_players({"alice", "ai:hard"});
      h.set_date("2026-11-23");
      end_game(h, static_cast<int>(seed % 6));
      const std::string json = record_to_json(h).dump();
      const std::string sgf = sgf_game_tree(h);
      SCOPED_TRACE(c.name + " seed " + std::to_string(seed) + "\n" + sgf);
      const auto again = read_records(sgf);
      ASSERT_EQ(again.size(), 1u);
      EXPECT_EQ(record_to_json(again[0]).dump(), json);
      EXPECT_EQ(again[0].ending(), h.ending());
      if (h.is_over()) {
        EXPECT_EQ(again[0].winning_seat(), h.winning_seat());
      }
      for (int ply = 0; ply < h.num_moves(); ++ply) ASSERT_EQ(again[0].mover(ply), h.mover(ply)) << ply;
      for (const auto& move : h.moves()) {
        saw_swap = saw_swap || move == "swap";
        saw_pass = saw_pass || move == "pass";
        saw_two_stones = saw_two_stones || move.find(',') != std::string::npos;
      }
      saw_swapped_seats = saw_swapped_seats || h.state().seats_swapped();
    }
    EXPECT_EQ(saw_swap, c.swap_ply > 0) << c.name;
    EXPECT_EQ(saw_swapped_seats, c.name == "trellis" || c.name == "ndengrod") << c.name;
    if (c.name == "epoxy") {
      EXPECT_TRUE(saw_pass);
    }
    if (c.name == "trellis") {
      EXPECT_TRUE(saw_two_stones);
    }
  }
}

TEST(SgfRealGames, NodesAreByColourAndTheResultByColourAfterASwap) {
  LUDUS_REQUIRE_GAME("ndengrod");
  History h(make_game("ndengrod"));
  h.set_players({"alice", "bob"});
  h.play_moves({"e5", "swap", "d4"});
  h.resign(0);  // alice, who holds O (White) since bob took X, and moved after the swap
  const std::string sgf = sgf_game_tree(h);
  EXPECT_NE(sgf.find("RU[ndengrod length=5 shape=hexhex size=5 swap=on]PB[alice]PW[bob]RE[B+R]LE[resign]\n"
                     ";B[e5];W[swap];W[d4])"),
            std::string::npos)
      << sgf;
  const History again = read_records(sgf).at(0);
  EXPECT_EQ(again.winning_seat(), 1);
  EXPECT_EQ(again.losing_seat(), 0);
  EXPECT_EQ(again.result_text(), "x");
}

TEST(SgfRealGames, EpoxyActionsAndTrellisTurnsAreNodes) {
  LUDUS_REQUIRE_GAME("epoxy");
  LUDUS_REQUIRE_GAME("trellis");
  History epoxy = random_game({"epoxy", {}, 0}, 5, 7);
  std::string expected;
  for (int ply = 0; ply < epoxy.num_moves(); ++ply)
    expected += std::string(";") + (epoxy.mover(ply).colour == 0 ? "B[" : "W[") + epoxy.moves()[ply] + "]";
  EXPECT_NE(sgf_game_tree(epoxy).find(expected), std::string::npos) << sgf_game_tree(epoxy);
  // Maroon's first turn is one action, then every turn two: two W nodes in a row.
  EXPECT_EQ(epoxy.mover(1), (PlyMover{1, 1}));
  EXPECT_EQ(epoxy.mover(2), (PlyMover{1, 1}));

  History trellis(make_game("trellis", {{"size", "7"}}));
  trellis.play_moves({"d4", "a1,b3", "g7", "swap"});
  EXPECT_NE(sgf_game_tree(trellis).find(";B[d4];W[a1,b3];B[g7];W[swap])"), std::string::npos)
      << sgf_game_tree(trellis);
  EXPECT_EQ(read_records(sgf_game_tree(trellis)).at(0).moves(), trellis.moves());
}

TEST(SgfCommands, ShowPrintsSgfThatShowReadsBack) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto dir = scratch_dir();
  auto sgf = run_ludus({"show", "ndengrod", "-o", "size=4", "d4", "swap", "c3", "--sgf"});
  ASSERT_EQ(sgf.exit_code, 0) << sgf.err;
  EXPECT_EQ(sgf.out.rfind("(;FF[4]CA[UTF-8]AP[ludus:" LUDUS_VERSION "]GN[Ndengrod]RU[ndengrod ", 0), 0u) << sgf.out;
  const std::string file = (dir / "game.sgf").string();
  std::ofstream(file) << sgf.out;
  auto shown = run_ludus({"show", "--record", file});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_EQ(shown.out, run_ludus({"show", "ndengrod", "-o", "size=4", "d4", "swap", "c3"}).out);
  EXPECT_EQ(run_ludus({"show", "--record", file, "--sgf"}).out, sgf.out);
  auto json = nlohmann::json::parse(run_ludus({"show", "--record", file, "--json"}).out);
  EXPECT_EQ(json["moves"], nlohmann::json({"d4", "swap", "c3"}));
  expect_usage_error(run_ludus({"show", "ndengrod", "--sgf", "--json"}), "excludes");
  std::filesystem::remove_all(dir);
}

TEST(SgfCommands, MatchAppendsOneGameTreePerGame) {
  LUDUS_REQUIRE_GAME("netted");
  auto dir = scratch_dir();
  const std::string file = (dir / "match.sgf").string();
  for (int run = 0; run < 2; ++run) {
    auto r = run_ludus({"match", "netted", "-o", "size=3", "--a", "random", "--b", "random", "-n", "3", "--threads", "2",
                        "--record", file, "-q"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const std::string text = read_text(file);
  const auto trees = parse_sgf(text);
  ASSERT_EQ(trees.size(), 6u);  // appended, not overwritten
  const auto games = read_record_file(file);
  ASSERT_EQ(games.size(), 6u);
  for (const auto& h : games) {
    EXPECT_TRUE(h.is_over());
    EXPECT_EQ(h.players(), (std::array<std::string, 2>{"random", "random"}));
    EXPECT_EQ(h.game().options().get("size"), "3");
  }
  auto verify = run_ludus({"verify", file});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  EXPECT_EQ(verify.out, "6 passed, 0 failed\n");
  std::filesystem::remove_all(dir);
}

TEST(SgfCommands, PlaySavesSgfWhenTheFileEndsInSgf) {
  LUDUS_REQUIRE_GAME("n-mesh");
  auto dir = scratch_dir();
  const std::string file = (dir / "game.SGF").string();
  auto r = run_ludus({"play", "n-mesh", "--black", "random", "--white", "random", "--seed", "3", "--delay", "0.001",
                      "--record", file});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = read_text(file);
  EXPECT_EQ(text.rfind("(;FF[4]", 0), 0u) << text;
  const History h = read_record_file(file).at(0);
  EXPECT_TRUE(h.is_over());
  EXPECT_EQ(sgf_game_tree(h), text);
  std::filesystem::remove_all(dir);
}

TEST(SgfCommands, BadSgfIsAOneLineError) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto dir = scratch_dir();
  const std::string broken = (dir / "broken.sgf").string();
  std::ofstream(broken) << "(;FF[4]RU[ndengrod]\n;B[e5];W[e5])";
  expect_usage_error(run_ludus({"show", "--record", broken}), "bad SGF: move 2 'e5': illegal move 'e5': occupied");
  std::ofstream(broken) << "(;FF[4]RU[go];B[e5])";
  expect_usage_error(run_ludus({"show", "--record", broken}), "bad SGF: RU[go] names no ludus game (games: epoxy, ");
  std::ofstream(broken) << "(;FF[4]RU[ndengrod];B[e5)";
  expect_usage_error(run_ludus({"show", "--record", broken}),
                     "bad SGF: value of property B not closed by ']' (line 1, column 22)");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus::testing
