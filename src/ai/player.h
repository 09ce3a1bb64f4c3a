// SPDX-License-Identifier: Apache-2.0
#pragma once
// A computer player: chooses a move for the side to move of a game in progress.
// Players are built from text specs so every front end (play, match, gtp, server)
// accepts the same strings (full grammar in ai/spec_parser.h):
//   random                 uniformly random legal move
//   beginner               easy, but with the game's probability per turn of random moves
//                          (slipping_player.h): random scores 30-40% against it
//   easy                   MCTS, 200 iterations a move
//   medium                 MCTS, 2000 iterations a move
//   hard                   MCTS, 1 s a move on every core
//   max                    MCTS, 5 s a move on every core
//   mcts:iters=N,time=2s,total=5m,threads=2,c=0.4,rave=on,solver=on,seed=N   raw settings
// Levels take overrides too: "hard:threads=1,total=10m".
// Front ends must pick the player by SEAT (State::seat_to_move()), not by colour: a
// pie/swap rule can give a seat the other colour, and in Trellis one seat plays both
// colours in the opening.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/history.h"

namespace ludus::ai {

enum class ProvenResult { kNone, kWin, kLoss, kDraw };

// What the search thought of one legal move at the root (for analysis: clarity, decision moves).
struct RootMoveStat {
  Action action = kNoAction;
  int64_t visits = 0;
  double win_rate = 0.5;  // expected score of the move for the mover, in [0, 1]
};

struct MoveChoice {
  Action action = kNoAction;
  // Search statistics for people: iterations, value, principal variation ...
  int64_t iterations = 0;
  double value = 0.0;  // expected result for the mover in [-1, 1] (0 when unknown)
  std::string info;
  // Filled by the MCTS player.
  ProvenResult proven = ProvenResult::kNone;  // solved by the search, for the mover
  int proven_plies = 0;                       // plies to the end under perfect play
  // proven_plies of a proof resting on the opening book, which stores who wins, not how soon.
  static constexpr int kBookProofPlies = 65536;
  bool proven_length_known() const { return proven != ProvenResult::kNone && proven_plies < kBookProofPlies; }
  int64_t tree_nodes = 0;                     // nodes in the search tree(s) afterwards
  int64_t reused_nodes = 0;                   // nodes carried over from the previous move
  // Visits of the new root carried over: what earlier searches spent below the moves
  // played since (0 when the tree was rebuilt), all trees together.
  int64_t reused_visits = 0;
  double seconds = 0;                         // wall time spent choosing
  std::vector<std::string> best_line;         // principal variation, canonical texts
  // Every root move the search looked at (empty for a forced move or a random player).
  std::vector<RootMoveStat> root_moves;
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

// The player's whole turn from `history` (History::play_turn takes whole turns): choose()
// ply by ply on a copy until another mover is to move or the game is over (Epoxy's two
// actions).  Returns the texts of the plies; join_plies (core/notation.h) writes the turn.
// Precondition: !history.is_over().
std::vector<std::string> choose_turn(Player& player, const History& history);

}  // namespace ludus::ai
