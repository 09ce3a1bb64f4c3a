// SPDX-License-Identifier: Apache-2.0
#pragma once
// Learns move-feature strengths from recorded games: every position where the mover had a
// choice is a "competition" the played move won against the other legal moves; a move's
// strength is the product of its features' γ (move_features.h).  The fit is Hunter's
// minorization-maximization as Coulom applied it to move patterns (2007): each group's γ
// in turn, γ_v <- (W_v + 1) / (C_v + 2 / (γ_v + 1)), where W_v counts the played moves with
// value v, C_v sums over positions the strength of v's team mates divided by the position's
// total strength, and the 1 and 2/(γ+1) are the prior (a virtual win and loss against
// γ = 1) that keeps rare values near 1.  Positions of held-out games are not fitted but
// measured, so the report shows how well the weights predict unseen play.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ai/priors/move_features.h"
#include "ai/priors/prior_weights.h"
#include "core/game.h"

namespace ludus::ai::priors {

struct PredictionReport {
  int64_t positions = 0;
  double log_likelihood = 0;  // mean log P(played move) per position
  double top1 = 0;            // share of positions whose played move had the highest strength
  double uniform_log_likelihood = 0;  // the same for equal strengths, to compare with
};

class PriorTrainer {
 public:
  explicit PriorTrainer(std::shared_ptr<const Game> game);

  // Adds the positions of one game, played from the start (actions legal in turn).
  void add_game(std::span<const Action> actions, bool held_out);
  int64_t positions(bool held_out) const;
  int64_t moves() const { return static_cast<int64_t>(moves_.size()); }

  // Runs `iterations` rounds over every group.
  PriorWeights fit(int iterations) const;
  PredictionReport evaluate(const PriorWeights& weights, bool held_out) const;

 private:
  struct Position {
    uint32_t first = 0;   // index of its first move in moves_
    uint32_t count = 0;   // legal moves
    uint32_t played = 0;  // index of the played move among them
    bool held_out = false;
  };
  std::shared_ptr<const Game> game_;
  FeatureExtractor features_;
  std::vector<MoveFeatures> moves_;
  std::vector<Position> positions_;
};

}  // namespace ludus::ai::priors
