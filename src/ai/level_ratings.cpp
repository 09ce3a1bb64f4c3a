// SPDX-License-Identifier: Apache-2.0
#include "ai/level_ratings.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/embedded_file.h"
#include "core/error.h"

namespace ludus {
extern const EmbeddedFile kAiRatings[];
extern const int kAiRatings_count;
}  // namespace ludus

namespace ludus::ai {
namespace {

constexpr const char* kAbout =
    "Ratings of the AI levels per game (default board), from `ludus ladder` (docs/ai.md, "
    "\"Level ladder\"): beginner = 1000; low/high: 95% interval, null where unbounded.";

nlohmann::json end_json(double value) {
  return std::isfinite(value) ? nlohmann::json(std::lround(value)) : nlohmann::json(nullptr);
}

double end_value(const nlohmann::json& j, double unbounded) {
  return j.is_null() ? unbounded : j.get<double>();
}

}  // namespace

std::vector<GameLevelRatings> parse_level_ratings(std::string_view text) {
  std::vector<GameLevelRatings> out;
  try {
    const nlohmann::json file = nlohmann::json::parse(text);
    for (const auto& [name, g] : file.at("games").items()) {
      GameLevelRatings entry{name,
                             g.at("command").get<std::string>(),
                             g.at("date").get<std::string>(),
                             g.at("games_per_step").get<long long>(),
                             g.at("anchor").get<std::string>(),
                             g.at("anchor_rating").get<double>(),
                             {}};
      for (const auto& l : g.at("levels"))
        entry.levels.push_back({l.at("level").get<std::string>(),
                                end_value(l.at("rating"), std::numeric_limits<double>::infinity()),
                                end_value(l.at("low"), -std::numeric_limits<double>::infinity()),
                                end_value(l.at("high"), std::numeric_limits<double>::infinity())});
      out.push_back(std::move(entry));
    }
  } catch (const nlohmann::json::exception& e) {
    throw LudusError(std::string("bad AI ratings: ") + e.what());
  }
  return out;
}

std::string level_ratings_text(const std::vector<GameLevelRatings>& games) {
  nlohmann::ordered_json by_game = nlohmann::ordered_json::object();
  std::vector<const GameLevelRatings*> sorted;
  for (const auto& g : games) sorted.push_back(&g);
  std::sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) { return a->game < b->game; });
  for (const GameLevelRatings* g : sorted) {
    nlohmann::ordered_json levels = nlohmann::ordered_json::array();
    for (const LevelRating& l : g->levels)
      levels.push_back(nlohmann::ordered_json{{"level", l.level},
                                              {"rating", end_json(l.rating)},
                                              {"low", end_json(l.low)},
                                              {"high", end_json(l.high)}});
    by_game[g->game] = nlohmann::ordered_json{{"command", g->command},
                                              {"date", g->date},
                                              {"games_per_step", g->games_per_step},
                                              {"anchor", g->anchor},
                                              {"anchor_rating", std::lround(g->anchor_rating)},
                                              {"levels", levels}};
  }
  return nlohmann::ordered_json{{"about", kAbout}, {"games", by_game}}.dump(2) + "\n";
}

std::vector<GameLevelRatings> with_game_ratings(std::vector<GameLevelRatings> games, GameLevelRatings entry) {
  std::erase_if(games, [&](const GameLevelRatings& g) { return g.game == entry.game; });
  games.push_back(std::move(entry));
  return games;
}

const GameLevelRatings* measured_level_ratings(std::string_view game) {
  static const std::vector<GameLevelRatings> compiled =
      kAiRatings_count > 0 ? parse_level_ratings(kAiRatings[0].text()) : std::vector<GameLevelRatings>{};
  auto it = std::find_if(compiled.begin(), compiled.end(), [&](const GameLevelRatings& g) { return g.game == game; });
  return it == compiled.end() ? nullptr : &*it;
}

}  // namespace ludus::ai
