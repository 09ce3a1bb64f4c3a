#include "ai/player.h"

#include <vector>

#include "core/error.h"
#include "core/random.h"

namespace ludus::ai {
namespace {

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  MoveChoice choose(const History& history) override {
    history.state().legal_actions(actions_);
    MoveChoice c;
    c.action = actions_[rng_.below(static_cast<uint32_t>(actions_.size()))];
    return c;
  }

 private:
  Rng rng_;
  std::vector<Action> actions_;
};

}  // namespace

std::unique_ptr<Player> make_player(const std::string& spec, const PlayerConfig& config) {
  if (spec == "random") return std::make_unique<RandomPlayer>(config.seed);
  throw LudusError("bad AI spec '" + spec + "' (expected random, easy, medium, hard, max or mcts:iters=N,time=Ns)");
}

}  // namespace ludus::ai
