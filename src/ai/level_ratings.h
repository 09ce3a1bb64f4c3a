// SPDX-License-Identifier: Apache-2.0
#pragma once
// The measured ratings of the AI levels, per game: data/ai-ratings.json, written by
// `ludus ladder GAME ... --write data/ai-ratings.json` and compiled into the binary, so that
// every front end (the server's catalog, the page) shows the same numbers.  The file's
// layout is read and written here only:
//   {"about": "...", "games": {"GAME": {"command": "ludus ladder ...", "date": "YYYY-MM-DD",
//     "games_per_step": N, "anchor": "beginner", "anchor_rating": 1000,
//     "levels": [{"level": "random", "rating": 812, "low": 760, "high": 861}, ...]}}}
// A rating or an end of its interval that no finite number gives (a step one side swept) is
// null in the file and infinite here.
#include <string>
#include <string_view>
#include <vector>

namespace ludus::ai {

struct LevelRating {
  std::string level;  // an AI spec as the ladder played it: "beginner", "beginner:slip=0.4"
  double rating = 0;  // +-infinity above or below a swept step
  double low = 0;     // 95% interval; +-infinity where unbounded
  double high = 0;
};

struct GameLevelRatings {
  std::string game;     // registry name
  std::string command;  // the command that measured them
  std::string date;     // YYYY-MM-DD
  long long games_per_step = 0;
  std::string anchor;
  double anchor_rating = 0;
  std::vector<LevelRating> levels;  // weakest first
};

// Parses the file's text; throws LudusError("bad AI ratings: WHY").
std::vector<GameLevelRatings> parse_level_ratings(std::string_view text);
// The file's text for `games` (sorted by game name, two-space indented, ratings rounded).
std::string level_ratings_text(const std::vector<GameLevelRatings>& games);
// `games` with `entry` put in place of the entry of its game (or added).
std::vector<GameLevelRatings> with_game_ratings(std::vector<GameLevelRatings> games, GameLevelRatings entry);

// The ratings compiled in for `game`'s default board, or nullptr when it was not measured.
const GameLevelRatings* measured_level_ratings(std::string_view game);

}  // namespace ludus::ai
