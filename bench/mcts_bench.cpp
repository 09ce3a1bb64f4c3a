// SPDX-License-Identifier: Apache-2.0
// MCTS search speed on each registered game's default board: one fixed-budget search
// (2000 iterations, one thread, seeded) per benchmark iteration, from the start and from a
// position half way through a typical random game.  `ludus_bench --benchmark_filter=Mcts`;
// items_per_second is MCTS iterations/s.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "ai/player.h"
#include "bench_positions.h"
#include "core/history.h"
#include "core/registry.h"

namespace ludus::bench {
namespace {

constexpr const char* kSpec = "mcts:iters=2000,threads=1,seed=1";
constexpr int64_t kIterations = 2000;
constexpr int kVariants = 10;

struct SearchCase {
  std::shared_ptr<const Game> game;
  Stage stage;
  // Set up on the first run and kept: Google Benchmark calls the function several times.
  std::unique_ptr<ai::Player> player;
  std::unique_ptr<History> history;
  int ply = 0;
};

// The first sampled position whose search runs its whole budget: the root checks settle
// some positions (a win in one, every move loses) before a single iteration.
bool find_position(SearchCase& c, ai::Player& player) {
  for (int variant = 0; variant < kVariants; ++variant) {
    auto position = sample_position(*c.game, c.stage, variant);
    if (!position) continue;
    auto history = std::make_unique<History>(c.game);
    for (Action a : position->moves) history->play(a);
    player.new_game();
    if (player.choose(*history).iterations < kIterations) continue;
    c.history = std::move(history);
    c.ply = position->ply;
    return true;
  }
  return false;
}

void mcts_search(benchmark::State& bench, SearchCase& c) {
  // The searches of find_position also allocate the tree outside the timing.
  if (!c.player) c.player = ai::make_player(kSpec);
  if (!c.history && !find_position(c, *c.player))
    return bench.SkipWithError("the root checks settle every sampled position");
  int64_t iterations = 0;
  for (auto _ : bench) {
    // Without this the player would reuse the tree of the previous search.
    c.player->new_game();
    const ai::MoveChoice choice = c.player->choose(*c.history);
    benchmark::DoNotOptimize(choice.action);
    iterations += choice.iterations;
  }
  bench.SetItemsProcessed(iterations);
  bench.counters["ply"] = c.ply;
}

}  // namespace

void register_mcts_benchmarks() {
  for (const GameEntry& entry : registered_games()) {
    for (Stage stage : {Stage::kStart, Stage::kHalf}) {
      auto c = std::make_shared<SearchCase>();
      c->game = make_game(entry.info->name);
      c->stage = stage;
      const std::string name = std::string("Mcts_iters2000/") + entry.info->name + "/" + stage_name(stage);
      // A search takes up to ~50 ms: a few suffice, and the default 0.5 s would make
      // single runs last over a second.
      benchmark::RegisterBenchmark(name.c_str(), [c](benchmark::State& bench) { mcts_search(bench, *c); })
          ->Unit(benchmark::kMillisecond)
          ->MinTime(0.2);
    }
  }
}

}  // namespace ludus::bench
