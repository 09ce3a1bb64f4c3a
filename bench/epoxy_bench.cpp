// SPDX-License-Identifier: Apache-2.0
// Epoxy random playouts per second (single thread) on the default XS board, M and XXL,
// and the legal first actions of a turn on mid-game positions:
// `ludus_bench --benchmark_filter=Epoxy`; items_per_second is playouts/s and calls/s.
#include <benchmark/benchmark.h>

#include "bench_positions.h"
#include "core/registry.h"
#include "games/epoxy/epoxy_state.h"

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

namespace ludus::bench {
namespace {

// The legal first actions of a turn (placements out of the opponent's sight, then slides
// into more contact): count_first_actions for the mover (random moves draw from it) and
// has_first_action for the opponent (the end test after every turn).
void Epoxy_first_actions(benchmark::State& bench, const char* size, Stage stage, bool count) {
  auto game = make_game("epoxy", {{"size", size}});
  auto position = position_or_skip(bench, *game, stage);
  if (!position) return;
  const auto& state = static_cast<const epoxy::EpoxyState&>(*position->state);
  const int colour = count ? state.to_move() : 1 - state.to_move();
  for (auto _ : bench) {
    if (count) benchmark::DoNotOptimize(state.count_first_actions(colour));
    else benchmark::DoNotOptimize(state.has_first_action(colour));
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["ply"] = position->ply;
  bench.counters["actions"] = state.count_first_actions(colour);
}

BENCHMARK_CAPTURE(Epoxy_first_actions, count_xs_quarter, "xs", Stage::kQuarter, true);
BENCHMARK_CAPTURE(Epoxy_first_actions, count_xs_half, "xs", Stage::kHalf, true);
BENCHMARK_CAPTURE(Epoxy_first_actions, count_xxl_quarter, "xxl", Stage::kQuarter, true);
BENCHMARK_CAPTURE(Epoxy_first_actions, count_xxl_half, "xxl", Stage::kHalf, true);
BENCHMARK_CAPTURE(Epoxy_first_actions, has_xs_half, "xs", Stage::kHalf, false);
BENCHMARK_CAPTURE(Epoxy_first_actions, has_xxl_half, "xxl", Stage::kHalf, false);

}  // namespace
}  // namespace ludus::bench
