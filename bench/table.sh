#!/usr/bin/env bash
# Every figure of the README's benchmark table in one run, so they compare (this VM's speed
# drifts by up to 70% within an hour): cold builds quiet and beside one and two busy processes
# (bench/loaded.sh) at 242, 2,192, 10,858 and 54,192 pages; the peak memory of the whole process
# tree (bench/tree-rss.py) at 108,358 pages; and a one-post edit under `serve` against
# `zola serve --fast` (bench/edits.sh) at 2,002 and 100,002 posts.
#
#   bench/table.sh                  about an hour; prints the tables and keeps them in
#                                   $BENCH_ROOT/results/table-<time>.md
#   BENCH_ROOT (default /dev/shm/peers: a tmpfs), PEERS_DIR (default ../shared/bench/peers)
#   SIZES   "posts-per-language:rounds ..." for the build rows (default "100:11 1000:5 5000:5 25000:3": 242 to 54,192 pages)
#   MEMORY_N, EDIT_SIZES   posts per language for the memory row (default 50000) and the edits
#                          (default "1000 50000"); empty skips them
#   EDITS_ROOT  where the edits' corpora and sites go (default $BENCH_ROOT/edits)
#
# The peers' copy_corpus copies with `cp *.md`, which exceeds the argument limit from about
# 25,000 posts per language: this script runs a copy of the peers' scripts whose copy_corpus
# uses `find -exec cp` instead (nothing else differs). Outputs are removed between sizes, so the
# tmpfs never holds more than one size's sites.
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
PEERS_DIR=${PEERS_DIR:-$HERE/../shared/bench/peers}
export BENCH_ROOT=${BENCH_ROOT:-/dev/shm/peers}
export SAHEL_DIR=${SAHEL_DIR:-$HERE}
SIZES=${SIZES:-100:11 1000:5 5000:5 25000:3}
MEMORY_N=${MEMORY_N-50000}
EDIT_SIZES=${EDIT_SIZES-1000 50000}
EDITS_ROOT=${EDITS_ROOT:-$BENCH_ROOT/edits}
mkdir -p "$BENCH_ROOT/results"
OUT=$BENCH_ROOT/results/table-$(date -u +%Y%m%dT%H%MZ).md

# The peers' scripts, with a copy_corpus that scales.
SCRIPTS=$BENCH_ROOT/peers-scripts
rm -rf "$SCRIPTS"
cp -r "$PEERS_DIR" "$SCRIPTS"
python3 - "$SCRIPTS/common.sh" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
old = 'cp -p "$src/content/$lang/blog/"*.md "$dest/$lang/blog/"'
new = 'find "$src/content/$lang/blog/" -maxdepth 1 -name "*.md" -exec cp -p -t "$dest/$lang/blog/" {} +'
if old not in text:
    sys.exit("the peers' copy_corpus changed: update bench/table.sh")
open(path, "w").write(text.replace(old, new))
PY

drop_outputs() {
  for w in "$BENCH_ROOT"/work/*/; do
    [ -x "$w/clean.sh" ] && "$w/clean.sh"
  done
  rm -rf "$BENCH_ROOT"/work/zola/public "$BENCH_ROOT"/work/hugo/public
}

{
  echo "# sahel $(git -C "$HERE" rev-parse --short HEAD), $(date -u '+%F %H:%M UTC'), $(nproc) cores"
  echo
} | tee "$OUT"

for spec in $SIZES; do
  n=${spec%%:*}
  rounds=${spec#*:}
  PEERS_DIR=$SCRIPTS bash "$HERE/bench/loaded.sh" "$n" "$rounds" | tee -a "$OUT"
  echo | tee -a "$OUT"
  drop_outputs
done

if [ -n "$MEMORY_N" ]; then
  # One unmeasured build of each peer sets the sites up; then one cold build each under
  # tree-rss.py (sampling slows a build, so its time is not a benchmark figure).
  PEERS="sahel zola" WARMUP=1 bash "$SCRIPTS/run.sh" "$MEMORY_N" 0 >/dev/null 2>&1 || true
  echo "## Peak memory of the whole process tree, $MEMORY_N posts per language" | tee -a "$OUT"
  for peer in sahel zola; do
    w=$BENCH_ROOT/work/$peer
    "$w/clean.sh"
    line=$(python3 "$HERE/bench/tree-rss.py" -- "$w/build.sh" 2>&1 >/dev/null | tail -1)
    echo "$peer: $line (wall_s peak_tree_mib peak_main_mib)" | tee -a "$OUT"
    drop_outputs
  done
  echo | tee -a "$OUT"
  drop_outputs
fi

for n in $EDIT_SIZES; do
  echo "## One-post edit under serve, $n posts per language" | tee -a "$OUT"
  BENCH_ROOT=$EDITS_ROOT PEERS_DIR=$SCRIPTS bash "$HERE/bench/edits.sh" "$n" 10 2>&1 |
    grep -E 'latency|median' | tee -a "$OUT"
  echo | tee -a "$OUT"
  rm -rf "$EDITS_ROOT/sahel-$n/.cache/serve" "$EDITS_ROOT/zola-$n/public"
done
echo "kept in $OUT"
