// SPDX-License-Identifier: Apache-2.0
// N-Mesh random playouts per second (single thread) on the default 6x6 board and larger
// ones, and the enmeshment test alone: `ludus_bench --benchmark_filter=NMesh`;
// items_per_second is playouts/s and enmeshment tests/s.
#include <benchmark/benchmark.h>

#include <array>
#include <vector>

#include "bench_positions.h"
#include "core/registry.h"
#include "games/n-mesh/n_mesh_state.h"

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

namespace ludus::bench {
namespace {

// The end test place() runs after every placement: enmeshed_stones for both colours, on
// the position plus each empty cell the mover could fill (set up outside the timing).
void NMesh_enmeshed(benchmark::State& bench, const char* size, Stage stage) {
  auto game = make_game("n-mesh", {{"size", size}});
  auto position = position_or_skip(bench, *game, stage);
  if (!position) return;
  const auto& state = static_cast<const nmesh::NMeshState&>(*position->state);
  const nmesh::EnmeshTables& tables = state.mesh_game().tables();
  std::vector<std::array<nmesh::Board, 2>> after;  // one per placement
  const nmesh::Board empty = tables.cells.and_not(state.stones()[0] | state.stones()[1]);
  empty.for_each([&](int site) {
    after.push_back(state.stones());
    after.back()[state.to_move()].set(site);
  });
  size_t next = 0;
  int64_t ends = 0;
  for (auto _ : bench) {
    const auto enmeshed = nmesh::enmeshed_stones(tables, after[next]);
    benchmark::DoNotOptimize(enmeshed);
    ends += enmeshed[0].any() || enmeshed[1].any();
    if (++next == after.size()) next = 0;
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["ply"] = position->ply;
  bench.counters["ending"] = benchmark::Counter(static_cast<double>(ends) / bench.iterations());
}

BENCHMARK_CAPTURE(NMesh_enmeshed, size6_quarter, "6", Stage::kQuarter);
BENCHMARK_CAPTURE(NMesh_enmeshed, size6_half, "6", Stage::kHalf);
BENCHMARK_CAPTURE(NMesh_enmeshed, size11_quarter, "11", Stage::kQuarter);
BENCHMARK_CAPTURE(NMesh_enmeshed, size11_half, "11", Stage::kHalf);
BENCHMARK_CAPTURE(NMesh_enmeshed, size19_quarter, "19", Stage::kQuarter);
BENCHMARK_CAPTURE(NMesh_enmeshed, size19_half, "19", Stage::kHalf);

}  // namespace
}  // namespace ludus::bench
