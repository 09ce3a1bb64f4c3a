#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Browser test of the web page: tests/browser/run.sh [BUILD_DIR] [TEST_FILE]
# (ctest runs it as `browser` with web_test.js, and as `browser_community` with community_test.js)
# Installs what it needs when missing (Debian's chromium, nodejs and npm, with apt-get as
# root or through sudo; playwright-core and @axe-core/playwright pinned in package-lock.json,
# with npm ci; no browser is downloaded), then starts BUILD_DIR/ludus serve and drives the
# page headless.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build_dir="$(cd "${1:-$here/../../build}" && pwd)"

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
# A Japanese font, so the screenshots of the page in Japanese show its letters (i18n_test.js).
[ -n "$(fc-list :lang=ja 2>/dev/null)" ] || missing+=(fonts-ipafont-gothic)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "run.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "run.sh: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cd "$here"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# npm ci (exact versions from package-lock.json) unless those exact versions are installed
# (playwright-core, and @axe-core/playwright with its axe-core for the accessibility test).
stale=$(node -e "
  const lock = require('./package-lock.json').packages;
  const names = Object.keys(lock).filter((k) => k.startsWith('node_modules/'));
  const have = (k) => { try { return require('./' + k + '/package.json').version; } catch (e) { return ''; } };
  console.log(names.filter((k) => have(k) !== lock[k].version).join(' '));")
if [ -n "$stale" ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
exec node "${2:-web_test.js}" "$build_dir"
