// SPDX-License-Identifier: Apache-2.0
// The generic State calls the MCTS makes, for every registered game on its default board,
// at the start and a quarter and half way through a typical random game:
//   Interface_legal_actions/GAME/STAGE  legal_actions into a reused vector (items: calls)
//   Interface_clone_apply/GAME/STAGE    clone + apply of one legal action, cycling through
//                                       all of them (the tree descent; items: actions)
//   Interface_is_legal/GAME/STAGE       is_legal on every action id (items: ids tested)
// `ludus_bench --benchmark_filter=Interface`.  Games come from the registry, so a new game
// is covered without touching this file.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "bench_positions.h"
#include "core/registry.h"

namespace ludus::bench {
namespace {

using GamePtr = std::shared_ptr<const Game>;
using PositionPtr = std::shared_ptr<const Position>;

void legal_actions(benchmark::State& bench, const GamePtr&, const PositionPtr& position) {
  const State& state = *position->state;
  std::vector<Action> actions;
  state.legal_actions(actions);  // warm up; the vector keeps its capacity from here on
  for (auto _ : bench) {
    state.legal_actions(actions);
    benchmark::DoNotOptimize(actions.data());
    benchmark::ClobberMemory();
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["actions"] = static_cast<double>(actions.size());
  bench.counters["ply"] = position->ply;
}

void clone_apply(benchmark::State& bench, const GamePtr&, const PositionPtr& position) {
  const State& state = *position->state;
  const std::vector<Action> actions = state.legal_actions();
  size_t next = 0;
  for (auto _ : bench) {
    auto child = state.clone();
    child->apply(actions[next]);
    benchmark::DoNotOptimize(child.get());
    benchmark::ClobberMemory();
    if (++next == actions.size()) next = 0;
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["actions"] = static_cast<double>(actions.size());
  bench.counters["ply"] = position->ply;
}

void is_legal(benchmark::State& bench, const GamePtr& game, const PositionPtr& position) {
  const State& state = *position->state;
  const int ids = game->num_distinct_actions();
  int legal = 0;
  for (auto _ : bench) {
    legal = 0;
    for (Action a = 0; a < ids; ++a) legal += state.is_legal(a);
    benchmark::DoNotOptimize(legal);
  }
  bench.SetItemsProcessed(bench.iterations() * ids);
  bench.counters["ids"] = ids;
  bench.counters["legal"] = legal;
  bench.counters["ply"] = position->ply;
}

}  // namespace

void register_interface_benchmarks() {
  using Fn = void (*)(benchmark::State&, const GamePtr&, const PositionPtr&);
  const std::pair<const char*, Fn> kinds[] = {
      {"Interface_legal_actions", legal_actions}, {"Interface_clone_apply", clone_apply}, {"Interface_is_legal", is_legal}};
  for (const GameEntry& entry : registered_games()) {
    GamePtr game = make_game(entry.info->name);
    for (Stage stage : {Stage::kStart, Stage::kQuarter, Stage::kHalf}) {
      PositionPtr position = sample_position(*game, stage);
      if (!position) continue;  // every sampled game ended before this ply
      for (const auto& [kind, fn] : kinds) {
        const std::string name = std::string(kind) + "/" + entry.info->name + "/" + stage_name(stage);
        benchmark::RegisterBenchmark(name.c_str(), [fn, game, position](benchmark::State& bench) {
          fn(bench, game, position);
        })->Unit(benchmark::kNanosecond);
      }
    }
  }
}

}  // namespace ludus::bench
