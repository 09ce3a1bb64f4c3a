// SPDX-License-Identifier: Apache-2.0
#pragma once
// A player that makes deliberate mistakes, for the `beginner` level (spec_parser.cpp) and
// any spec with `slip=P`: on every turn it
//   1. with probability P plays uniformly random legal moves (the slip: it sees nothing);
//   2. else takes a move that wins within the turn when there is one;
//   3. else lets the player it wraps choose (a small search, which also blocks the
//      opponent's win in one).
// Every move it plays is legal (it picks among State::legal_actions or the inner player's).
// Why a slip misses wins in one too: a player that always took them and otherwise moved at
// random still beat the random mover 80-94% in Ndengrod, N-Mesh and Netted (docs/ai.md,
// "The beginner level").
#include <memory>
#include <optional>
#include <vector>

#include "ai/player.h"
#include "core/random.h"

namespace ludus::ai {

class SlippingPlayer : public Player {
 public:
  // Precondition: 0 <= slip <= 1, or MctsConfig::kGameBeginnerSlip for the game's
  // beginner_slip (looked up on each turn, from the position's game).
  SlippingPlayer(std::unique_ptr<Player> inner, double slip, uint64_t seed);
  std::string name() const override { return inner_->name(); }
  MoveChoice choose(const History& history) override;
  void new_game() override { inner_->new_game(); }

 private:
  std::unique_ptr<Player> inner_;
  double slip_;
  Rng rng_;
  bool slipping_ = false;  // the current turn is a slip
  std::vector<Action> actions_;
};

// The slip of the `beginner` level in `game`: set per game so that the uniformly random
// player scores 30-40% against it (the matches are beside the values).
double beginner_slip(const GameInfo& game);

// A legal move of the seat to move in `state` that wins before the other seat moves: the
// game is over after it, won by that seat, or (Epoxy) after a further action of the same
// turn; the first in legal_actions' order; nullopt when none (or the game is over).
std::optional<Action> win_in_one(const State& state);

}  // namespace ludus::ai
