#include "ai/game_profiles.h"

#include <string>

namespace ludus::ai {

MctsConfig with_game_profile(const MctsConfig& config, const SearchProfile& profile) {
  MctsConfig out = config;
  if (!config.rave_chosen) out.rave = profile.rave;
  if (!config.exploration_chosen) out.exploration = profile.exploration;
  if (!config.rave_bias_chosen) out.rave_bias = profile.rave_bias;
  if (!config.playout_chosen) out.guided_playouts = profile.guided_playouts;
  if (!config.minimax_chosen) out.minimax_weight = profile.minimax_weight;
  if (config.priors == "auto") out.priors = profile.priors ? "on" : "off";
  return out;
}

MctsConfig with_game_profile(const MctsConfig& config, const GameInfo& game) {
  return with_game_profile(config, config.generation == SearchGeneration::kV1 ? v1_game_profile(game) : game.search);
}

// The values below are a record, not defaults: change them never (a new generation gets
// its own table).  tests/ai/spec_parser_test.cpp checks each one.
MctsConfig v1_config(const MctsConfig& config) {
  MctsConfig v1 = config;
  v1.generation = SearchGeneration::kV1;
  v1.exploration = 0.4;
  v1.rave = true;
  v1.amaf_source = AmafSource::kAuto;
  v1.rave_bias = 0.002;
  v1.solver = true;
  v1.first_play_urgency = 1.0;
  v1.expand_threshold = 2;
  v1.guided_playouts = false;
  v1.root_check_budget = 200000;
  v1.threat_budget = 0;  // the threat search came after v1
  v1.opening_table = false;  // so did the tables of first moves
  v1.pie_by_value = false;   // and the swap decided by the value of declining
  v1.minimax_weight = 0;     // and the implicit minimax backups
  v1.parallelism = Parallelism::kTree;
  v1.max_nodes = int64_t{1} << 23;
  v1.reuse_tree = true;
  v1.priors = "off";  // learned priors came after v1
  v1.prior_weight = 1.0;
  v1.prior_visits = 16;
  v1.time_extension = 1.0;  // v1 never ran past its share of a game budget
  return v1;
}

SearchProfile v1_game_profile(const GameInfo& game) {
  const std::string& name = game.name;
  SearchProfile v1;
  if (name == "n-mesh" || name == "epoxy") v1 = {.rave = false, .exploration = 0.4, .guided_playouts = false};
  else if (name == "ndengrod") v1 = {.rave = false, .exploration = 0.4, .guided_playouts = true};
  else if (name == "netted" || name == "trellis") v1 = {.rave = true, .exploration = 0.1, .guided_playouts = false};
  else v1 = game.search;
  v1.rave_bias = 0.002;
  v1.priors = false;
  v1.minimax_weight = 0;
  return v1;
}

}  // namespace ludus::ai
