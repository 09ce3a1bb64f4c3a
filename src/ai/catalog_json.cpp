// SPDX-License-Identifier: Apache-2.0
#include "ai/catalog_json.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ai/level_ratings.h"
#include "ai/spec_parser.h"
#include "core/registry.h"

namespace ludus::ai {
namespace {

// The plain AI levels' measured ratings on `game`'s default board (data/ai-ratings.json),
// weakest first.  The ladder's rungs between the levels (e.g. "beginner:slip=0.4") are not
// offered to players, so not listed.
nlohmann::json ai_levels_json(const std::string& game) {
  nlohmann::json levels = nlohmann::json::array();
  const GameLevelRatings* measured = measured_level_ratings(game);
  if (!measured) return levels;
  auto end = [](double value) { return std::isfinite(value) ? nlohmann::json(std::lround(value)) : nlohmann::json(); };
  for (const LevelRating& l : measured->levels)
    if (is_plain_level(l.level))
      levels.push_back({{"level", "ai:" + l.level}, {"rating", end(l.rating)}, {"low", end(l.low)},
                        {"high", end(l.high)}});
  return levels;
}

}  // namespace

nlohmann::json catalog_json() {
  nlohmann::json games = nlohmann::json::array();
  std::vector<GameEntry> entries = registered_games();
  std::stable_sort(entries.begin(), entries.end(), [](const GameEntry& a, const GameEntry& b) {
    return a.info->rules_section < b.info->rules_section;
  });
  for (const auto& entry : entries) {
    const GameInfo& info = *entry.info;
    nlohmann::json options = nlohmann::json::array();
    for (const auto& o : info.options) {
      nlohmann::json spec = {{"name", o.name}, {"default", o.default_value}, {"help", o.help}};
      if (o.kind == OptionSpec::Kind::Integer) {
        spec["type"] = "integer";
        spec["min"] = o.min;
        spec["max"] = o.max;
      } else {
        spec["type"] = "choice";
        spec["choices"] = o.choices;
      }
      options.push_back(spec);
    }
    nlohmann::json examples = nlohmann::json::array();
    for (const auto& example : info.turn_help.examples)
      examples.push_back({{"text", example.text}, {"meaning", example.meaning}});
    games.push_back({{"name", info.name},
                     {"title", info.title},
                     {"colours", info.colours},
                     {"summary", info.summary},
                     {"options", options},
                     {"stones_on", stone_sites_name(info.stones_on)},
                     {"draws", info.may_draw},
                     {"turn", {{"summary", info.turn_help.summary}, {"examples", examples}}},
                     {"ai_levels", ai_levels_json(info.name)}});
  }
  return {{"games", games}};
}

}  // namespace ludus::ai
