// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shell completion scripts written from the CLI11 definition of the command line: the
// commands, each command's options (those taking a value are followed by a value, not
// completed as options), and the game names where a command takes GAME.
#include <string>

#include <CLI/CLI.hpp>

namespace ludus::cli {

// For `complete -F` in bash (bash-completion's directory or `source <(...)`).
std::string bash_completion(const CLI::App& root);
// A `#compdef ludus` function for zsh's $fpath.
std::string zsh_completion(const CLI::App& root);

}  // namespace ludus::cli
