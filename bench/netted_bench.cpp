// SPDX-License-Identifier: Apache-2.0
// Netted random playouts per second (single thread) on the default board and the largest
// boards, and the life/suicide check of a placement on mid-game positions, incremental
// (apply) and from scratch: `ludus_bench --benchmark_filter=Netted`; items_per_second is
// playouts/s, placements/s and evaluations/s.
#include <benchmark/benchmark.h>

#include <memory>

#include "bench_positions.h"
#include "core/registry.h"
#include "games/netted/netted_state.h"
#include "games/netted/netted_engine.h"

namespace ludus {
namespace {

void Netted_playouts(benchmark::State& bench, const char* shape, const char* size) {
  auto game = make_game("netted", {{"shape", shape}, {"size", size}});
  auto start = game->new_initial_state();
  Rng rng(2021);
  int64_t plies = 0;
  for (auto _ : bench) {
    auto state = start->clone();
    benchmark::DoNotOptimize(state->random_playout(rng));
    // Every ply placed one stone.
    const auto& netted = static_cast<const netted::NettedState&>(*state);
    for (int c = 0; c < game->num_distinct_actions(); ++c) plies += netted.owner(c) >= 0;
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["plies/playout"] = benchmark::Counter(static_cast<double>(plies) / bench.iterations());
}

BENCHMARK_CAPTURE(Netted_playouts, limping5, "limping", "5")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Netted_playouts, hexhex5, "hexhex", "5")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Netted_playouts, limping10, "limping", "10")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Netted_playouts, hexhex10, "hexhex", "10")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ludus

namespace ludus::bench {
namespace {

// A placement's check is apply(): the placed cell, new gaps and cut steps update both
// colours' regions locally, then the mover's changed regions are judged (netted?) and the
// next legal placements (suicide rule) found.
void Netted_place(benchmark::State& bench, const char* size, Stage stage) {
  auto game = make_game("netted", {{"size", size}});
  auto position = position_or_skip(bench, *game, stage);
  if (!position) return;
  bench_continuation(bench, *position);
}

template <int W>
bool evaluate_from_scratch(benchmark::State& bench, const netted::NettedState& position) {
  const auto* start = dynamic_cast<const netted::NettedEngineState<W>*>(&position);
  if (!start) return false;
  auto state = std::make_unique<netted::NettedEngineState<W>>(*start);
  // Rebuilds everything from the stones, so it can run again on the same state.
  for (auto _ : bench) {
    state->evaluate_from_scratch();
    benchmark::DoNotOptimize(state.get());
    benchmark::ClobberMemory();
  }
  return true;
}

// The same check without the incremental regions: partition both colours and judge.
void Netted_from_scratch(benchmark::State& bench, const char* size, Stage stage) {
  auto game = make_game("netted", {{"size", size}});
  auto position = position_or_skip(bench, *game, stage);
  if (!position) return;
  const auto& state = static_cast<const netted::NettedState&>(*position->state);
  if (!(evaluate_from_scratch<1>(bench, state) || evaluate_from_scratch<2>(bench, state) ||
        evaluate_from_scratch<3>(bench, state) || evaluate_from_scratch<4>(bench, state) ||
        evaluate_from_scratch<5>(bench, state)))
    return bench.SkipWithError("no engine width matches");
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["ply"] = position->ply;
}

BENCHMARK_CAPTURE(Netted_place, limping5_quarter, "5", Stage::kQuarter);
BENCHMARK_CAPTURE(Netted_place, limping5_half, "5", Stage::kHalf);
BENCHMARK_CAPTURE(Netted_place, limping10_quarter, "10", Stage::kQuarter);
BENCHMARK_CAPTURE(Netted_place, limping10_half, "10", Stage::kHalf);
BENCHMARK_CAPTURE(Netted_from_scratch, limping5_half, "5", Stage::kHalf);
BENCHMARK_CAPTURE(Netted_from_scratch, limping10_half, "10", Stage::kHalf);

}  // namespace
}  // namespace ludus::bench
