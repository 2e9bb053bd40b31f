#!/usr/bin/env bash
# One-post edit latency under the dev server, sahel against `zola serve --fast`, measured the
# same way for both: ../shared/bench/peers/incremental.py's method (append a marker paragraph to
# the middle English post, poll the served page over HTTP every 5 ms until the marker is in it;
# latency = from the file write to that response). Zola runs through incremental.py itself;
# sahel through bench/edit-latency.py, which applies the same method to `sahel serve`.
#
#   bench/edits.sh N [TRIALS]       N posts per language, e.g. bench/edits.sh 1000 10
#   BENCH_ROOT=/dev/shm/edits       where corpora and sites go (use a tmpfs)
set -euo pipefail
N=${1:?usage: bench/edits.sh N [TRIALS]}
TRIALS=${2:-10}
HERE=$(cd "$(dirname "$0")/.." && pwd)
PEERS_DIR=${PEERS_DIR:-$HERE/../shared/bench/peers}
ROOT=${BENCH_ROOT:-/tmp/sahel-edits}
cargo build --release --quiet --manifest-path "$HERE/Cargo.toml"
mkdir -p "$ROOT"
[ -d "$ROOT/corpus-$N" ] || python3 "$PEERS_DIR/gen_corpus.py" "$N" "$ROOT/corpus-$N" >/dev/null
SAHEL_DIR=$HERE bash "$PEERS_DIR/setup_sahel.sh" "$ROOT/corpus-$N" "$ROOT/sahel-$N" 2>/dev/null
PEERS_TOOLS=${PEERS_TOOLS:-$ROOT/tools} bash "$PEERS_DIR/setup_zola.sh" "$ROOT/corpus-$N" "$ROOT/zola-$N" >/dev/null 2>&1
# Rounds alternate the two tools, so a drift of the machine's speed hits both alike.
for round in 1 2; do
  python3 "$HERE/bench/edit-latency.py" "$ROOT/sahel-$N" --trials "$((TRIALS / 2))"
  python3 "$PEERS_DIR/incremental.py" zola "$ROOT/zola-$N" --trials "$((TRIALS / 2))" -- --fast
done
