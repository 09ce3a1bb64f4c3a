// `ludus games` and `ludus rules GAME`.
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "core/registry.h"

namespace ludus::cli {
namespace {

const bool kGames = register_command({"games", "List the games with their options and defaults", 10, [](CLI::App&) {
  return [] {
    for (const auto& entry : registered_games()) {
      const GameInfo& info = *entry.info;
      std::cout << fmt::format("{:<10} {}\n", info.name, info.summary);
      std::cout << fmt::format("{:<10} colours: {} (first), {}\n", "", info.colours[0], info.colours[1]);
      for (const auto& spec : info.options)
        std::cout << fmt::format("{:<10} --option {}=<{}>  default {}  {}\n", "", spec.name, spec.range_text(),
                                 spec.default_value, spec.help);
      std::cout << "\n";
    }
    return 0;
  };
}});

const bool kRules = register_command({"rules", "Print the exact rules of a game", 11, [](CLI::App& app) {
  auto name = std::make_shared<std::string>();
  app.add_option("game", *name, "Game name")->required();
  return [name] {
    const auto& entry = find_game(*name);
    std::cout << entry.info->rules;
    if (!entry.info->rules.empty() && entry.info->rules.back() != '\n') std::cout << "\n";
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
