// SPDX-License-Identifier: Apache-2.0
// Game options (core/options.h, core/registry.h): "GAME name=value ..." as typed on the
// command line.  Any text builds a game or is refused with a one-line error; a game built
// is built again, equal, from its canonical options text, and its first position draws.
#include <sstream>
#include <vector>

#include "core/error.h"
#include "core/registry.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ludus;
  std::istringstream words{std::string(fuzz::input_text(data, size))};
  std::string name;
  words >> name;
  std::vector<std::string> items;
  for (std::string item; words >> item;) items.push_back(item);
  std::shared_ptr<const Game> game;
  try {
    game = make_game(name, parse_option_assignments(items));
  } catch (const LudusError&) {
    return 0;
  }
  std::istringstream canonical(game->options().to_string());
  std::vector<std::string> again;
  for (std::string item; canonical >> item;) again.push_back(item);
  std::shared_ptr<const Game> rebuilt;
  try {
    rebuilt = make_game(game->name(), parse_option_assignments(again));
  } catch (const LudusError& e) {
    fuzz::fail("canonical options build the game", game->options().to_string() + ": " + e.what());
  }
  FUZZ_CHECK(rebuilt->options() == game->options(), game->options().to_string());
  (void)game->new_initial_state()->render();
  return 0;
}
