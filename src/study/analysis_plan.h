// SPDX-License-Identifier: Apache-2.0
#pragma once
// The games a designer's analysis (`ludus analyze`, docs/metrics.md) plays, and how their
// traces become its result, apart from where the games are played: on this machine's cores
// (cli/analyze_command.cpp) or as chunks of games on a Dask cluster (the Python module's
// ludus.study).  A batch is N games of one run key; game i of a batch depends only on the
// request and i (its players are seeded from the seed and i), so any split of a batch into
// chunks, played anywhere, gives the same traces and the same result.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "study/analysis.h"
#include "study/game_trace.h"
#include "study/trace_cache.h"
#include "study/variant_sweep.h"

namespace ludus::study {

// What the user asked `ludus analyze` for, less where its outputs go.
struct AnalysisRequest {
  std::string game;
  std::vector<std::string> options;  // "k=v" assignments; repeated names and ranges sweep
  std::string ai = "random";
  long long games = 100;             // per variant and AI
  uint64_t seed = 1;
  int max_plies = 0;                 // 0: default_ply_limit of each variant
  bool baseline = true;              // also random play, when the AI is not random
  bool opening_map = false;          // games from every first move (the opening map)
  long long opening_games = 4;       // per first move
  std::string skill_ladder;          // "random,easy,medium": each level against the next
  long long skill_games = 20;        // per step of the ladder
  std::string ideal_turns;           // "MIN..MAX" whole turns for IdealDuration; "" for Ludii's 0..1000
};

struct GameBatch {
  std::shared_ptr<const Game> game;
  RunKey key;  // seat_specs: the AIs of seats 0 and 1 (swapped on odd games when alternate)
  long long games = 0;
  bool alternate_seats = false;  // game i seats key.seat_specs reversed when i is odd
  // Plies forced at the start of game i (the opening map's first move); may be empty.
  std::function<std::vector<std::string>(long long)> opening;
};

// Plays game `index` of `batch` and keeps its trace.  `single_threaded`: every AI searches
// on one thread unless its spec names a count (games played side by side).  Throws
// LudusError for a bad AI spec.
GameTrace play_batch_game(const GameBatch& batch, long long index, bool single_threaded);

struct AnalysisPlan {
  AnalysisRequest request;
  double ideal_min_turns = 0, ideal_max_turns = 1000;  // request.ideal_turns, parsed
  std::vector<Variant> variants;               // the option sweep, the pie rule on and off included
  std::vector<std::shared_ptr<const Game>> games;  // one per variant
  std::vector<std::string> players;            // the AI, then "random" for the baseline
  std::vector<std::string> ladder;             // levels of the skill trace
  std::vector<std::string> first_moves;        // the opening map's first moves (canonical texts)
  // Self-play batches (variant-major, then player), then the opening map's, then one per
  // step of the ladder.
  std::vector<GameBatch> batches;
  long long total_games() const;
};

// Checks the request (game, options, AI specs; LudusError with a one-line reason) and lists
// its batches.
AnalysisPlan plan_analysis(const AnalysisRequest& request);

// The analysis from every batch's traces in game-index order (traces[b] for batches[b]).
AnalysisResult analysis_result(const AnalysisPlan& plan, std::vector<std::vector<GameTrace>> traces);

}  // namespace ludus::study
