// SPDX-License-Identifier: Apache-2.0
#include "ai/slipping_player.h"

#include <utility>

#include "ai/mcts_config.h"
#include "core/history.h"

namespace ludus::ai {

double beginner_slip(const GameInfo& game) {
  // Random's score against the beginner in 400 games with its 95% Wilson interval (`ludus
  // match GAME --a random --b beginner --games 400 --threads 2`, seed 1); the scans that
  // chose each value are in docs/ai.md, "The beginner level".
  if (game.name == "n-mesh") return 0.85;    // 37.5% [32.9%, 42.3%]
  if (game.name == "netted") return 0.9;     // 32.5% [28.1%, 37.2%]
  if (game.name == "ndengrod") return 0.96;  // 34.5% [30.0%, 39.3%]
  if (game.name == "trellis") return 0.97;   // 34.4% [29.9%, 39.2%], 9 draws
  if (game.name == "epoxy") return 0.92;     // 34.0% [29.5%, 38.8%]
  return 0.9;                                // a game not measured yet
}

namespace {

// Whether `action` wins for `mover` before the other side moves: at once, or (Epoxy's
// two-action turns) with a further action of the same turn.
bool wins_within_turn(const State& state, Action action, int mover) {
  const bool turn_goes_on = !state.ends_turn(action);
  std::unique_ptr<State> next = state.clone();
  next->apply(action);
  if (next->is_terminal()) return next->winning_seat() == mover;
  if (!turn_goes_on) return false;
  for (Action more : next->legal_actions())
    if (wins_within_turn(*next, more, mover)) return true;
  return false;
}

}  // namespace

std::optional<Action> win_in_one(const State& state) {
  if (state.is_terminal()) return std::nullopt;
  const int mover = state.seat_to_move();
  for (Action action : state.legal_actions())
    if (wins_within_turn(state, action, mover)) return action;
  return std::nullopt;
}

SlippingPlayer::SlippingPlayer(std::unique_ptr<Player> inner, double slip, uint64_t seed)
    : inner_(std::move(inner)), slip_(slip), rng_(seed ^ 0x5119D1A7E5ull) {}

MoveChoice SlippingPlayer::choose(const History& history) {
  const State& state = history.state();
  MoveChoice choice;
  // A slip sees nothing, not even a win in one: a player that always took those would beat
  // the random mover far too often (docs/ai.md, "The beginner level").  One draw a turn, at
  // its first action: a turn is a slip as a whole, so a turn that is not one sees a win that
  // takes both of Epoxy's actions.
  if (!history.mid_turn()) slipping_ = rng_.uniform() < (slip_ >= 0 ? slip_ : beginner_slip(state.game().info()));
  if (slipping_) {
    state.legal_actions(actions_);
    choice.action = actions_[rng_.below(static_cast<uint32_t>(actions_.size()))];
    choice.info = "a random move (slip)";
    return choice;
  }
  if (auto win = win_in_one(state)) {
    choice.action = *win;
    choice.info = "wins within the turn";
    return choice;
  }
  return inner_->choose(history);
}

}  // namespace ludus::ai
