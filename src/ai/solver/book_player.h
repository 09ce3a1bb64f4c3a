// SPDX-License-Identifier: Apache-2.0
#pragma once
// A computer player that plays perfectly wherever the opening book (opening_book.h) proves
// a win for it, and leaves every other position to the player it wraps (MCTS).
#include <map>
#include <memory>

#include "ai/player.h"
#include "ai/solver/exact_key.h"

namespace ludus::ai::solver {

class BookPlayer : public Player {
 public:
  explicit BookPlayer(std::unique_ptr<Player> inner) : inner_(std::move(inner)) {}
  std::string name() const override { return inner_->name(); }
  MoveChoice choose(const History& history) override;
  void new_game() override { inner_->new_game(); }
  // The player for positions the book does not decide.
  Player& inner() const { return *inner_; }

 private:
  std::unique_ptr<Player> inner_;
  // The keyer of the last game that had a book (built once per game, not per move).
  std::shared_ptr<const Game> keyed_game_;
  std::unique_ptr<ExactKeyer> keyer_;
};

}  // namespace ludus::ai::solver
