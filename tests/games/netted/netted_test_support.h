// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small helpers for the Netted tests: games by options, positions by cell lists, moves
// by text, and the one-line error of a refused move.
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/history.h"
#include "core/registry.h"
#include "games/netted/netted_state.h"

namespace ludus::netted::test {

constexpr int kBlack = 0, kWhite = 1;

inline std::shared_ptr<const NettedGame> netted(const std::map<std::string, std::string>& options = {}) {
  return std::dynamic_pointer_cast<const NettedGame>(make_game("netted", options));
}

inline int cell(const NettedGame& game, const std::string& name) {
  std::string error;
  int site = game.geometry().parse(name, &error);
  if (site < 0) throw LudusError(error);
  return site;
}

// The game after the space-separated moves.
inline History played(std::shared_ptr<const NettedGame> game, const std::string& moves) {
  History history(game);
  std::istringstream in(moves);
  std::string move;
  while (in >> move) history.play(move);
  return history;
}

inline const NettedState& netted_state(const History& history) {
  return static_cast<const NettedState&>(history.state());
}

// The message of the error parse_action raises for `text`, or "accepted".
inline std::string refusal(const State& state, const std::string& text) {
  try {
    state.parse_action(text);
  } catch (const LudusError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace ludus::netted::test
