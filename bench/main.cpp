// SPDX-License-Identifier: Apache-2.0
// The one main() of ludus_bench: BENCHMARK_MAIN plus the benchmarks that iterate the game
// registry, registered here because the registry is filled by static initialisers.
#include <benchmark/benchmark.h>

#include "bench_positions.h"

int main(int argc, char** argv) {
  ludus::bench::register_interface_benchmarks();
  ludus::bench::register_mcts_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
