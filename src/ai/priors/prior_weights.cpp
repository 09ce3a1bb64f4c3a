// SPDX-License-Identifier: Apache-2.0
#include "ai/priors/prior_weights.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/data_file.h"
#include "core/embedded_file.h"
#include "core/error.h"
#include "core/number_text.h"
#include "core/text.h"

namespace ludus {
extern const EmbeddedFile kPriorWeights[];
extern const int kPriorWeights_count;
}  // namespace ludus

namespace ludus::ai::priors {
namespace {

const std::vector<PriorWeights>& compiled() {
  static const std::vector<PriorWeights> all = [] {
    std::vector<PriorWeights> out;
    for (int i = 0; i < kPriorWeights_count; ++i) out.push_back(PriorWeights::parse(kPriorWeights[i].text()));
    return out;
  }();
  return all;
}

}  // namespace

PriorWeights::PriorWeights(std::string game, std::map<std::string, std::string> options,
                           std::array<int, kGroupCount> sizes)
    : game_(std::move(game)), options_(std::move(options)) {
  for (int g = 0; g < kGroupCount; ++g) {
    log_gamma_[static_cast<size_t>(g)].assign(static_cast<size_t>(sizes[g]), 0.0f);
    gamma_[static_cast<size_t>(g)].assign(static_cast<size_t>(sizes[g]), 1.0f);
  }
}

void PriorWeights::set_log_gamma(int group, int value, float log_gamma) {
  log_gamma_[static_cast<size_t>(group)][static_cast<size_t>(value)] = log_gamma;
  gamma_[static_cast<size_t>(group)][static_cast<size_t>(value)] = std::exp(log_gamma);
}

bool PriorWeights::flat(int group) const {
  const auto& values = log_gamma_[static_cast<size_t>(group)];
  return std::all_of(values.begin(), values.end(), [](float v) { return v == 0.0f; });
}

PriorWeights PriorWeights::parse(std::string_view text) {
  std::string game;
  std::map<std::string, std::string> options;
  std::array<int, kGroupCount> sizes{};
  bool have_sizes = false;
  bool latest_only = false;
  std::unique_ptr<PriorWeights> weights;
  for_each_data_line(text, "priors file", [&](const DataLine& line) {
    const auto& w = line.words;
    if (w[0] == "game" && w.size() == 2 && !weights) {
      game = w[1];
    } else if (w[0] == "options" && !weights) {
      options = parse_option_words(w);
    } else if (w[0] == "generation" && !weights) {
      if (w.size() != 2 || w[1] != "latest") throw LudusError("the generation line must say 'generation latest'");
      latest_only = true;
    } else if (w[0] == "sizes" && !weights) {
      // Files from before kLines or kTactics list fewer groups: those keep γ = 1.
      if (w.size() < kLines + 1 || w.size() > kGroupCount + 1)
        throw LudusError(fmt::format("sizes needs {} to {} numbers", int(kLines), int(kGroupCount)));
      sizes[kLines] = kLinesValues;
      sizes[kTactics] = kPriorTacticValues;
      for (int g = 0; g + 1 < static_cast<int>(w.size()); ++g)
        if (!parse_number(w[static_cast<size_t>(g) + 1], sizes[g]) || sizes[g] < 1 || sizes[g] > 65536)
          throw LudusError("a group size must be a number from 1 to 65536");
      have_sizes = true;
    } else {
      if (w.size() != 3) throw LudusError(fmt::format("unknown line '{}'", line.text));
      int group = 0;
      while (group < kGroupCount && w[0] != group_name(group)) ++group;
      if (group == kGroupCount) throw LudusError(fmt::format("unknown feature group '{}'", w[0]));
      if (game.empty() || !have_sizes) throw LudusError("weights before the game and sizes lines");
      if (!weights) weights = std::make_unique<PriorWeights>(game, options, sizes);
      int value = 0;
      float log_gamma = 0;
      if (!parse_number(w[1], value) || value < 0 || value >= sizes[group]) throw LudusError("value out of range");
      if (!parse_number(w[2], log_gamma) || !std::isfinite(log_gamma) || std::fabs(log_gamma) > 50)
        throw LudusError("log gamma must be a number from -50 to 50");
      weights->set_log_gamma(group, value, log_gamma);
    }
  });
  if (game.empty()) throw LudusError("bad priors file: no game line");
  if (!have_sizes) throw LudusError("bad priors file: no sizes line");
  if (!weights) weights = std::make_unique<PriorWeights>(game, options, sizes);
  weights->latest_only_ = latest_only;
  return std::move(*weights);
}

std::string PriorWeights::format(const std::vector<std::string>& comment) const {
  std::string out = data_file_header(comment, game_, options_);
  if (latest_only_) out += "generation latest\n";
  out += "sizes";
  for (int g = 0; g < kGroupCount; ++g) out += fmt::format(" {}", group_size(g));
  out += "\n";
  for (int g = 0; g < kGroupCount; ++g)
    for (int v = 0; v < group_size(g); ++v)
      if (log_gamma(g, v) != 0.0f) out += fmt::format("{} {} {:.4f}\n", group_name(g), v, log_gamma(g, v));
  return out;
}

const PriorWeights* PriorWeights::for_game(const Game& game, bool latest_search) {
  // The file for exactly these options; the latest search takes one made for it over one
  // the frozen profiles share.
  auto find = [&](const std::map<std::string, std::string>& options) {
    const PriorWeights* found = nullptr;
    for (const PriorWeights& w : compiled())
      if (w.game_ == game.name() && w.options_ == options && (latest_search || !w.latest_only_) &&
          (!found || (w.latest_only_ && !found->latest_only_)))
        found = &w;
    return found;
  };
  if (const PriorWeights* found = find(game.options().values())) return found;
  // Without the pie rule the latest search reads the board with the weights learnt with it:
  // the swap is one move of the second turn, and the features read the same stones.  The
  // frozen profiles were recorded without them (v2 had no priors there).
  const std::string& pie = game.info().pie.option;
  if (!latest_search || pie.empty() || game.offers_pie()) return nullptr;
  auto with_pie = game.options().values();
  with_pie[pie] = "on";
  return find(with_pie);
}

std::vector<const PriorWeights*> PriorWeights::compiled_in() {
  std::vector<const PriorWeights*> out;
  for (const PriorWeights& w : compiled()) out.push_back(&w);
  return out;
}

bool PriorWeights::fits(const Game& game, const FeatureExtractor& features, std::string* why) const {
  std::string reason;
  if (game_ != game.name()) {
    reason = fmt::format("the priors are for {}, not {}", game_, game.name());
  } else if (options_ != game.options().values()) {
    reason = "the priors are for other options of " + game_;
  } else {
    for (int g = 0; g < kGroupCount && reason.empty(); ++g)
      if (group_size(g) != features.group_size(g))
        reason = fmt::format("the priors' {} group has {} values, this build's {}", group_name(g), group_size(g),
                             features.group_size(g));
  }
  if (why) *why = reason;
  return reason.empty();
}

}  // namespace ludus::ai::priors
