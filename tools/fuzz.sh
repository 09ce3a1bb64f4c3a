#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs one coverage-guided fuzz target (tests/fuzz/, docs/fuzzing.md) for a while:
#   tools/fuzz.sh TARGET SECONDS     e.g. tools/fuzz.sh sgf 600
#   tools/fuzz.sh all SECONDS        every target in turn, SECONDS each
#   tools/fuzz.sh list               the targets
# Builds build-fuzz/ (FUZZ_BUILD_DIR) with Debian's clang, libFuzzer, ASan and UBSan
# (-DLUDUS_FUZZ=ON), starting from the seed corpus tests/fuzz/corpus/TARGET/.  New inputs
# go to build-fuzz/corpus/TARGET/ (the repository's corpus is never written); a crash,
# leak, sanitizer report or broken invariant stops the run and leaves its input in
# build-fuzz/findings/TARGET/: fix the bug, then copy the input into the seed corpus, where
# the normal build's ctest (label fuzz-replay) replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${FUZZ_BUILD_DIR:-build-fuzz}
TARGETS=$(sed -n 's/^set(LUDUS_FUZZ_[A-Z]*_TARGETS \(.*\))$/\1/p' cmake/fuzz.cmake | tr '\n' ' ')

usage() {
  echo "usage: tools/fuzz.sh TARGET|all SECONDS   (targets: $TARGETS)" >&2
  exit 2
}

case "${1:-}" in
  list) echo "$TARGETS"; exit 0 ;;
  "") usage ;;
esac
[ $# -eq 2 ] && [[ "$2" =~ ^[0-9]+$ ]] || usage
if [ "$1" = all ]; then
  for target in $TARGETS; do "$0" "$target" "$2"; done
  exit 0
fi
target=$1
seconds=$2
[[ " $TARGETS " == *" $target "* ]] || { echo "tools/fuzz.sh: unknown target '$target' (targets: $TARGETS)" >&2; exit 2; }
command -v clang++ >/dev/null || { echo "tools/fuzz.sh: needs clang (apt-get install clang)" >&2; exit 2; }

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  CXX=clang++ cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLUDUS_FUZZ=ON "${launcher[@]}" >/dev/null
fi
cmake --build "$BUILD_DIR" -j "$(nproc)" --target "fuzz_$target"

corpus="$BUILD_DIR/corpus/$target"
findings="$BUILD_DIR/findings/$target"
mkdir -p "$corpus" "$findings"
# One process (-jobs would fork more): the machine is shared.  Leak checking stays on.
"$BUILD_DIR/fuzz_$target" "$corpus" "tests/fuzz/corpus/$target" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$findings/" 2>&1 | grep -v '^#[0-9]*	\(NEW\|REDUCE\)'
