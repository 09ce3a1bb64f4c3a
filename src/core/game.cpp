// SPDX-License-Identifier: Apache-2.0
#include "core/game.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/notation.h"

namespace ludus {

std::string_view action_kind_name(ActionKind kind) {
  switch (kind) {
    case ActionKind::Place: return "place";
    case ActionKind::Slide: return "slide";
    case ActionKind::Pass: return "pass";
    case ActionKind::Swap: return "swap";
  }
  return "place";
}

std::string_view stone_sites_name(StoneSites sites) { return sites == StoneSites::Points ? "points" : "cells"; }

int Game::colour_by_name(std::string_view name) const {
  for (int c = 0; c < 2; ++c) {
    const auto& n = info_->colours[c];
    if (n.size() == name.size() &&
        std::equal(n.begin(), n.end(), name.begin(), [](char a, char b) {
          return a == std::tolower(static_cast<unsigned char>(b));
        }))
      return c;
  }
  return -1;
}

bool State::is_legal(Action action) const {
  auto actions = legal_actions();
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

std::vector<std::string> State::split_turn_text(std::string_view text) const { return split_plies(text); }

bool State::ends_turn(Action action) const {
  auto after = clone();
  after->apply(action);
  return after->is_terminal() || after->seat_to_move() != seat_to_move() || after->to_move() != to_move();
}

int State::random_playout(Rng& rng) {
  std::vector<Action> actions;
  while (!is_terminal()) {
    legal_actions(actions);
    apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
  }
  return winner();
}

std::string describe_status(const State& state) {
  static const char* kSeat[2] = {"first player", "second player"};
  const Game& game = state.game();
  auto title = [](std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
  };
  if (state.is_terminal()) {
    std::string reason = state.end_reason();
    int w = state.winner();
    std::string head = w == kDraw ? "Draw"
                                  : title(game.colour_name(w)) + " (" + kSeat[state.seat_of_colour(w)] + ") wins";
    return reason.empty() ? head : head + ": " + reason;
  }
  return title(game.colour_name(state.to_move())) + " to move (" + kSeat[state.seat_to_move()] + ")";
}

void throw_illegal(std::string_view text, std::string_view reason) {
  throw LudusError("illegal move '" + std::string(text) + "': " + std::string(reason));
}

}  // namespace ludus
