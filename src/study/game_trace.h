// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the designer's analysis keeps of one played game: per position the facts the
// metrics of docs/metrics.md need (legal moves, the search's evaluation, how many moves
// the search found reasonable, stones and score, what the position repeats, how far a
// stone moved), the final position and the outcome.  Much smaller than the game's History, stored in the analysis cache
// (study/trace_cache.h) as JSON, and computed the same way from live self-play or from a
// recorded game (a recorded game has no evaluations).
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_set>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ai/player.h"
#include "core/history.h"

namespace ludus::study {

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
inline bool known(double v) { return !std::isnan(v); }

// Which earlier positions of the same game a position repeats (docs/metrics.md,
// "Repetition"): the same board (stones only), the same position (board, colour to move
// and which seat holds which colour: a pie swap repeats nothing) and the same situation
// (the position and the rules' state: a pie still to come, the phase of a turn, passes
// in a row; core/game.h ExactKeyParts::rules).
struct Repeats {
  bool board = false;
  bool position = false;
  bool situation = false;
  bool operator==(const Repeats&) const = default;
};

// What one position shows: the stones, the rules' score and what it repeats.
struct PositionFacts {
  int stones[2] = {0, 0};  // stones of colour 0 and 1 on the board
  // The score the rules show each colour (State::shown_score), kNoScore in games without one.
  int score[2] = {kNoScore, kNoScore};
  Repeats repeats{};
  static constexpr int kNoScore = -1;
  bool has_score() const { return score[0] != kNoScore; }
};

// One position before a ply, and the ply played from it.
struct PlyTrace {
  int seat = 0;             // seat to move (0 = first player)
  int turn = 1;             // 1-based turn number of the ply (History::turn_number)
  int legal = 0;            // legal moves (branching factor)
  // The search's win probability for the FIRST seat in this position (from the
  // mover's best root move), or kUnknown (random player, forced move, record).
  double eval = kUnknown;
  int reasonable = -1;      // moves the search found reasonable (see kReasonableVisitShare); -1 unknown
  double narrowness = kUnknown;  // clarity: share of searched moves standing out (see evaluation_metrics.h)
  double spread = kUnknown;      // clarity: variance of the searched moves' win rates
  PositionFacts position{};
  // Adjacency steps from the site the ply moved a stone from to the site it moved it to
  // (Epoxy's slides); kNoDistance for placements, passes and swaps.
  int distance = kNoDistance;
  static constexpr int kNoDistance = -1;
};

struct GameTrace {
  std::vector<PlyTrace> plies;  // one per ply played
  PositionFacts final_position; // the position after the last ply
  int turns = 0;                // turns played (the last ply's turn number)
  int winning_seat = kDraw;     // 0, 1 or kDraw
  int winning_colour = kDraw;
  bool adjudicated = false;     // stopped at the ply limit (scored as a draw)
  bool swap_taken = false;      // the pie rule's `swap` was played
  std::string first_move;       // canonical text of the first ply ("" when none)
  std::string end_reason;
  int sites = 0;                // board sites (0 when the game has no geometry)
  int covered = 0;              // sites that held a stone at some point of the game

  int num_plies() const { return static_cast<int>(plies.size()); }
  bool decisive() const { return winning_seat != kDraw; }
};

// A move is reasonable when the search gave it at least this share of the visits of its
// most visited move: MCTS spends visits on the moves it cannot rule out.
constexpr double kReasonableVisitShare = 0.1;

// Builds a GameTrace ply by ply: call before_ply() with the position before every ply
// (and the mover's search, when there was one), then finish() with the finished game.
class TraceRecorder {
 public:
  // `choice` may be null (no search, e.g. a record or a random player); its root moves
  // give the evaluation and the clarity of the position.
  void before_ply(const History& history, const ai::MoveChoice* choice);
  GameTrace finish(const History& history);

 private:
  GameTrace trace_;
  // Keys of the boards, positions and situations seen so far.
  std::unordered_set<uint64_t> boards_, positions_, situations_;
  std::vector<bool> covered_;  // by site
  PositionFacts facts(const History& history);
};

// The trace of a recorded (or any finished) game, replayed without evaluations.
GameTrace trace_of_history(const History& history);

nlohmann::json trace_to_json(const GameTrace& trace);
// Throws LudusError naming the bad field when `j` is not a trace.
GameTrace trace_from_json(const nlohmann::json& j);

}  // namespace ludus::study
