// SPDX-License-Identifier: Apache-2.0
#include "cli/analyze_runner.h"

#include <mutex>
#include <optional>

#include "study/self_play.h"

namespace ludus::cli {

std::vector<study::GameTrace> play_batch(const study::GameBatch& batch, const BatchSettings& settings, BatchProgress& progress) {
  std::optional<study::TraceCache> cache;
  if (!settings.cache_dir.empty()) cache.emplace(settings.cache_dir, batch.key);
  std::vector<study::GameTrace> traces(static_cast<size_t>(batch.games));
  std::vector<long long> missing;
  for (long long i = 0; i < batch.games; ++i) {
    if (const study::GameTrace* cached = cache ? cache->find(i) : nullptr) {
      traces[static_cast<size_t>(i)] = *cached;
      if (progress.bar) progress.bar->update(++progress.done);
    } else {
      missing.push_back(i);
    }
  }
  study::parallel_for(static_cast<long long>(missing.size()), settings.threads, [&](long long k) {
    const long long index = missing[static_cast<size_t>(k)];
    study::GameTrace trace = study::play_batch_game(batch, index, settings.threads != 1);
    if (cache) cache->store(index, trace);
    traces[static_cast<size_t>(index)] = std::move(trace);
    if (progress.bar) progress.bar->update(++progress.done);
  });
  return traces;
}

}  // namespace ludus::cli
