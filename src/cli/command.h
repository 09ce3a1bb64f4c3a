// SPDX-License-Identifier: Apache-2.0
#pragma once
// Subcommands of the `ludus` binary register themselves from their own files, so each
// area (rules, AI, server, benchmarks) adds commands without touching main.cpp.
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/game.h"
#include "core/history.h"

namespace ludus::cli {

// setup() declares the subcommand's options on `app` and returns the function that runs
// it (after parsing) and gives the exit code.
using CommandRunner = std::function<int()>;
struct CommandSpec {
  std::string name;
  std::string help;
  int order;  // position in `ludus --help`
  std::function<CommandRunner(CLI::App& app)> setup;
};

bool register_command(CommandSpec spec);
std::vector<CommandSpec> registered_commands();

// Ends the command's --help with its examples (whole command lines, "ludus ..."), so
// every command shows how it is used.
void set_examples(CLI::App& app, const std::vector<std::string>& examples);

// Exit codes: 0 success, 1 a check failed (verify, tests of records), 2 bad input.
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

// GAME plus repeatable `--option name=value` (alias -o).
struct GameArgs {
  std::string game;
  std::vector<std::string> options;
  std::shared_ptr<const Game> make() const;
};
void add_game_args(CLI::App& app, GameArgs& args, bool game_required = true);

// Bytes in a size such as --memory's ("512M", "2G", "64K"; bare numbers are megabytes, at
// most `most_gib` gigabytes); throws LudusError naming the option otherwise.
size_t parse_memory(const std::string& text, const std::string& option = "--memory", double most_gib = 64);

// The board, the status line and the move list, as `ludus show` prints it.
std::string describe_history(const History& history);

}  // namespace ludus::cli
