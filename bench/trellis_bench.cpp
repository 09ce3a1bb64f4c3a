// Trellis speed (single thread): uniformly random playouts on 7x7, the default 15x15 and
// 25x25 (`ludus_bench --benchmark_filter=Trellis`; items_per_second is playouts/s), and
// legal-move generation on the empty and a half-full 15x15 board.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/trellis/trellis.h"

namespace ludus {
namespace {

void Trellis_playouts(benchmark::State& bench, const char* size) {
  auto game = make_game("trellis", {{"size", size}});
  auto start = game->new_initial_state();
  Rng rng(1999);
  int64_t plies = 0;
  for (auto _ : bench) {
    auto state = start->clone();
    benchmark::DoNotOptimize(state->random_playout(rng));
    plies += static_cast<const trellis::TrellisState&>(*state).plies();
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["plies/playout"] = benchmark::Counter(static_cast<double>(plies) / bench.iterations());
}

BENCHMARK_CAPTURE(Trellis_playouts, size7, "7")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Trellis_playouts, size15, "15")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Trellis_playouts, size25, "25")->Unit(benchmark::kMicrosecond);

// legal_actions after `turns` random turns on 15x15.
void Trellis_legal_actions(benchmark::State& bench, int turns) {
  auto game = make_game("trellis", {});
  auto state = game->new_initial_state();
  Rng rng(7);
  std::vector<Action> actions;
  for (int t = 0; t < turns && !state->is_terminal(); ++t) {
    state->legal_actions(actions);
    state->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
  }
  for (auto _ : bench) {
    state->legal_actions(actions);
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions"] = static_cast<double>(actions.size());
}

BENCHMARK_CAPTURE(Trellis_legal_actions, empty, 0)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Trellis_legal_actions, after60turns, 60)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ludus
