// SPDX-License-Identifier: Apache-2.0
// Terminal play's presentation: colour and Unicode stones on request (--color, NO_COLOR),
// --quiet, escape sequences refused as moves, and the boards of every game: the last turn
// marked, coordinates on every row and column, and at most 100 columns on every board.
#include <gtest/gtest.h>

#include <stdlib.h>

#include "cli_test_support.h"
#include "core/history.h"

namespace ludus::testing {
namespace {

// Sets an environment variable for the programs a test starts, restored afterwards.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old, had_ = true;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~ScopedEnv() {
    if (had_) setenv(name_, old_.c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

const std::vector<std::string> kHumanVsRandom = {"play", "netted", "--black", "human", "--white", "random", "--seed", "4"};

std::vector<std::string> with(std::vector<std::string> args, std::initializer_list<std::string> more) {
  args.insert(args.end(), more);
  return args;
}

TEST(Terminal, ColourAndUnicodeStonesOnlyWhenAsked) {
  LUDUS_REQUIRE_GAME("netted");
  ScopedEnv utf8("LC_ALL", "C.UTF-8");
  ScopedEnv no_color("NO_COLOR", nullptr);
  const RunResult always = run_ludus(with(kHumanVsRandom, {"--color", "always"}), "e5\nquit\n");
  EXPECT_EQ(always.exit_code, 0) << always.err;
  EXPECT_TRUE(contains(always.out, "\x1b[")) << always.out;
  EXPECT_TRUE(contains(always.out, "\u25CF")) << always.out;  // the first colour's stone
  // The last stone is highlighted (reverse video), not bracketed.
  EXPECT_TRUE(contains(always.out, ";7m")) << always.out;
  // Not a terminal: auto means plain, and never is plain.
  for (const char* mode : {"auto", "never"}) {
    const RunResult plain = run_ludus(with(kHumanVsRandom, {"--color", mode}), "e5\nquit\n");
    EXPECT_FALSE(contains(plain.out, "\x1b[")) << mode;
    EXPECT_FALSE(contains(plain.out, "\u25CF")) << mode;
    EXPECT_TRUE(contains(plain.out, "(X)")) << mode << ": " << plain.out;  // black's e5, the last move
  }
  expect_usage_error(run_ludus(with(kHumanVsRandom, {"--color", "sometimes"})), "--color");
}

TEST(Terminal, NoColorWinsOverAutoButNotOverAlways) {
  LUDUS_REQUIRE_GAME("netted");
  ScopedEnv no_color("NO_COLOR", "1");
  ScopedEnv term("TERM", "xterm-256color");
  EXPECT_FALSE(contains(run_ludus(with(kHumanVsRandom, {"--color", "auto"}), "quit\n").out, "\x1b["));
  EXPECT_TRUE(contains(run_ludus(with(kHumanVsRandom, {"--color", "always"}), "quit\n").out, "\x1b["));
}

TEST(Terminal, QuietHidesTheAiStatistics) {
  LUDUS_REQUIRE_GAME("ndengrod");
  const std::vector<std::string> ai_game = {"play", "ndengrod", "-o", "size=3", "--x", "easy", "--o", "easy", "--seed", "3"};
  const RunResult loud = run_ludus(ai_game);
  const RunResult quiet = run_ludus(with(ai_game, {"--quiet"}));
  EXPECT_EQ(loud.exit_code, 0) << loud.err;
  EXPECT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_TRUE(contains(loud.out, " iterations")) << loud.out;
  EXPECT_FALSE(contains(quiet.out, " iterations")) << quiet.out;
  EXPECT_FALSE(contains(quiet.out, "  [")) << quiet.out;
  EXPECT_TRUE(contains(quiet.out, "x (first player, easy) plays ")) << quiet.out;
}

TEST(Terminal, EscapeSequencesAreNeverPlayedAsMoves) {
  LUDUS_REQUIRE_GAME("ndengrod");
  // What a terminal without line editing sends for the arrow keys, then a real move.
  const RunResult r =
      run_ludus({"play", "ndengrod", "--x", "human", "--o", "human"}, "\x1b[A\n\x1b[D\x1b[Ce5\ne5\nquit\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(count_of(r.out, "error: the line holds control characters (arrow or function keys?)"), 2) << r.out;
  EXPECT_FALSE(contains(r.out, "illegal move")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"moves\":[\"e5\"]")) << r.out;
}

// Each game after a few moves: the last turn is marked, every row of the drawing has
// its coordinate, and every default and bench board fits 100 columns.
struct BoardCase {
  std::string game;
  std::vector<std::string> options;
  std::vector<std::string> moves;
  std::string marked;  // how the last turn appears in the drawing
};

class EveryBoard : public ::testing::TestWithParam<BoardCase> {};

TEST_P(EveryBoard, LastTurnCoordinatesAndWidth) {
  const BoardCase& c = GetParam();
  LUDUS_REQUIRE_GAME(c.game);
  std::vector<std::string> args{"show", c.game};
  for (const auto& o : c.options) args.insert(args.end(), {"-o", o});
  args.insert(args.end(), c.moves.begin(), c.moves.end());
  const RunResult r = run_ludus(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, c.marked)) << r.out;
  for (const auto& line : lines_of(r.out)) EXPECT_LE(line.size(), 100u) << line;
}

INSTANTIATE_TEST_SUITE_P(
    Games, EveryBoard,
    ::testing::Values(BoardCase{"n-mesh", {}, {"c3", "d4"}, "(o)"},
                      BoardCase{"n-mesh", {"size=19"}, {"s19"}, "(x) 19"},
                      BoardCase{"netted", {}, {"e5"}, "(X)"},
                      BoardCase{"netted", {"size=10"}, {"a1"}, "a (X)"},
                      BoardCase{"netted", {"shape=hexhex", "size=10"}, {"s10"}, "s (X)"},
                      BoardCase{"ndengrod", {}, {"e5", "d4"}, "(o)"},
                      BoardCase{"ndengrod", {"size=13"}, {"y25"}, "(x) y"},
                      BoardCase{"trellis", {}, {"d4,d7"}, "X--"},
                      BoardCase{"trellis", {"size=25"}, {"y25"}, "--X  25"},
                      BoardCase{"epoxy", {}, {"d1"}, "(M)"},
                      BoardCase{"epoxy", {"size=xxl"}, {"q11"}, "(M) q"}),
    [](const auto& info) {
      std::string name = info.param.game + "_" + std::to_string(info.index);
      name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
      return name;
    });

}  // namespace
}  // namespace ludus::testing
