// SPDX-License-Identifier: Apache-2.0
#include "ai/priors/move_priors.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "core/error.h"

namespace ludus::ai::priors {

MovePriors::MovePriors(std::shared_ptr<const FeatureTables> tables, const PriorWeights& weights)
    : weights_(weights), features_(std::move(tables)) {
  for (int group : {kLines, kTactics})
    if (weights.flat(group)) features_.skip(group);
}

std::span<const float> MovePriors::probabilities(const State& state, Action last, Action earlier,
                                                 std::span<const Action> moves) {
  features_.set_position(state, last, earlier);
  probabilities_.resize(moves.size());
  float total = 0;
  for (size_t i = 0; i < moves.size(); ++i) total += probabilities_[i] = weights_.strength(features_.extract(state, moves[i]));
  for (float& p : probabilities_) p /= total;
  return probabilities_;
}

namespace {

std::string board_key(const Game& game) {
  std::string key = game.name();
  for (const auto& [name, value] : game.options().values()) key += " " + name + "=" + value;
  return key;
}

}  // namespace

std::shared_ptr<const FeatureTables> shared_feature_tables(const Game& game) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const FeatureTables>> tables;
  std::lock_guard lock(mutex);
  auto& entry = tables[board_key(game)];
  if (!entry) entry = std::make_shared<const FeatureTables>(game);
  return entry;
}

std::shared_ptr<const PriorWeights> load_priors(const std::string& choice, const Game& game, bool latest_search) {
  if (choice == "off" || !game.board_geometry()) return nullptr;
  if (choice.empty() || choice == "on") {
    const PriorWeights* compiled = PriorWeights::for_game(game, latest_search);
    return compiled ? std::shared_ptr<const PriorWeights>(compiled, [](const PriorWeights*) {}) : nullptr;
  }
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const PriorWeights>> files;  // path -> weights
  std::shared_ptr<const PriorWeights> weights;
  {
    std::lock_guard lock(mutex);
    weights = files[choice];
  }
  if (!weights) {
    std::ifstream in(choice, std::ios::binary);
    if (!in) throw LudusError("cannot read the priors file " + choice);
    std::ostringstream text;
    text << in.rdbuf();
    try {
      weights = std::make_shared<const PriorWeights>(PriorWeights::parse(text.str()));
    } catch (const LudusError& e) {
      throw LudusError(choice + ": " + e.what());
    }
    std::lock_guard lock(mutex);
    files[choice] = weights;
  }
  std::string why;
  if (!weights->fits(game, FeatureExtractor(shared_feature_tables(game)), &why)) throw LudusError(choice + ": " + why);
  return weights;
}

}  // namespace ludus::ai::priors
