// SPDX-License-Identifier: Apache-2.0
// Command-line errors of every subcommand: one line on stderr, exit code 2, with the
// reason (unknown game, bad option value, illegal move, unknown flag or subcommand).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "cli_test_support.h"

namespace ludus::testing {
namespace {

// The subcommands listed by `ludus --help`.
std::vector<std::string> subcommands() {
  auto help = run_ludus({"--help"});
  std::vector<std::string> names;
  bool in_list = false;
  for (const auto& line : lines_of(help.out)) {
    if (line.rfind("Subcommands:", 0) == 0) {
      in_list = true;
      continue;
    }
    if (in_list && line.size() > 2 && line[0] == ' ' && line[2] != ' ') names.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return names;
}

TEST(CliErrors, UnknownSubcommand) {
  auto r = run_ludus({"frobnicate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_EQ(r.err.rfind("ludus: error: unknown command 'frobnicate' (commands: games, ", 0), 0u) << r.err;
  EXPECT_EQ(run_ludus({}).exit_code, 2);
}

TEST(CliErrors, EveryCommandRejectsAnUnknownFlagInOneLine) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto names = subcommands();
  for (const char* expected : {"games", "rules", "show", "moves", "verify", "random", "play", "match", "analyze", "gtp", "bench"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  // The server commands (pbm, mail, db, ...) may open their database before they see the
  // flag: point them at a scratch one, not at ludus.db in the working directory.
  const auto scratch = std::filesystem::temp_directory_path() / ("ludus-errors-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(scratch);
  setenv("LUDUS_DB", (scratch / "scratch.db").c_str(), 1);
  for (const auto& name : names) {
    SCOPED_TRACE(name);
    auto r = run_ludus({name, "ndengrod", "--no-such-flag"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("ludus: error: ", 0), 0u) << r.err;
  }
  unsetenv("LUDUS_DB");
  std::filesystem::remove_all(scratch);
}

TEST(CliErrors, UnknownGameInEveryGameCommand) {
  for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
           {"rules", "chess"},
           {"show", "chess"},
           {"moves", "chess"},
           {"random", "chess"},
           {"bench", "chess"},
           {"play", "chess"},
           {"match", "chess", "--a", "random", "--b", "random"},
           {"ladder", "chess"},
           {"analyze", "chess"},
           {"gtp", "chess"}}) {
    SCOPED_TRACE(args[0]);
    expect_usage_error(run_ludus(args), "unknown game 'chess'");
  }
}

TEST(CliErrors, BadOptionValueInEveryGameCommand) {
  LUDUS_REQUIRE_GAME("ndengrod");
  for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
           {"show", "ndengrod"},
           {"moves", "ndengrod"},
           {"random", "ndengrod"},
           {"play", "ndengrod", "--x", "random", "--o", "random"},
           {"match", "ndengrod", "--a", "random", "--b", "random"},
           {"analyze", "ndengrod"},
           {"gtp", "ndengrod"}}) {
    SCOPED_TRACE(args[0]);
    auto bad_value = args;
    bad_value.insert(bad_value.end(), {"--option", "size=99"});
    expect_usage_error(run_ludus(bad_value), "bad option");
    auto unknown_name = args;
    unknown_name.insert(unknown_name.end(), {"-o", "colour=red"});
    expect_usage_error(run_ludus(unknown_name), "colour");
    auto malformed = args;
    malformed.insert(malformed.end(), {"-o", "size"});
    expect_usage_error(run_ludus(malformed), "size");
    auto no_line_fits = args;  // a game nobody could win
    no_line_fits.insert(no_line_fits.end(), {"-o", "size=2", "-o", "length=4"});
    expect_usage_error(run_ludus(no_line_fits), "bad option: length=4 (no line of 4 cells fits");
  }
}

TEST(CliErrors, IllegalMovesGiveTheirReason) {
  LUDUS_REQUIRE_GAME("ndengrod");
  expect_usage_error(run_ludus({"show", "ndengrod", "e5", "e5"}), "move 2: illegal move 'e5': occupied");
  expect_usage_error(run_ludus({"moves", "ndengrod", "e5", "q7"}), "move 2: illegal move 'q7'");
  expect_usage_error(run_ludus({"show", "ndengrod", "e5", "d4", "swap"}), "move 3: illegal move 'swap'");
}

TEST(CliErrors, BadFilesAndValues) {
  LUDUS_REQUIRE_GAME("ndengrod");
  expect_usage_error(run_ludus({"show", "--record", "/nonexistent/record.json"}), "cannot open record");
  expect_usage_error(run_ludus({"random", "ndengrod", "--games", "0"}), "--games");
  expect_usage_error(run_ludus({"gtp", "ndengrod", "--ai", "bogus"}), "bad AI spec 'bogus'");
  expect_usage_error(run_ludus({"rules"}), "game is required");
  // verify reports a missing file on stderr and counts it as a failed check (exit code 1).
  auto verify = run_ludus({"verify", "/nonexistent/games.jsonl"});
  EXPECT_EQ(verify.exit_code, 1);
  EXPECT_EQ(verify.err, "ludus: error: cannot open /nonexistent/games.jsonl\n");
  EXPECT_TRUE(contains(verify.out, "0 passed, 1 failed"));
}

}  // namespace
}  // namespace ludus::testing
