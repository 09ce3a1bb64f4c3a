// N-Mesh random playouts per second (single thread) on the default 6x6 board and larger
// ones: `ludus_bench --benchmark_filter=NMesh`; items_per_second is playouts/s.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/n-mesh/n_mesh.h"

namespace ludus {
namespace {

void NMesh_playouts(benchmark::State& bench, const char* size) {
  auto game = make_game("n-mesh", {{"size", size}});
  auto start = game->new_initial_state();
  Rng rng(2021);
  int64_t plies = 0;
  for (auto _ : bench) {
    auto state = start->clone();
    benchmark::DoNotOptimize(state->random_playout(rng));
    plies += static_cast<const nmesh::NMeshState&>(*state).plies();
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["plies/playout"] = benchmark::Counter(static_cast<double>(plies) / bench.iterations());
}

BENCHMARK_CAPTURE(NMesh_playouts, size6, "6")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(NMesh_playouts, size11, "11")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(NMesh_playouts, size19, "19")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ludus
