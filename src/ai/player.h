#pragma once
// A computer player: chooses a move for the side to move of a game in progress.
// Players are built from text specs so every front end (play, match, gtp, server)
// accepts the same strings:
//   random                 uniformly random legal move
//   easy|medium|hard|max   MCTS strength levels (documented budgets)
//   mcts:iters=N,time=2s,total=5m,threads=2,...   raw MCTS settings
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/history.h"

namespace ludus::ai {

enum class ProvenResult { kNone, kWin, kLoss, kDraw };

struct MoveChoice {
  Action action = kNoAction;
  // Search statistics for people: iterations, value, principal variation ...
  int64_t iterations = 0;
  double value = 0.0;  // expected result for the mover in [-1, 1] (0 when unknown)
  std::string info;
  // Filled by the MCTS player.
  ProvenResult proven = ProvenResult::kNone;  // solved by the search, for the mover
  int proven_plies = 0;                       // plies to the end under perfect play
  int64_t tree_nodes = 0;                     // nodes in the search tree(s) afterwards
  int64_t reused_nodes = 0;                   // nodes carried over from the previous move
  double seconds = 0;                         // wall time spent choosing
  std::vector<std::string> best_line;         // principal variation, canonical texts
};

class Player {
 public:
  virtual ~Player() = default;
  // The spec it was built from, e.g. "hard" or "mcts:iters=1000".
  virtual std::string name() const = 0;
  // Chooses a legal move for the side to move; precondition: !history.is_over().
  virtual MoveChoice choose(const History& history) = 0;
  // Forget anything kept between moves (a new game starts).
  virtual void new_game() {}
};

struct PlayerConfig {
  uint64_t seed = 1;  // spec `seed=N` overrides
  int threads = 1;    // 0 = all hardware threads; spec `threads=N` overrides, and the
                      // levels hard and max use all hardware threads unless it does
};

// Throws LudusError("bad AI spec 'x': ...") on unknown specs.
std::unique_ptr<Player> make_player(const std::string& spec, const PlayerConfig& config = {});

}  // namespace ludus::ai
