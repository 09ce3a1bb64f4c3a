// SPDX-License-Identifier: Apache-2.0
#pragma once
// What one user may ask of the server, so no user can take it over: computer players
// within a budget, a bounded number of new boards an hour, and of tournaments at once.  `ludus serve` sets them
// from its options; docs/http-api.md lists them.
#include <cstdint>
#include <string>

#include "ai/puzzles.h"
#include "ai/review.h"

namespace ludus::server {

struct AiPolicy {
  // Off: only the levels (random, beginner, easy, medium, hard, max) as they are.  On: any spec
  // (mcts:..., levels with overrides) within the caps below.
  bool allow_raw_specs = false;
  double max_move_seconds = 5;        // per move, and the whole game's total budget / 10
  int64_t max_iterations = 1000000;   // per move
  int max_threads = 2;                // search threads of one move
  int64_t max_tree_nodes = int64_t{1} << 23;

  // The seat name "ai:SPEC" stored for an allowed spec; throws 400 ("bad_ai") naming what
  // is not allowed.
  std::string checked_seat(const std::string& spec) const;
};

// The per-address limits of accounts, the same in every process on a database (`ludus
// serve`, `ludus mail`): the counts are in the database, shared by all of them.
inline constexpr double kSignupsPerHour = 20;  // accounts one client address may make in an hour
inline constexpr double kResetsPerHour = 10;   // password reset requests of one client address in an hour

// The reviews of finished boards (analysis/reviews.h, docs/review.md).
struct ReviewLimits {
  // The budgets of every review the server computes.
  ai::ReviewSettings settings{.iterations = 2000, .seed = 1, .proof_seconds = 0.25, .proof_total_seconds = 10};
  int per_user = 3;             // reviews one user asked for that are queued or running
  int total = 50;               // reviews queued or running across every server process
  int64_t stale_seconds = 900;  // a review running longer is taken again (its worker is gone)
  // "Your mistakes" (docs/puzzles.md): the positions before a review's mistakes, blunders
  // and wins thrown away that are tried as puzzles (proven wins thrown away first, then the
  // earliest), and the puzzles engine's budget for each; 0 positions: none are made.  The
  // budget is a tenth of `ludus puzzles make`'s: with 200 000 nodes a random 4x4 Ndengrod
  // game's review spent over 30 s of CPU in positions the solver could not settle (a puzzle
  // of one or two turns is proven in far fewer nodes; Netted's, Trellis's and Epoxy's
  // starter sets were made with 20 000).
  int mistake_positions = 8;
  ai::PuzzleLimits mistake_puzzles{.nodes = 20'000, .reply_steps = 20'000};
};

struct ServiceLimits {
  AiPolicy ai;
  int boards_per_hour = 30;  // boards, offers and tournaments one user may start in any hour (0 = no limit)
  int tournaments_per_user = 3;  // tournaments one user may have created that are open or running (0 = no limit)
  double signups_per_hour = kSignupsPerHour;  // 0 = no limit
  double resets_per_hour = kResetsPerHour;    // 0 = no limit
  ReviewLimits reviews;
};

}  // namespace ludus::server
