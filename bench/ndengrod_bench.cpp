// SPDX-License-Identifier: Apache-2.0
// Ndengrod random and guided (win in one / block, see ndengrod_fast_state.cpp) playouts
// per second (single thread) on the default hex-hex 5, the Pentalath trapezoid and the
// largest hex-hex: `ludus_bench --benchmark_filter=Ndengrod`; items_per_second is playouts/s.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/ndengrod/ndengrod_state.h"

namespace ludus {
namespace {

void Ndengrod_playouts(benchmark::State& bench, const char* shape, const char* size, bool guided = false) {
  auto game = make_game("ndengrod", {{"shape", shape}, {"size", size}});
  auto start = game->new_initial_state();
  Rng rng(2007);
  int64_t plies = 0;
  for (auto _ : bench) {
    auto state = start->clone();
    benchmark::DoNotOptimize(guided ? state->guided_playout(rng) : state->random_playout(rng));
    plies += static_cast<const ndengrod::NdengrodState&>(*state).num_plies();
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["plies/playout"] = benchmark::Counter(static_cast<double>(plies) / bench.iterations());
}

BENCHMARK_CAPTURE(Ndengrod_playouts, hexhex5, "hexhex", "5")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ndengrod_playouts, trapezoid7, "trapezoid", "7")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ndengrod_playouts, hexhex13, "hexhex", "13")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ndengrod_playouts, guided_hexhex5, "hexhex", "5", true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ndengrod_playouts, guided_trapezoid7, "trapezoid", "7", true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ndengrod_playouts, guided_hexhex13, "hexhex", "13", true)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ludus
