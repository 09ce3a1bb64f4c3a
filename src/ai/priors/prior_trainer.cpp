// SPDX-License-Identifier: Apache-2.0
#include "ai/priors/prior_trainer.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/error.h"

namespace ludus::ai::priors {

PriorTrainer::PriorTrainer(std::shared_ptr<const Game> game) : game_(std::move(game)), features_(*game_) {}

void PriorTrainer::add_game(std::span<const Action> actions, bool held_out) {
  auto state = game_->new_initial_state();
  std::vector<Action> legal;
  Action last = kNoAction, earlier = kNoAction;
  for (size_t ply = 0; ply < actions.size(); ++ply) {
    const Action played = actions[ply];
    if (state->is_terminal()) break;
    state->legal_actions(legal);
    const auto it = std::find(legal.begin(), legal.end(), played);
    // (The action is not named: an id that is no move at all has no text.)
    if (it == legal.end()) throw LudusError(fmt::format("move {} of a game to learn from is not legal there", ply + 1));
    if (legal.size() > 1) {
      Position p;
      p.first = static_cast<uint32_t>(moves_.size());
      p.count = static_cast<uint32_t>(legal.size());
      p.played = static_cast<uint32_t>(it - legal.begin());
      p.held_out = held_out;
      features_.set_position(*state, last, earlier);
      for (Action a : legal) moves_.push_back(features_.extract(*state, a));
      positions_.push_back(p);
    }
    earlier = last;
    last = played;
    state->apply(played);
  }
}

int64_t PriorTrainer::positions(bool held_out) const {
  return std::count_if(positions_.begin(), positions_.end(), [&](const Position& p) { return p.held_out == held_out; });
}

PriorWeights PriorTrainer::fit(int iterations) const {
  std::array<int, kGroupCount> sizes{};
  for (int g = 0; g < kGroupCount; ++g) sizes[g] = features_.group_size(g);
  std::array<std::vector<double>, kGroupCount> gamma;
  for (int g = 0; g < kGroupCount; ++g) gamma[g].assign(static_cast<size_t>(sizes[g]), 1.0);
  // W_v: how often the played move had value v (fitted positions only); fixed.
  std::array<std::vector<double>, kGroupCount> wins;
  for (int g = 0; g < kGroupCount; ++g) wins[g].assign(static_cast<size_t>(sizes[g]), 0.0);
  for (const Position& p : positions_)
    if (!p.held_out)
      for (int g = 0; g < kGroupCount; ++g) wins[g][moves_[p.first + p.played][static_cast<size_t>(g)]] += 1;

  std::vector<double> strength(moves_.size());
  std::vector<double> mates(static_cast<size_t>(*std::max_element(sizes.begin(), sizes.end())));
  for (int round = 0; round < iterations; ++round) {
    for (int g = 0; g < kGroupCount; ++g) {
      for (size_t m = 0; m < moves_.size(); ++m) {
        double s = 1;
        for (int h = 0; h < kGroupCount; ++h) s *= gamma[h][moves_[m][static_cast<size_t>(h)]];
        strength[m] = s;
      }
      std::fill(mates.begin(), mates.begin() + sizes[g], 0.0);
      for (const Position& p : positions_) {
        if (p.held_out) continue;
        double total = 0;
        for (uint32_t i = 0; i < p.count; ++i) total += strength[p.first + i];
        for (uint32_t i = 0; i < p.count; ++i) {
          const auto& f = moves_[p.first + i];
          const double own = gamma[g][f[static_cast<size_t>(g)]];
          mates[f[static_cast<size_t>(g)]] += strength[p.first + i] / own / total;
        }
      }
      for (int v = 0; v < sizes[g]; ++v) {
        double& gv = gamma[g][static_cast<size_t>(v)];
        gv = (wins[g][static_cast<size_t>(v)] + 1.0) / (mates[static_cast<size_t>(v)] + 2.0 / (gv + 1.0));
      }
    }
  }
  PriorWeights weights(game_->name(), game_->options().values(), sizes);
  for (int g = 0; g < kGroupCount; ++g)
    for (int v = 0; v < sizes[g]; ++v) {
      const double log_gamma = std::log(gamma[g][static_cast<size_t>(v)]);
      // Values the games never showed stay at the prior's 1 (and out of the file).
      if (std::fabs(log_gamma) >= 0.0005) weights.set_log_gamma(g, v, static_cast<float>(std::clamp(log_gamma, -20.0, 20.0)));
    }
  return weights;
}

PredictionReport PriorTrainer::evaluate(const PriorWeights& weights, bool held_out) const {
  PredictionReport r;
  for (const Position& p : positions_) {
    if (p.held_out != held_out) continue;
    float max_log = -1e30f;
    for (uint32_t i = 0; i < p.count; ++i) max_log = std::max(max_log, weights.log_strength(moves_[p.first + i]));
    uint32_t tied = 0;  // moves sharing the highest strength
    for (uint32_t i = 0; i < p.count; ++i) tied += weights.log_strength(moves_[p.first + i]) == max_log;
    double total = 0;
    for (uint32_t i = 0; i < p.count; ++i) total += std::exp(weights.log_strength(moves_[p.first + i]) - max_log);
    const double played = weights.log_strength(moves_[p.first + p.played]) - max_log;
    r.log_likelihood += played - std::log(total);
    r.uniform_log_likelihood -= std::log(static_cast<double>(p.count));
    // A played move among k tied best ones is a 1/k hit (a coin would pick it that often).
    if (played == 0.0) r.top1 += 1.0 / tied;
    ++r.positions;
  }
  if (r.positions) {
    r.log_likelihood /= static_cast<double>(r.positions);
    r.uniform_log_likelihood /= static_cast<double>(r.positions);
    r.top1 /= static_cast<double>(r.positions);
  }
  return r;
}

}  // namespace ludus::ai::priors
