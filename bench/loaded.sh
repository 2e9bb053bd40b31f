#!/usr/bin/env bash
# Cold builds beside a competing load, quiet and loaded in one run: sahel and its peers on the
# peers' corpus (../shared/bench/peers/run.sh), round after round, each round building once
# with no load, once beside one busy process and once beside two (a shell loop at nice 0, the
# way a browser, an IDE or a CI job beside it takes a core). Interleaved, so the VM's drift
# hits every case alike.
#
#   bench/loaded.sh N [ROUNDS]       e.g. bench/loaded.sh 5000 5 (10,858 pages)
#   PEERS   peers to build (default "sahel zola"); RATIO_TO the peer sahel is compared with
#           (default zola)
#   LOADS   busy processes per case (default "0 1 2")
#   BENCH_ROOT (default /dev/shm/peers: tmpfs), PEERS_DIR (default ../shared/bench/peers)
#
# Prints a table: for each load, each peer's median wall time, sahel's ratio to the other
# peer, and each peer's slowdown against its own quiet time.
set -euo pipefail
N=${1:?usage: bench/loaded.sh N [ROUNDS]}
ROUNDS=${2:-3}
HERE=$(cd "$(dirname "$0")/.." && pwd)
PEERS_DIR=${PEERS_DIR:-$HERE/../shared/bench/peers}
export SAHEL_DIR=${SAHEL_DIR:-$HERE}
export BENCH_ROOT=${BENCH_ROOT:-/dev/shm/peers}
PEERS=${PEERS:-sahel zola}
LOADS=${LOADS:-0 1 2}
RESULTS=$BENCH_ROOT/results/loaded-$N.tsv

cargo build --release --quiet --manifest-path "$HERE/Cargo.toml"
mkdir -p "$BENCH_ROOT/results"
: >"$RESULTS"

# The load: busy shell loops at the default priority, each ended after 15 minutes at most
# even if this script is killed.
LOAD_PIDS=()
stop_load() {
  for p in "${LOAD_PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${LOAD_PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  LOAD_PIDS=()
}
start_load() {
  for _ in $(seq 1 "$1"); do
    timeout 900 bash -c 'while :; do :; done' &
    LOAD_PIDS+=($!)
  done
}
trap stop_load EXIT

# Set-up and one unmeasured build of each peer (run.sh with no measured round).
PEERS="$PEERS" WARMUP=1 bash "$PEERS_DIR/run.sh" "$N" 0 >/dev/null 2>&1 || true

for round in $(seq 1 "$ROUNDS"); do
  for load in $LOADS; do
    start_load "$load"
    sleep 0.5 # let the loops take their cores
    out=$(PEERS="$PEERS" WARMUP=0 bash "$PEERS_DIR/run.sh" "$N" 1 2>/dev/null)
    stop_load
    # run.sh prints "peer version pages wall_s peak_mb" per peer.
    echo "$out" | awk -v load="$load" -v round="$round" '$4 ~ /^[0-9.]+$/ { print load "\t" round "\t" $1 "\t" $3 "\t" $4 }' >>"$RESULTS"
    if echo "$out" | grep -q 'FAILED\|INVALID'; then
      echo "a build failed (load $load, round $round):" >&2
      echo "$out" >&2
      exit 1
    fi
  done
done

python3 - "$RESULTS" "$PEERS" "$LOADS" "${RATIO_TO:-zola}" <<'PY'
import statistics, sys
path, peers, loads, base = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4]
walls, pages = {}, {}
for line in open(path):
    load, _round, peer, n, wall = line.rstrip("\n").split("\t")
    walls.setdefault((load, peer), []).append(float(wall))
    pages[peer] = n
med = {k: statistics.median(v) for k, v in walls.items()}
ours = [p for p in peers if p.startswith("sahel") and base in peers]
rounds = len(walls.get((loads[0], peers[0]), []))
print(f"# {pages.get(peers[0], '?')} pages, {rounds} rounds, median wall seconds")
cols = peers + [f"{p} / {base}" for p in ours] + [f"{p} vs quiet" for p in peers]
print("| busy processes | " + " | ".join(cols) + " |")
print("|---" * (len(cols) + 1) + "|")
for load in loads:
    cells = [f"{med[(load, p)]:.3f} s" for p in peers]
    cells += [f"{med[(load, p)] / med[(load, base)]:.2f}×" for p in ours]
    cells += [f"{med[(load, p)] / med[(loads[0], p)]:.2f}×" for p in peers]
    print(f"| {load} | " + " | ".join(cells) + " |")
PY
