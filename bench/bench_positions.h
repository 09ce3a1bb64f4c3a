// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared set-up for the micro-benchmarks: mid-game positions reached by seeded uniformly
// random moves through the generic State interface (so every game gets them the same way),
// and the registration of the benchmarks that iterate the game registry.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace ludus::bench {

// Where in a typical game a sample position lies.
enum class Stage { kStart, kQuarter, kHalf };
const char* stage_name(Stage stage);  // "start", "quarter", "half"

struct Position {
  Stage stage;
  int ply = 0;                // actions played from the start
  std::vector<Action> moves;  // those actions, to rebuild a History
  std::unique_ptr<State> state;
};

// Mean length in plies of a few seeded random games (capped: some games admit endless play).
int typical_plies(const Game& game, uint64_t seed = 1);

// The position at `stage` of a typical game (fixed seeds, so the same every run); a random
// game that ends before that ply is replaced by the next seed.  Null when none of a few
// seeds gets there.  Another `variant` gives another position at the same ply.
std::unique_ptr<Position> sample_position(const Game& game, Stage stage, int variant = 0);

// sample_position for a benchmark of one game: when there is none, marks `bench` skipped
// (with the reason) and returns null, so the caller only returns.
std::unique_ptr<Position> position_or_skip(benchmark::State& bench, const Game& game, Stage stage);

// A fixed seeded random continuation of `state` to the end of the game (capped).
std::vector<Action> continuation(const State& state, uint64_t seed = 7);

// Times apply() alone along continuation(position) (items: plies).  Applying a move needs
// the position before it; a copy per move would cost more than many applies, so the start
// is restored by one clone per continuation, timed but shared by all of its plies.
void bench_continuation(benchmark::State& bench, const Position& position);

// main() calls these before benchmark::Initialize: they read the game registry, which the
// games fill from static initialisers whose order relative to ours is unspecified.
void register_interface_benchmarks();
void register_mcts_benchmarks();

}  // namespace ludus::bench
