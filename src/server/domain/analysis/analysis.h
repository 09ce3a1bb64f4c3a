// SPDX-License-Identifier: Apache-2.0
#pragma once
// The analysis mode of the web page: positions off the record and the engine's opinion of
// them.  A position is a game, its options and the plies played from the start
// ({"game", "options", "moves": ["e5", "swap", ...]}, an entry perhaps holding the plies of
// a turn as people write them, "d3,e5-e7"); nothing is stored.  The engine runs a
// bounded search (AnalysisLimits) on the request's worker thread, at most `max_running` at
// once across the server, so analyses cannot crowd out play, and each client address at
// most one at a time and `per_client_per_minute` on average, so no one client (signed in
// or not) takes the engine from the others.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "core/history.h"
#include "server/base/rate_limiter.h"

namespace ludus::server {

struct AnalysisLimits {
  int max_plies = 2000;            // plies a request may replay
  int64_t max_iterations = 20000;  // search iterations of one evaluation (the default too)
  double max_seconds = 1.0;        // wall time of one evaluation
  int max_running = 2;             // evaluations running at once; more get 503 busy
  double per_client_per_minute = 30;  // evaluations of one client address, on average
  double per_client_burst = 10;       // ... and at once before that average applies
};

class Analyst {
 public:
  explicit Analyst(AnalysisLimits limits = {})
      : limits_(limits), per_client_(limits.per_client_per_minute / 60, limits.per_client_burst) {}

  // The game of the request with its plies played; 400 naming the first bad ply
  // ("move 3 'd4': illegal move 'd4': occupied") or the bad field.
  History replay(const nlohmann::json& request) const;

  // {"to_move": COLOUR|null, "to_move_seat", "status_text", "outcome": null|{...},
  //  "legal_moves", "actions", "turn", "mid_turn", "geometry", "deciding_sites",
  //  "board_text", "moves", "plies"} (docs/http-api.md).
  nlohmann::json position(const nlohmann::json& request) const;

  // The search's opinion for the side to move: {"move", "win_probability" (0-1, for the
  // side to move), "value" (-1..1), "pv": [...], "iterations", "seconds", "colour",
  // "proven": "win"|"loss"|"draw"|null (the search solved the position)}.
  // The request may lower "iterations".  400 when the game is over; 503 when
  // `max_running` evaluations already run; 429 (with the seconds to wait) when `client`
  // has one running or is past its share.
  nlohmann::json evaluate(const nlohmann::json& request, const std::string& client);

 private:
  AnalysisLimits limits_;
  std::atomic<int> running_{0};
  RateLimiter per_client_;
  std::mutex clients_mutex_;
  std::set<std::string> clients_running_;
};

}  // namespace ludus::server
