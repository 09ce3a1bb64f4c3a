#include "cli/analyze_runner.h"

#include <mutex>
#include <optional>

#include "cli/self_play.h"

namespace ludus::cli {

std::vector<study::GameTrace> play_batch(const GameBatch& batch, const BatchSettings& settings, BatchProgress& progress) {
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
  parallel_for(static_cast<long long>(missing.size()), settings.threads, [&](long long k) {
    const long long index = missing[static_cast<size_t>(k)];
    std::array<std::string, 2> specs = {batch.key.seat_specs[0], batch.key.seat_specs[1]};
    if (batch.alternate_seats && index % 2) std::swap(specs[0], specs[1]);
    study::TraceRecorder recorder;
    SelfPlayOptions options;
    options.single_threaded = settings.threads != 1;
    options.max_plies = batch.key.max_plies;
    if (batch.opening) options.opening = batch.opening(index);
    options.before_ply = [&recorder](const History& h, const ai::MoveChoice& choice) { recorder.before_ply(h, &choice); };
    SelfPlayGame game = play_ai_game(batch.game, specs, batch.key.seed, index, options);
    study::GameTrace trace = recorder.finish(game.history);
    if (cache) cache->store(index, trace);
    traces[static_cast<size_t>(index)] = std::move(trace);
    if (progress.bar) progress.bar->update(++progress.done);
  });
  return traces;
}

}  // namespace ludus::cli
