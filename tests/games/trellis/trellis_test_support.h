// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small helpers for the Trellis tests: a game of a given size and a position reached by
// playing move texts.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/registry.h"
#include "games/trellis/trellis_state.h"

namespace ludus::trellis::test {

inline std::shared_ptr<const TrellisGame> trellis_game(int size = kDefaultSize) {
  return std::dynamic_pointer_cast<const TrellisGame>(make_game("trellis", {{"size", std::to_string(size)}}));
}

// Point name from 0-based column and row.
inline std::string point(int col, int row) { return std::string(1, char('a' + col)) + std::to_string(row + 1); }

class Position {
 public:
  explicit Position(int size = 7) : game_(trellis_game(size)), state_(game_->new_initial_state()) {}
  Position(const Position& other) : game_(other.game_), state_(other.state_->clone()) {}

  TrellisState& state() { return static_cast<TrellisState&>(*state_); }
  const TrellisGame& game() const { return *game_; }
  int site(const std::string& name) const { return game_->geometry().parse(name, nullptr); }

  // Plays blank-separated moves ("d1 pass d2,d5 swap"); fails the test on an illegal one.
  Position& play(const std::string& moves) {
    std::istringstream in(moves);
    for (std::string move; in >> move;) {
      Action a = kNoAction;
      try {
        a = state_->parse_action(move);
      } catch (const LudusError& e) {
        ADD_FAILURE() << e.what();
        return *this;
      }
      EXPECT_TRUE(state_->is_legal(a)) << move;
      state_->apply(a);
    }
    return *this;
  }

  // The error message parse_action gives for `move`, or "legal".
  std::string error(const std::string& move) const {
    try {
      state_->parse_action(move);
    } catch (const LudusError& e) {
      return e.what();
    }
    return "legal";
  }

 private:
  std::shared_ptr<const TrellisGame> game_;
  std::unique_ptr<State> state_;
};

}  // namespace ludus::trellis::test
