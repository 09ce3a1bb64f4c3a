// Epoxy random playouts per second (single thread) on the default XS board, M and XXL:
// `ludus_bench --benchmark_filter=Epoxy`; items_per_second is playouts/s.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/epoxy/epoxy.h"

namespace ludus {
namespace {

void Epoxy_playouts(benchmark::State& bench, const char* size) {
  auto game = make_game("epoxy", {{"size", size}});
  auto start = game->new_initial_state();
  Rng rng(2020);
  int64_t plies = 0;
  for (auto _ : bench) {
    auto state = start->clone();
    benchmark::DoNotOptimize(state->random_playout(rng));
    plies += static_cast<const epoxy::EpoxyState&>(*state).plies();
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["plies/playout"] = benchmark::Counter(static_cast<double>(plies) / bench.iterations());
}

BENCHMARK_CAPTURE(Epoxy_playouts, xs, "xs")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Epoxy_playouts, m, "m")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Epoxy_playouts, xxl, "xxl")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ludus

