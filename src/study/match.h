// SPDX-License-Identifier: Apache-2.0
#pragma once
// A match between two AIs (`ludus match`, the Python module's ludus.study.match): game i
// seats A first when i is even and is seeded from (seed, i) only, so games played on any
// machine in any order add up to the same match.  The summary (score with its Wilson
// interval, Elo difference, length, time per move) is the same JSON and text everywhere.
#include <array>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "study/self_play.h"

namespace ludus::study {

struct MatchRequest {
  std::shared_ptr<const Game> game;
  std::string a, b;   // AI specs
  long long games = 10;
  uint64_t seed = 1;
  int max_plies = 0;  // 0: default_ply_limit(game)
};

// What is kept of one finished game of a match.
struct MatchGame {
  int a_seat = 0;
  int a_result = 0;  // +1 A won, -1 A lost, 0 draw
  int plies = 0;
  bool adjudicated = false;
  std::array<SeatClock, 2> clock_by_player{};  // [0] = A, [1] = B
};
nlohmann::json match_game_to_json(const MatchGame& game);
// Throws LudusError naming the bad field.
MatchGame match_game_from_json(const nlohmann::json& j);

// Checks the request (AI specs, games); throws LudusError.
void check_match(const MatchRequest& request);

// Plays game `index` of the match; `played` (when not null) receives the whole game, for
// records.  `single_threaded` as SelfPlayOptions has it.
MatchGame play_match_game(const MatchRequest& request, long long index, bool single_threaded, SelfPlayGame* played = nullptr);

struct MatchTally {
  long long wins = 0, losses = 0, draws = 0;
  void add(int result) { (result > 0 ? wins : result < 0 ? losses : draws)++; }
  long long games() const { return wins + losses + draws; }
  double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
};

// The summary of the games of a match (any order); `threads` is only reported.
struct MatchSummary {
  MatchTally total, as_first, as_second;
  std::array<SeatClock, 2> clock{};  // [0] = A, [1] = B
  long long plies = 0;
  long long adjudicated = 0;
};
MatchSummary summarize_match(const std::vector<MatchGame>& games);
nlohmann::json match_summary_json(const MatchRequest& request, const MatchSummary& summary, int threads);
void print_match_summary(const MatchRequest& request, const MatchSummary& summary, std::ostream& out);

}  // namespace ludus::study
