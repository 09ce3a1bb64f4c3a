// SPDX-License-Identifier: Apache-2.0
#include "cli/command.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/error.h"
#include "core/registry.h"
#include "core/turn_count.h"

namespace ludus::cli {
namespace {

std::vector<CommandSpec>& commands() {
  static std::vector<CommandSpec> list;
  return list;
}

}  // namespace

bool register_command(CommandSpec spec) {
  commands().push_back(std::move(spec));
  return true;
}

std::vector<CommandSpec> registered_commands() {
  auto list = commands();
  std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.order < b.order; });
  return list;
}

void set_examples(CLI::App& app, const std::vector<std::string>& examples) {
  std::string text = examples.size() == 1 ? "Example:" : "Examples:";
  for (const auto& example : examples) text += "\n  " + example;
  app.footer(text);
}

std::shared_ptr<const Game> GameArgs::make() const {
  return make_game(game, parse_option_assignments(options));
}

void add_game_args(CLI::App& app, GameArgs& args, bool game_required) {
  auto* opt = app.add_option("game", args.game, "Game name (see `ludus games`)");
  if (game_required) opt->required();
  app.add_option("-o,--option", args.options, "Game option name=value (repeatable)")->allow_extra_args(false);
}

std::string describe_history(const History& history) {
  std::string out = history.state().render();
  out += history.status() + "\n";
  // Numbered by turns, a turn of several actions written as one (docs/turns.md).
  if (!history.moves().empty()) {
    out += "Moves:";
    for (const WrittenTurn& turn : written_turns(history, history.num_moves()))
      out += " " + std::to_string(turn.number) + "." + turn.text;
    out += "\n";
  }
  return out;
}

size_t parse_memory(const std::string& text, const std::string& option, double most_gib) {
  size_t used = 0;
  double number = 0;
  try {
    number = std::stod(text, &used);
  } catch (const std::exception&) {
    throw LudusError("bad " + option + " '" + text + "': give a size such as 512M or 2G");
  }
  const std::string unit = text.substr(used);
  double scale = unit.empty() || unit == "M" || unit == "m" ? 1 << 20
                 : unit == "G" || unit == "g"                ? double(1 << 30)
                 : unit == "K" || unit == "k"                ? 1 << 10
                                                             : -1;
  if (scale < 0 || number <= 0 || number * scale > most_gib * (1ull << 30))
    throw LudusError(fmt::format("bad {} '{}': give a size such as 512M or 2G (at most {}G)", option, text, most_gib));
  return static_cast<size_t>(number * scale);
}

}  // namespace ludus::cli
