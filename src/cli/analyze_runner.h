#pragma once
// Plays the games of `ludus analyze` on every core and keeps their GameTraces: a batch
// is N games of one run key (game, options, seats' AIs, seed, kind); games already in
// the analysis cache are read instead of played, new ones are added to it.  Results are
// in game-index order, so they do not depend on the thread count.
#include <array>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/progress.h"
#include "study/game_trace.h"
#include "study/trace_cache.h"

namespace ludus::cli {

struct GameBatch {
  std::shared_ptr<const Game> game;
  study::RunKey key;  // seat_specs: the AIs of seats 0 and 1 (swapped on odd games when alternate)
  long long games = 0;
  bool alternate_seats = false;  // game i seats key.seat_specs reversed when i is odd
  // Plies forced at the start of game i (the opening map's first move); may be empty.
  std::function<std::vector<std::string>(long long)> opening;
};

struct BatchSettings {
  int threads = 0;                  // 0 = all cores
  std::filesystem::path cache_dir;  // empty: no cache
};

// Counts finished games across batches for one progress bar.
struct BatchProgress {
  ProgressBar* bar = nullptr;
  std::atomic<long long> done{0};
};

// Throws LudusError for a bad AI spec or a corrupt cache file.
std::vector<study::GameTrace> play_batch(const GameBatch& batch, const BatchSettings& settings, BatchProgress& progress);

}  // namespace ludus::cli
