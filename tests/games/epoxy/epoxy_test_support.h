#pragma once
// Hand-made Epoxy positions for the tests.
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/registry.h"
#include "games/epoxy/epoxy.h"

namespace ludus::epoxy::testing {

inline std::shared_ptr<const EpoxyGame> epoxy_game(const std::string& size = "xs") {
  return std::dynamic_pointer_cast<const EpoxyGame>(make_game("epoxy", {{"size", size}}));
}

// A position from point lists ("d3 e5"), with `to_move` playing the first action of a
// turn, or its second when `second_action`.
inline std::unique_ptr<EpoxyState> position(const EpoxyGame& game, const std::string& maroon, const std::string& grey,
                                            int to_move = 0, bool second_action = false) {
  std::vector<int> cells(game.num_sites(), kEmpty);
  const std::string* lists[2] = {&maroon, &grey};
  for (int colour = 0; colour < 2; ++colour) {
    std::istringstream in(*lists[colour]);
    std::string name;
    while (in >> name) {
      int site = game.geometry().parse(name, nullptr);
      if (site < 0) throw std::runtime_error("bad point in test: " + name);
      cells[site] = colour;
    }
  }
  auto state = std::make_unique<EpoxyState>(game);
  state->set_position(cells, to_move, second_action);
  return state;
}

// Legal action texts, sorted.
inline std::vector<std::string> legal_texts(const State& state) {
  std::vector<std::string> texts;
  for (Action a : state.legal_actions()) texts.push_back(state.action_to_text(a));
  std::sort(texts.begin(), texts.end());
  return texts;
}

inline bool is_legal_text(const State& state, const std::string& text) {
  auto texts = legal_texts(state);
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

}  // namespace ludus::epoxy::testing
