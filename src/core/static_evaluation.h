// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <cmath>

// An optional side of a State, offered by State::static_evaluation() (like PriorTactics):
// a judgement of the position without playing it out.  The search backs these values up
// through its tree beside the playout results ("implicit minimax backups": Lanctot,
// Winands, Pepels and Sturtevant, "Monte Carlo Tree Search with Heuristic Evaluations
// using Implicit Minimax Backups", 2014), so a move that gives away what the evaluation
// sees is recognised after one visit of each reply instead of many playouts.

namespace ludus {

class StaticEvaluation {
 public:
  virtual ~StaticEvaluation() = default;
  // The estimated chance, in [0, 1], that `colour` wins from this position (1 or 0 once
  // the game is over).  Called once for each new node of a search tree: keep it cheap.
  virtual float win_estimate(int colour) const = 0;
  // The same with the measure of the side to move weighed `tempo` times (1: as above), for
  // games whose measure is a race that the mover leads by a move; the others ignore it.
  virtual float win_estimate(int colour, float tempo) const { return win_estimate(colour); }
};

// The chance a game's lead in its own measure reads as: 1 / (1 + e^(-scale * lead)), one
// half when even.  The one logistic every game's win_estimate maps its lead through.
inline float chance_of_lead(float scale, float lead) { return 1.0f / (1.0f + std::exp(-scale * lead)); }

}  // namespace ludus
