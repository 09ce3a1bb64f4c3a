// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small helpers for the Ndengrod tests: games with options, positions from stone lists,
// games from move lists, legal moves as sorted texts.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/history.h"
#include "core/registry.h"
#include "games/ndengrod/ndengrod.h"
#include "games/ndengrod/ndengrod_state.h"
#include "games/ndengrod/ndengrod_testing.h"

namespace ludus::ndengrod::test {

inline std::shared_ptr<const NdengrodGame> make(const std::map<std::string, std::string>& options = {}) {
  return std::dynamic_pointer_cast<const NdengrodGame>(make_game("ndengrod", options));
}

inline std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

inline int site(const NdengrodGame& game, const std::string& name) {
  std::string error;
  int s = game.geometry().parse(name, &error);
  EXPECT_GE(s, 0) << error;
  return s;
}

// A position with X on `x_stones` and O on `o_stones` (space-separated cells).
inline std::unique_ptr<NdengrodState> position(const NdengrodGame& game, const std::string& x_stones,
                                               const std::string& o_stones, int to_move, int plies = 2) {
  std::vector<int> stones(game.num_sites(), NdengrodState::kEmpty);
  for (const auto& w : words(x_stones)) stones[site(game, w)] = 0;
  for (const auto& w : words(o_stones)) stones[site(game, w)] = 1;
  auto state = game.new_initial_state();
  auto* ndengrod = dynamic_cast<NdengrodState*>(state.release());
  std::unique_ptr<NdengrodState> out(ndengrod);
  NdengrodTesting::set_position(*out, stones, to_move, plies);
  return out;
}

// A game after the given moves (space-separated texts).
inline History played(std::shared_ptr<const NdengrodGame> game, const std::string& moves) {
  History history(std::move(game));
  for (const auto& m : words(moves)) history.play(m);
  return history;
}

inline const NdengrodState& ndengrod_state(const History& history) {
  return dynamic_cast<const NdengrodState&>(history.state());
}

inline std::vector<std::string> legal_texts(const State& state) {
  std::vector<std::string> out;
  for (Action a : state.legal_actions()) out.push_back(state.action_to_text(a));
  std::sort(out.begin(), out.end());
  return out;
}

inline bool has_move(const State& state, const std::string& text) {
  auto moves = legal_texts(state);
  return std::find(moves.begin(), moves.end(), text) != moves.end();
}

// The LudusError message of parsing `text`, or "" when it parses.
inline std::string parse_error(const State& state, const std::string& text) {
  try {
    state.parse_action(text);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace ludus::ndengrod::test
