// SPDX-License-Identifier: Apache-2.0
// Ndengrod's placement checks on mid-game positions of the default hex-hex 5 and of
// hex-hex 13 (`ludus_bench --benchmark_filter=Ndengrod_`):
//   Ndengrod_placement_legal  placement_legal on every empty site: not suicide unless it
//                             captures (items: sites)
//   Ndengrod_place            apply() of a placement: captures, then the line test
//                             through the new stone (items: plies of a random continuation)
// (Random playouts are in ndengrod_bench.cpp.)
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_positions.h"
#include "core/registry.h"
#include "games/ndengrod/ndengrod_state.h"

namespace ludus::bench {
namespace {

void Ndengrod_placement_legal(benchmark::State& bench, const char* size, Stage stage) {
  auto game = make_game("ndengrod", {{"shape", "hexhex"}, {"size", size}});
  auto position = position_or_skip(bench, *game, stage);
  if (!position) return;
  const auto& state = static_cast<const ndengrod::NdengrodState&>(*position->state);
  std::vector<int> empty;
  for (int site = 0; site < state.ndengrod().num_sites(); ++site)
    if (state.stone_at(site) == ndengrod::NdengrodState::kEmpty) empty.push_back(site);
  int legal = 0;
  for (auto _ : bench) {
    legal = 0;
    for (int site : empty) legal += state.placement_legal(site);
    benchmark::DoNotOptimize(legal);
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<int64_t>(empty.size()));
  bench.counters["ply"] = position->ply;
  bench.counters["legal"] = legal;
}

void Ndengrod_place(benchmark::State& bench, const char* size, Stage stage) {
  auto game = make_game("ndengrod", {{"shape", "hexhex"}, {"size", size}});
  auto position = position_or_skip(bench, *game, stage);
  if (!position) return;
  bench_continuation(bench, *position);
  // How much capturing the timed moves did (counted on a replay, outside the timing).
  auto state = position->state->clone();
  int captured = 0;
  for (Action a : continuation(*position->state)) {
    state->apply(a);
    captured += static_cast<const ndengrod::NdengrodState&>(*state).last_captures();
  }
  bench.counters["captured"] = captured;
}

BENCHMARK_CAPTURE(Ndengrod_placement_legal, hexhex5_quarter, "5", Stage::kQuarter);
BENCHMARK_CAPTURE(Ndengrod_placement_legal, hexhex5_half, "5", Stage::kHalf);
BENCHMARK_CAPTURE(Ndengrod_placement_legal, hexhex13_quarter, "13", Stage::kQuarter);
BENCHMARK_CAPTURE(Ndengrod_placement_legal, hexhex13_half, "13", Stage::kHalf);
BENCHMARK_CAPTURE(Ndengrod_place, hexhex5_quarter, "5", Stage::kQuarter);
BENCHMARK_CAPTURE(Ndengrod_place, hexhex5_half, "5", Stage::kHalf);
BENCHMARK_CAPTURE(Ndengrod_place, hexhex13_quarter, "13", Stage::kQuarter);
BENCHMARK_CAPTURE(Ndengrod_place, hexhex13_half, "13", Stage::kHalf);

}  // namespace
}  // namespace ludus::bench
