// SPDX-License-Identifier: Apache-2.0
#pragma once
// The classic part of `ludus analyze`: seat and colour results with 95% intervals, the
// swap's use, the length distribution, the mean branching factor at each ply, and how
// games end (reasons bucketed), over the GameTraces of one variant.
#include <array>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "study/stats.h"
#include "study/game_trace.h"

namespace ludus::study {

// Wins, losses and draws of one side (a seat or a colour).
struct WinRecord {
  long long wins = 0, losses = 0, draws = 0;
  void add(int winner, int side) { (winner == kDraw ? draws : winner == side ? wins : losses)++; }
  long long games() const { return wins + losses + draws; }
  double score() const { return games() ? (wins + 0.5 * draws) / static_cast<double>(games()) : 0.0; }
  Interval interval() const { return wilson_interval(wins + 0.5 * draws, games()); }
  std::string text() const;  // "  12 wins ... score 55.0%  95% [..]"
  nlohmann::json to_json() const;
};

struct EndCount {
  long long games = 0;
  std::array<long long, 3> by_winner{};  // colour 0, colour 1, draw
};

struct GameSummary {
  WinRecord first_seat, first_colour;
  WinRecord first_seat_swap, first_seat_no_swap;
  long long swaps = 0;
  std::vector<double> lengths;                   // plies per game
  std::vector<double> branching_sum;             // by ply
  std::vector<long long> branching_games;        // games reaching the ply
  std::map<std::string, EndCount> ends;          // by end_bucket()

  void add(const GameTrace& game);
  long long games() const { return static_cast<long long>(lengths.size()); }
  std::vector<double> branching_means() const;
};

GameSummary summarize_games(const std::vector<GameTrace>& games);

// End reasons bucketed: parenthesised details dropped, numbers replaced by N, so
// "white is netted (3 stones, 2 edge cells)" and "... (1 stone ...)" count together.
std::string end_bucket(const std::string& reason, bool draw);

}  // namespace ludus::study
