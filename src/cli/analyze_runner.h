// SPDX-License-Identifier: Apache-2.0
#pragma once
// Plays the games of `ludus analyze` on every core and keeps their GameTraces: a batch
// (study/analysis_plan.h) is N games of one run key (game, options, seats' AIs, seed,
// kind); games already in the analysis cache are read instead of played, new ones are
// added to it.  Results are
// in game-index order, so they do not depend on the thread count.
#include <array>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/progress.h"
#include "study/analysis_plan.h"

namespace ludus::cli {

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
std::vector<study::GameTrace> play_batch(const study::GameBatch& batch, const BatchSettings& settings, BatchProgress& progress);

}  // namespace ludus::cli
