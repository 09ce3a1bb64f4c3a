// SPDX-License-Identifier: Apache-2.0
#pragma once
// Learned strengths of move features (move_features.h) for one game and option set, as
// written by `ludus train` and kept in data/priors/GAME.txt (compiled into the binary like
// the opening books; a file given with `mcts:priors=FILE` is read at run time).
//
// File format (text, one item per line, '#' comments):
//   game n-mesh
//   options pie=on size=6            every option of the game, as Game::options() holds them
//   generation latest                optional: only the latest search uses the file; the
//                                    frozen profiles (v1, v2) were recorded before it
//   sizes 2081 2081 5 5 5 37 32      the size of each feature group, in group order (files
//                                    from before the lines and tactics groups list five)
//   GROUP VALUE LOG_GAMMA            e.g. "pattern 17 1.2345"; values not listed have γ = 1
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/priors/move_features.h"
#include "core/game.h"

namespace ludus::ai::priors {

class PriorWeights {
 public:
  // γ = 1 for every value of groups of these sizes.
  PriorWeights(std::string game, std::map<std::string, std::string> options, std::array<int, kGroupCount> sizes);

  // Throws LudusError("bad priors file: line N: ...") for anything malformed.
  static PriorWeights parse(std::string_view text);
  // `comment` lines go first, as "# ..." (the command that made the file, its statistics).
  std::string format(const std::vector<std::string>& comment) const;

  // The compiled-in weights for the game's options, or null.  `latest_search`: whether the
  // search asking is the latest generation: it alone sees files marked latest_only (and
  // takes one over a shared file for the same options), and with the pie rule off it falls
  // back on the weights for the same options with it on.
  static const PriorWeights* for_game(const Game& game, bool latest_search);
  // Every compiled-in weights file.
  static std::vector<const PriorWeights*> compiled_in();
  // Whether these weights fit `game` (name, options and the extractor's group sizes);
  // otherwise `why` says what differs.
  bool fits(const Game& game, const FeatureExtractor& features, std::string* why) const;

  const std::string& game() const { return game_; }
  // Whether only the latest search uses these weights (the file's `generation latest`).
  bool latest_only() const { return latest_only_; }
  const std::map<std::string, std::string>& options() const { return options_; }
  int group_size(int group) const { return static_cast<int>(log_gamma_[static_cast<size_t>(group)].size()); }
  float log_gamma(int group, int value) const {
    return log_gamma_[static_cast<size_t>(group)][static_cast<size_t>(value)];
  }
  void set_log_gamma(int group, int value, float log_gamma);
  // Whether every value of `group` has γ = 1 (a file from before the group, or one that
  // learnt nothing from it).
  bool flat(int group) const;
  // log γ of a move: the sum over its groups.
  float log_strength(const MoveFeatures& f) const {
    float sum = 0;
    for (int g = 0; g < kGroupCount; ++g) sum += log_gamma_[static_cast<size_t>(g)][f[static_cast<size_t>(g)]];
    return sum;
  }
  // γ of a move: the product over its groups (what the search uses; no exp per move).
  float strength(const MoveFeatures& f) const {
    float product = 1;
    for (int g = 0; g < kGroupCount; ++g) product *= gamma_[static_cast<size_t>(g)][f[static_cast<size_t>(g)]];
    return product;
  }

 private:
  std::string game_;
  std::map<std::string, std::string> options_;
  bool latest_only_ = false;
  std::array<std::vector<float>, kGroupCount> log_gamma_;
  std::array<std::vector<float>, kGroupCount> gamma_;  // exp(log_gamma_)
};

}  // namespace ludus::ai::priors
