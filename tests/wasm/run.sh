#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The engine in the page against the native binary (docs/wasm.md):
#   tests/wasm/run.sh BUILD_DIR [--speed]
# builds the WebAssembly engine in BUILD_DIR/wasm with Debian's emscripten (up to date: a
# no-op), then runs engine_test.mjs under node with BUILD_DIR/ludus beside it.  Exit 77
# (ctest: skipped) when emscripten is not installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build_dir="$(cd "${1:?usage: run.sh BUILD_DIR [--speed]}" && pwd)"
shift
command -v emcmake >/dev/null || { echo "run.sh: emscripten is not installed (apt-get install emscripten): skipped"; exit 77; }
command -v node >/dev/null || { echo "run.sh: node is not installed (apt-get install nodejs)" >&2; exit 1; }
wasm_dir="$build_dir/wasm"
if [ ! -f "$wasm_dir/build.ninja" ]; then
  emcmake cmake -S "$here/../.." -B "$wasm_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$wasm_dir"
exec node "$here/engine_test.mjs" "$wasm_dir/engine/ludus-engine.js" "$build_dir/ludus" "$@"
