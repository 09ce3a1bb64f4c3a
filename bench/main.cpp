// The one main() of ludus_bench: every bench/*.cpp file only registers benchmarks.
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
