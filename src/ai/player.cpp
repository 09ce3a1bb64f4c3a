// SPDX-License-Identifier: Apache-2.0
#include "ai/player.h"

#include <vector>

#include "ai/mcts_player.h"
#include "ai/slipping_player.h"
#include "ai/solver/book_player.h"
#include "ai/spec_parser.h"
#include "core/random.h"

namespace ludus::ai {
namespace {

class RandomPlayer : public Player {
 public:
  RandomPlayer(std::string name, uint64_t seed) : name_(std::move(name)), rng_(seed) {}
  std::string name() const override { return name_; }
  MoveChoice choose(const History& history) override {
    history.state().legal_actions(actions_);
    MoveChoice c;
    c.action = actions_[rng_.below(static_cast<uint32_t>(actions_.size()))];
    return c;
  }

 private:
  std::string name_;
  Rng rng_;
  std::vector<Action> actions_;
};

}  // namespace

std::unique_ptr<Player> make_player(const std::string& spec, const PlayerConfig& config) {
  PlayerSpec parsed = parse_player_spec(spec, config);
  if (parsed.random) return std::make_unique<RandomPlayer>(spec, parsed.mcts.seed);
  std::unique_ptr<Player> player = std::make_unique<MctsPlayer>(spec, parsed.mcts);
  // Proven wins from the opening book first (data/solved/), the search elsewhere.
  if (parsed.mcts.opening_book) player = std::make_unique<solver::BookPlayer>(std::move(player));
  if (parsed.mcts.slip != 0)
    player = std::make_unique<SlippingPlayer>(std::move(player), parsed.mcts.slip, parsed.mcts.seed);
  return player;
}

std::vector<std::string> choose_turn(Player& player, const History& history) {
  History line = history;
  const PlyMover mover = line.next_mover();
  std::vector<std::string> plies;
  do {
    const Action action = player.choose(line).action;
    plies.push_back(line.state().action_to_text(action));
    line.play(action);
  } while (!line.is_over() && line.next_mover() == mover);
  return plies;
}

}  // namespace ludus::ai
