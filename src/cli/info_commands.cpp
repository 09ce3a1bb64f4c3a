// SPDX-License-Identifier: Apache-2.0
// `ludus games` and `ludus rules GAME` (the rules documents of docs/rules/, embedded).
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "core/registry.h"
#include "core/rules_documents.h"
#include "core/text.h"

namespace ludus::cli {
namespace {

const bool kGames = register_command({"games", "List the games with their options and defaults", 10, [](CLI::App& app) {
  set_examples(app, {"ludus games"});
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

// A rules document without its trailing blank lines, ended by one newline.
void print_document(std::string_view text) {
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  std::cout << text << "\n";
}

const bool kRules = register_command({"rules", "Print the exact rules of a game, or the conventions all games share", 11, [](CLI::App& app) {
  auto name = std::make_shared<std::string>();
  app.add_option("game", *name,
                 "Game name, or `conventions`: seats, coordinates, move notation, records, and how ludus takes a turn")
      ->required();
  set_examples(app, {"ludus rules trellis", "ludus rules conventions"});
  return [name] {
    if (lowercase_trimmed(*name) == kRulesConventions) {
      print_document(conventions_text());
      return 0;
    }
    const GameInfo& info = *find_game(*name).info;
    print_document(info.rules);
    if (!info.rules_note.empty()) std::cout << "\n" << info.rules_note << "\n";
    std::cout << "\nSeats, coordinates, move notation and records, common to every game: ludus rules conventions\n";
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
