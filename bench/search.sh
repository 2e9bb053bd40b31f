#!/usr/bin/env bash
# Site search against Pagefind (issue 37): installs what the benchmark needs when it is missing
# (Debian's chromium and nginx as root, the npm devDependencies), then runs
# bench/search-vs-pagefind.mjs on DIST (default dist). RUNS=3 and OUT=… pass through.
# Usage: bench/search.sh [DIST]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1 || ! command -v nginx >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium nginx fonts-noto-core) >/dev/null
  else
    echo "Missing: Debian's chromium or nginx. Install them with: sudo apt-get install -y chromium nginx" >&2
    exit 1
  fi
fi
[ -e node_modules/pagefind/package.json ] || npm install --no-audit --no-fund
exec node bench/search-vs-pagefind.mjs "${1:-dist}"
