// Netted random playouts per second (single thread) on the default board and the largest
// boards: `ludus_bench --benchmark_filter=Netted`; items_per_second is playouts/s.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/netted/netted.h"

namespace ludus {
namespace {

void netted_playouts(benchmark::State& bench, const char* shape, const char* size) {
  auto game = make_game("netted", {{"shape", shape}, {"size", size}});
  auto start = game->new_initial_state();
  Rng rng(2021);
  int64_t plies = 0;
  for (auto _ : bench) {
    auto state = start->clone();
    benchmark::DoNotOptimize(state->random_playout(rng));
    // Every ply placed one stone.
    const auto& netted = static_cast<const NettedState&>(*state);
    for (int c = 0; c < game->num_distinct_actions(); ++c) plies += netted.owner(c) >= 0;
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["plies/playout"] = benchmark::Counter(static_cast<double>(plies) / bench.iterations());
}

BENCHMARK_CAPTURE(netted_playouts, limping5, "limping", "5")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(netted_playouts, hexhex5, "hexhex", "5")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(netted_playouts, limping10, "limping", "10")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(netted_playouts, hexhex10, "hexhex", "10")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ludus
