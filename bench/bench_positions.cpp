// SPDX-License-Identifier: Apache-2.0
#include "bench_positions.h"

#include "core/random.h"

namespace ludus::bench {
namespace {

// Enough for every finite random game of the boards benchmarked; Epoxy can go on forever.
constexpr int kMaxPlies = 2000;
constexpr int kLengthGames = 8;
constexpr int kTries = 20;

// Plays seeded random moves until `plies` actions were played or the game ended.
void random_moves(State& state, Rng& rng, int plies, std::vector<Action>* moves) {
  std::vector<Action> legal;
  for (int ply = 0; ply < plies && !state.is_terminal(); ++ply) {
    state.legal_actions(legal);
    const Action a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    state.apply(a);
    if (moves) moves->push_back(a);
  }
}

}  // namespace

const char* stage_name(Stage stage) {
  switch (stage) {
    case Stage::kStart: return "start";
    case Stage::kQuarter: return "quarter";
    case Stage::kHalf: return "half";
  }
  return "?";
}

int typical_plies(const Game& game, uint64_t seed) {
  int64_t total = 0;
  for (int g = 0; g < kLengthGames; ++g) {
    Rng rng(seed + static_cast<uint64_t>(g));
    auto state = game.new_initial_state();
    std::vector<Action> moves;
    random_moves(*state, rng, kMaxPlies, &moves);
    total += static_cast<int64_t>(moves.size());
  }
  return static_cast<int>(total / kLengthGames);
}

std::unique_ptr<Position> sample_position(const Game& game, Stage stage, int variant) {
  const int length = stage == Stage::kStart ? 0 : typical_plies(game);
  const int ply = stage == Stage::kStart ? 0 : stage == Stage::kQuarter ? length / 4 : length / 2;
  for (int t = 0; t < kTries; ++t) {
    auto position = std::make_unique<Position>();
    position->stage = stage;
    position->ply = ply;
    position->state = game.new_initial_state();
    Rng rng(1000 + static_cast<uint64_t>(variant * kTries + t));
    random_moves(*position->state, rng, ply, &position->moves);
    if (!position->state->is_terminal() && static_cast<int>(position->moves.size()) == ply) return position;
  }
  return nullptr;
}

std::unique_ptr<Position> position_or_skip(benchmark::State& bench, const Game& game, Stage stage) {
  auto position = sample_position(game, stage);
  if (!position) bench.SkipWithError("every sampled game ended before this ply");
  return position;
}

std::vector<Action> continuation(const State& state, uint64_t seed) {
  Rng rng(seed);
  auto copy = state.clone();
  std::vector<Action> moves;
  random_moves(*copy, rng, kMaxPlies, &moves);
  return moves;
}

void bench_continuation(benchmark::State& bench, const Position& position) {
  const std::vector<Action> moves = continuation(*position.state);
  for (auto _ : bench) {
    auto state = position.state->clone();
    for (Action a : moves) state->apply(a);
    benchmark::DoNotOptimize(state.get());
    benchmark::ClobberMemory();
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<int64_t>(moves.size()));
  bench.counters["ply"] = position.ply;
  bench.counters["plies"] = static_cast<double>(moves.size());
}

}  // namespace ludus::bench
