#!/usr/bin/env bash
# Stage times of cold builds at several sizes, to check that every stage grows linearly: a
# Markdown table of the median of RUNS cold `sahel build --verbose` runs per size, and each
# stage's growth over the previous size divided by the growth in pages (1.00 = linear).
#
#   bench/stages.sh [RUNS] [POSTS_PER_LANGUAGE...]    e.g. bench/stages.sh 3 5000 10000 25000 50000
#   BENCH_ROOT=/dev/shm/stages                         where corpora and sites go (use a tmpfs)
#
# Sizes default to 5,000 10,000 25,000 50,000 posts per language (about 10k, 20k, 50k and 100k
# pages). Uses ../shared/bench/peers/ (gen_corpus.py, setup_sahel.sh) like the peers' run.sh.
set -euo pipefail
RUNS=${1:-3}
shift || true
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(5000 10000 25000 50000)
HERE=$(cd "$(dirname "$0")/.." && pwd)
PEERS_DIR=${PEERS_DIR:-$HERE/../shared/bench/peers}
ROOT=${BENCH_ROOT:-/tmp/sahel-stages}
BIN=$HERE/target/release/sahel
cargo build --release --quiet --manifest-path "$HERE/Cargo.toml"
mkdir -p "$ROOT"

STAGES="bundles load data reuse plan workers render cards write"
results=$ROOT/stages.tsv
: >"$results"
for n in "${SIZES[@]}"; do
  [ -d "$ROOT/corpus-$n" ] || python3 "$PEERS_DIR/gen_corpus.py" "$n" "$ROOT/corpus-$n" >/dev/null
  SAHEL_DIR=$HERE bash "$PEERS_DIR/setup_sahel.sh" "$ROOT/corpus-$n" "$ROOT/site-$n" 2>/dev/null
  for _ in $(seq "$RUNS"); do
    "$ROOT/site-$n/clean.sh"
    line=$("$BIN" build --verbose --root "$ROOT/site-$n" 2>&1 | grep '^Built ')
    # "Built 10856 routes (...) in 2.91 s (bundles 2 ms, load 41 ms, ...)"
    echo "$line" | python3 -c '
import re, sys
line = sys.stdin.read()
routes = re.search(r"Built (\d+) routes", line).group(1)
total = re.search(r" in ([0-9.]+) s", line).group(1)
stages = dict((k, v) for v, k in [(m.group(2), m.group(1)) for m in re.finditer(r"(\w+) (\d+) ms", line)])
print(routes, total, *(stages.get(s, "0") for s in sys.argv[1:]), sep="\t")
' $STAGES >>"$results"
  done
  # The output of this size goes before the next size builds: on a tmpfs it is memory (5 GB at
  # 100k pages) the next, larger build would otherwise compete with.
  "$ROOT/site-$n/clean.sh"
done

python3 - "$results" "$RUNS" $STAGES <<'PY'
import statistics, sys
path, runs, stages = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rows = [line.split("\t") for line in open(path).read().split("\n") if line]
by_size = {}
for r in rows:
    by_size.setdefault(int(r[0]), []).append([float(x) for x in r[1:]])
print("| pages | total s | " + " | ".join(f"{s} ms" for s in stages) + " |")
print("|---" * (len(stages) + 2) + "|")
prev = None
for pages in sorted(by_size):
    med = [statistics.median(col) for col in zip(*by_size[pages])]
    cells = [f"{med[0]:.2f}"] + [f"{v:.0f}" for v in med[1:]]
    if prev:
        growth = pages / prev[0]
        cells = [c + (f" ({(v / p) / growth:.2f})" if p > 0 else "") for c, v, p in zip(cells, med, prev[1])]
    print(f"| {pages:,} | " + " | ".join(cells) + " |")
    prev = (pages, med)
print(f"\nmedian of {runs} cold builds; in brackets: the stage's growth over the previous size divided by the growth in pages (1.00 = linear)")
PY
