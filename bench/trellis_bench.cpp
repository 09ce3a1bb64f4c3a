// SPDX-License-Identifier: Apache-2.0
// Trellis speed (single thread): uniformly random playouts on 7x7, the default 15x15 and
// 25x25 (`ludus_bench --benchmark_filter=Trellis`; items_per_second is playouts/s),
// legal-move generation on the empty and a half-full 15x15 board, and the connection test
// of a placement (items: stones placed).
#include <benchmark/benchmark.h>

#include <utility>
#include <vector>

#include "bench_positions.h"
#include "core/registry.h"
#include "games/trellis/trellis_state.h"

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
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["actions"] = static_cast<double>(actions.size());
}

BENCHMARK_CAPTURE(Trellis_legal_actions, empty, 0)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Trellis_legal_actions, after60turns, 60)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ludus

namespace ludus::bench {
namespace {

// cells::place_stone, the whole win test of a placement: a stone next to the mover's
// reached set floods its group and reports whether it touched the goal edge.  The stones
// are those of a random continuation to the end of the game; the grid is restored once per
// continuation.
void Trellis_place_stone(benchmark::State& bench, const char* size, Stage stage) {
  using namespace trellis;
  auto game = make_game("trellis", {{"size", size}});
  auto position = position_or_skip(bench, *game, stage);
  if (!position) return;
  const auto& state = static_cast<const TrellisState&>(*position->state);
  const TrellisGame& g = state.trellis();
  // The state's grid is private: rebuild it from the stones (the reached marks do not
  // depend on the order the stones are put down in).
  CellGrid start = g.empty_cells();
  for (int site = 0; site < g.num_sites(); ++site)
    if (state.stone_at(site) >= 0) cells::place_stone(start.data(), g.stride(), state.stone_at(site), g.cell_of(site));
  std::vector<std::pair<int, int>> stones;  // (colour, cell) in playing order
  auto replay = state.clone();
  for (Action a : continuation(state)) {
    if (g.is_placement(a)) {
      const TurnStones t = g.stones_of(a);
      stones.emplace_back(replay->to_move(), g.cell_of(t.first));
      if (t.second >= 0) stones.emplace_back(replay->to_move(), g.cell_of(t.second));
    }
    replay->apply(a);
  }
  int wins = 0;
  for (auto _ : bench) {
    CellGrid grid = start;
    wins = 0;
    for (const auto& [colour, cell] : stones) wins += cells::place_stone(grid.data(), g.stride(), colour, cell);
    benchmark::DoNotOptimize(grid.data());
    benchmark::ClobberMemory();
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<int64_t>(stones.size()));
  bench.counters["ply"] = position->ply;
  bench.counters["stones"] = static_cast<double>(stones.size());
  bench.counters["wins"] = wins;
}

BENCHMARK_CAPTURE(Trellis_place_stone, size15_quarter, "15", Stage::kQuarter);
BENCHMARK_CAPTURE(Trellis_place_stone, size15_half, "15", Stage::kHalf);
BENCHMARK_CAPTURE(Trellis_place_stone, size25_quarter, "25", Stage::kQuarter);
BENCHMARK_CAPTURE(Trellis_place_stone, size25_half, "25", Stage::kHalf);

}  // namespace
}  // namespace ludus::bench
