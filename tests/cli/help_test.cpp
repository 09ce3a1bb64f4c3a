// SPDX-License-Identifier: Apache-2.0
// `ludus help [COMMAND]`, the examples in every command's --help, README's table of them, and the bash
// completion written from the command-line definitions (run in a real bash).
#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "cli_test_support.h"

namespace ludus::testing {
namespace {

// The command names as `ludus help` lists them.
std::vector<std::string> command_names() {
  const RunResult r = run_ludus({"help"});
  std::vector<std::string> names;
  bool in_list = false;
  for (const auto& line : lines_of(r.out)) {
    if (line == "Subcommands:") {
      in_list = true;
      continue;
    }
    if (in_list && line.rfind("  ", 0) == 0) names.push_back(line.substr(2, line.find(' ', 2) - 2));
    else if (in_list) break;
  }
  return names;
}

TEST(Help, ListsTheCommandsAndExplainsOne) {
  const RunResult all = run_ludus({"help"});
  EXPECT_EQ(all.exit_code, 0) << all.err;
  EXPECT_TRUE(contains(all.out, "Usage: ludus [OPTIONS] SUBCOMMAND")) << all.out;
  EXPECT_TRUE(contains(all.out, "ludus help COMMAND")) << all.out;
  const auto names = command_names();
  for (const char* name : {"help", "games", "play", "gtp", "serve", "completion"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  // `ludus help play` is `ludus play --help`.
  const RunResult help_play = run_ludus({"help", "play"});
  EXPECT_EQ(help_play.exit_code, 0);
  EXPECT_EQ(help_play.out, run_ludus({"play", "--help"}).out);
  EXPECT_TRUE(contains(help_play.out, "Usage: ludus play")) << help_play.out;
  expect_usage_error(run_ludus({"help", "fly"}), "unknown command 'fly'");
  // A command of the play-by-mail grammar: its help there (docs/correspondence.md).
  const RunResult conditional = run_ludus({"help", "conditional"});
  EXPECT_EQ(conditional.exit_code, 0);
  EXPECT_TRUE(contains(conditional.out, "conditional BOARD USER PASSWORD [if THEIRS ANSWER ...; if ...|clear]"))
      << conditional.out;
}

TEST(Help, EveryCommandShowsAnExample) {
  const auto names = command_names();
  ASSERT_GE(names.size(), 10u);
  for (const auto& name : names) {
    const RunResult r = run_ludus({name, "--help"});
    EXPECT_EQ(r.exit_code, 0) << name;
    EXPECT_TRUE(contains(r.out, "Example")) << name << ":\n" << r.out;
    EXPECT_TRUE(contains(r.out, "\n  ludus " + name) || contains(r.out, "ludus completion")) << name << ":\n" << r.out;
  }
  // `help --all` (the manual page's COMMANDS section) holds every command's help.
  const RunResult all = run_ludus({"help", "--all"});
  for (const auto& name : names) EXPECT_TRUE(contains(all.out, "Usage: ludus " + name)) << name;
}

// README's command table names every command in one row; a second row of the same command is
// only for a mode chosen by an option (`ludus mail --send-queue`), not a second summary of it.
TEST(Help, TheReadmeTableHasOneRowPerCommand) {
  const std::string readme = read_text(source_dir() / "README.md");
  const size_t table = readme.find("\n## Commands\n");
  ASSERT_NE(table, std::string::npos);
  std::map<std::string, int> rows;
  const std::regex row(R"(^\| `ludus ([a-z-]+)( ([^ `]+))?)");
  for (const auto& line : lines_of(readme.substr(table, readme.find("\n## ", table + 1) - table))) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    if (m[3].str().rfind("--", 0) != 0) ++rows[m[1].str()];
  }
  for (const auto& name : command_names()) EXPECT_EQ(rows[name], 1) << "README's rows of ludus " << name;
}

// What bash completes for the words typed so far (the last one is being completed).
std::vector<std::string> complete(const std::vector<std::string>& words) {
  auto dir = scratch_dir();
  const RunResult script = run_ludus({"completion", "bash"});
  std::ofstream(dir / "ludus.bash") << script.out;
  std::string array;
  for (const auto& w : words) array += " " + shell_quote(w);
  const std::string command = "bash -c " + shell_quote("source " + (dir / "ludus.bash").string() +
                                                       "; COMP_WORDS=(ludus" + array + "); COMP_CWORD=" +
                                                       std::to_string(words.size()) +
                                                       "; _ludus; printf '%s\\n' \"${COMPREPLY[@]}\"") +
                              " >" + shell_quote((dir / "out").string());
  EXPECT_EQ(std::system(command.c_str()), 0);
  auto lines = lines_of(read_text(dir / "out"));
  std::filesystem::remove_all(dir);
  lines.erase(std::remove(lines.begin(), lines.end(), ""), lines.end());
  return lines;
}

TEST(Help, BashCompletesCommandsGamesAndOptions) {
  LUDUS_REQUIRE_GAME("ndengrod");
  EXPECT_EQ(complete({"pl"}), std::vector<std::string>{"play"});
  EXPECT_EQ(complete({"play", "nd"}), std::vector<std::string>{"ndengrod"});
  EXPECT_EQ(complete({"rules", "conv"}), std::vector<std::string>{"conventions"});
  EXPECT_EQ(complete({"play", "trellis", "--bl"}), std::vector<std::string>{"--black"});
  EXPECT_EQ(complete({"play", "ndengrod", "--col"}), std::vector<std::string>{"--color"});
  EXPECT_EQ(complete({"help", "ser"}), std::vector<std::string>{"serve"});
  EXPECT_EQ(complete({"completion", "z"}), std::vector<std::string>{"zsh"});
  // Values (issue 43: file names were offered): the player kinds after a seat's flag, the
  // chosen game's options after -o, only that game's colour flags, never a test-only flag.
  EXPECT_EQ(complete({"play", "ndengrod", "--x", ""}),
            (std::vector<std::string>{"human", "random", "beginner", "easy", "medium", "hard", "max"}));
  EXPECT_EQ(complete({"play", "ndengrod", "--first", "h"}), (std::vector<std::string>{"human", "hard"}));
  EXPECT_EQ(complete({"show", "epoxy", "-o", ""}),
            (std::vector<std::string>{"size=xs", "size=s", "size=m", "size=l", "size=xl", "size=xxl"}));
  EXPECT_EQ(complete({"play", "ndengrod", "-o", "sh"}), (std::vector<std::string>{"shape=hexhex", "shape=trapezoid"}));
  EXPECT_EQ(complete({"play", "ndengrod", "--bl"}), std::vector<std::string>{});
  EXPECT_EQ(complete({"play", "ndengrod", "--o"}), (std::vector<std::string>{"--option", "--o"}));
  EXPECT_EQ(complete({"serve", "--test"}), std::vector<std::string>{});
  EXPECT_EQ(complete({"pbm", "--test"}), std::vector<std::string>{});
  const RunResult zsh = run_ludus({"completion", "zsh"});
  EXPECT_FALSE(contains(zsh.out, "--test-hashing")) << "a test-only flag in the zsh completion";
  EXPECT_EQ(zsh.exit_code, 0);
  EXPECT_EQ(zsh.out.rfind("#compdef ludus\n", 0), 0u);
  expect_usage_error(run_ludus({"completion", "fish"}), "fish");
}

}  // namespace
}  // namespace ludus::testing
