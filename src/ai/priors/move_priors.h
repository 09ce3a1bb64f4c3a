// SPDX-License-Identifier: Apache-2.0
#pragma once
// Learned move priors for the search tree: the probability the weights (prior_weights.h)
// give each legal move of a position, P(m) = γ(m) / Σ γ, computed once when a node is
// expanded.  One object per search thread (the feature extractor keeps the board it read).
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ai/priors/move_features.h"
#include "ai/priors/prior_weights.h"
#include "core/game.h"

namespace ludus::ai::priors {

class MovePriors {
 public:
  // Precondition: the weights fit the tables' game (see load_priors).
  MovePriors(std::shared_ptr<const FeatureTables> tables, const PriorWeights& weights);

  // Probabilities of `moves` (legal in `state`, reached by `last` after `earlier`; either
  // may be kNoAction), in their order; valid until the next call.  Allocates only while
  // its buffer grows.
  std::span<const float> probabilities(const State& state, Action last, Action earlier, std::span<const Action> moves);
  // Storage a caller may gather moves in before calling probabilities().
  std::vector<Action>& move_buffer() { return moves_; }

 private:
  const PriorWeights& weights_;
  FeatureExtractor features_;
  std::vector<float> probabilities_;
  std::vector<Action> moves_;
};

// The feature tables of a game's board, built once per process and option set.
std::shared_ptr<const FeatureTables> shared_feature_tables(const Game& game);

// The weights a spec asks for: "" or "on" the compiled-in ones for the game's options (null
// when there are none), "off" null, otherwise a file read now.  Throws LudusError with one
// line when a file cannot be read or does not fit the game.  A file is read once per process.
// `latest_search`: whether the search is the latest generation (PriorWeights::for_game); a
// file named in the spec is used by any.
std::shared_ptr<const PriorWeights> load_priors(const std::string& choice, const Game& game, bool latest_search);

}  // namespace ludus::ai::priors
