#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One entry point for a fresh Debian machine.
#   ./ludus.sh        install missing Debian packages, build, list the games and show a demo game
#   ./ludus.sh test   the same set-up and build, then run every test (ctest; more arguments go
#                     to ctest: ./ludus.sh test -R server)
#   ./ludus.sh build  set-up and build only
set -euo pipefail
cd "$(dirname "$0")"
# SANITIZE=address,undefined or SANITIZE=thread: the same, in a build of its own with those
# sanitizers on every target (README, "Sanitizers and fuzzing").
SANITIZE=${SANITIZE:-}
if [ -n "$SANITIZE" ]; then
  BUILD_DIR=${BUILD_DIR:-build-sanitize-${SANITIZE//,/-}}
else
  BUILD_DIR=${BUILD_DIR:-build}
fi

PACKAGES=(g++ cmake ninja-build pkg-config git
          libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libfmt-dev
          libsqlite3-dev libboost-dev libsodium-dev
          libboost-locale-dev  # the server's texts in the reader's language (GNU gettext catalogues, docs/translating.md)
          libjemalloc-dev  # the ludus binary's allocator (docs/http-api.md, "The server's allocator")
          rapidjson-dev  # the server's board views written straight to JSON text (its writer)
          libgmime-3.0-dev libcurl4-openssl-dev  # play by e-mail: MIME (GMime 3), SMTP (libcurl)
          python3-aiosmtpd                       # the mail tests' SMTP server (tests/mail)
          libedit-dev  # line editing in `ludus play`
          help2man dpkg-dev file  # the manual page; cpack's .deb (dpkg-shlibdeps, file)
          libpqxx-dev postgresql  # the play server's PostgreSQL backend, and the cluster its tests start
          prometheus-cpp-dev prometheus  # the server's /metrics (prometheus-cpp), and the Prometheus its test scrapes with
          systemd  # systemd-analyze: the package test reviews the shipped service's sandbox
          gettext  # the page's and the server's translations: xgettext, msgfmt, msgmerge, msgcmp (docs/translating.md)
          chromium nodejs  # chromium and node: the browser test of the web page (tests/browser)
          fonts-ipafont-gothic  # a Japanese font for the browser test's screenshots
          emscripten  # the engine in the page as WebAssembly, and its test (docs/wasm.md)
          pybind11-dev python3-dev python3-numpy  # the Python module (python/, docs/python.md)
          python3-distributed)  # ludus.study's Dask scheduler and workers, and their test
# Debian's npm, unless an npm is already there (NodeSource's nodejs bundles one and conflicts with it).
command -v npm >/dev/null || PACKAGES+=(npm)

install_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "ludus.sh: installing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  install_packages "${PACKAGES[@]}"
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLUDUS_SANITIZE="$SANITIZE" >/dev/null
  cmake --build "$BUILD_DIR" -j "$(nproc)"
  # The engine in the page (docs/wasm.md), with Debian's emscripten (installed above): the
  # same sources as WebAssembly, in a build of its own under the native one; not in a
  # sanitizer build (the page's engine is the Release one).
  if command -v emcmake >/dev/null && [ -z "$SANITIZE" ]; then
    [ -f "$BUILD_DIR/wasm/build.ninja" ] ||
      emcmake cmake -S . -B "$BUILD_DIR/wasm" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$BUILD_DIR/wasm" -j "$(nproc)"
  fi
}

case "${1:-run}" in
  run)
    build
    "$BUILD_DIR/ludus" games
    echo "Demo: a random game of Ndengrod (seed 7)"
    moves=$("$BUILD_DIR/ludus" random ndengrod --seed 7 2>/dev/null | sed -E 's/.*"moves":\[([^]]*)\].*/\1/; s/[",]/ /g')
    # shellcheck disable=SC2086
    "$BUILD_DIR/ludus" show ndengrod $moves
    ;;
  build)
    build
    ;;
  test)
    build
    shift
    runner=()
    if [[ "$SANITIZE" == *thread* ]]; then
      # GCC 12's ThreadSanitizer stops at start ("unexpected memory mapping") on kernels
      # that randomise mmap with more than 28 bits (vm.mmap_rnd_bits = 32); without address
      # space randomisation for the test processes its shadow memory always fits.
      runner=(setarch "$(uname -m)" -R)
    fi
    # Sanitizer reports with their whole stack (UBSan prints only the line without this).
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
    # more ctest options pass through (-R, -L)
    "${runner[@]}" ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" "$@"
    ;;
  *)
    echo "usage: ./ludus.sh [run|test|build]" >&2
    exit 2
    ;;
esac
