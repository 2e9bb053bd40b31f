#!/usr/bin/env bash
# Benchmarks sahel on the peers' corpus (../shared/bench/peers/gen_corpus.py): cold and warm
# builds of N posts per language, and the latency of a one-post edit under `serve` (from the
# file write to the new HTML on disk). Optionally runs the peers (Hugo) in the same session.
#
#   bench/run.sh N [RUNS]            e.g. bench/run.sh 1000 3
#   PEERS=hugo bench/run.sh 1000     also runs ../shared/bench/peers/run.sh with the same N
#   BENCH_ROOT=/tmp/sahel-bench      where corpora and sites go (use a tmpfs for stable numbers)
set -euo pipefail
N=${1:?usage: bench/run.sh N [RUNS]}
RUNS=${2:-3}
HERE=$(cd "$(dirname "$0")/.." && pwd)
PEERS_DIR=${PEERS_DIR:-$HERE/../shared/bench/peers}
ROOT=${BENCH_ROOT:-/tmp/sahel-bench}
SITE=$ROOT/site-$N
BIN=$HERE/target/release/sahel

cargo build --release --quiet --manifest-path "$HERE/Cargo.toml"
mkdir -p "$ROOT"
if [ ! -d "$ROOT/corpus-$N" ]; then
  python3 "$PEERS_DIR/gen_corpus.py" "$N" "$ROOT/corpus-$N" >/dev/null
fi
rm -rf "$SITE" && mkdir -p "$SITE"
cp -r "$ROOT/corpus-$N/content" "$SITE/content"
cat >"$SITE/site.toml" <<TOML
base_url = "https://bench.example"
[company]
name = { ar = "نهج لخدمات الأعمال", en = "Nahj Business Services" }
phone = "+971 4 555 0100"
whatsapp = "971505550100"
email = "info@bench.example"
address = { ar = "دبي", en = "Dubai" }
[hours]
opens = "09:00"
closes = "20:00"
days = { ar = "يومياً", en = "Every day" }
[paths]
app = "$HERE"
templates = "$HERE/templates"
[check]
parity = false   # the corpus's two languages hold different slugs
links = false    # and it links to pages (archive, projects, talks) this site does not have
TOML

measure() { # prints wall seconds and peak RSS MiB of one command
  local t0 t1
  t0=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$ROOT/rss" "$@" >/dev/null 2>"$ROOT/err" || { cat "$ROOT/err"; exit 1; }
  t1=$(date +%s%N)
  printf '%.3f %d\n' "$(echo "($t1 - $t0) / 1000000000" | bc -l)" "$(( $(cat "$ROOT/rss") / 1024 ))"
}

pages() { find "$SITE/dist" -name '*.html' | wc -l; }

"$BIN" build --quiet --root "$SITE" # warm-up (bundles, page cache)
echo "sahel N=$N: $(pages) pages"
for i in $(seq "$RUNS"); do
  rm -rf "$SITE/dist"; sync
  echo "cold  $(measure "$BIN" build --quiet --root "$SITE")"
done
for i in $(seq "$RUNS"); do
  echo "warm  $(measure "$BIN" build --quiet --root "$SITE")"
done

# One-post edit under serve: from the write to the new HTML on disk.
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$BIN" serve --quiet --root "$SITE" --port "$PORT" >/dev/null 2>&1 &
SERVE=$!
trap 'kill -INT $SERVE 2>/dev/null || true' EXIT
python3 - "$SITE" "$PORT" <<'PY'
import os, sys, time, urllib.request
site, port = sys.argv[1], int(sys.argv[2])
deadline = time.time() + 300
while time.time() < deadline:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/en/blog/", timeout=2); break
    except Exception:
        time.sleep(0.2)
blog = os.path.join(site, "content/en/blog")
post = sorted(os.listdir(blog))[len(os.listdir(blog)) // 2]
slug = post[:-3]
src = os.path.join(blog, post)
out = os.path.join(site, ".cache/serve/en/blog", slug, "index.html")
original = open(src, encoding="utf-8").read()
times = []
try:
    for i in range(10):
        marker = f"edit-marker-{i}-{time.time_ns()}"
        t = time.perf_counter()
        with open(src, "w", encoding="utf-8") as f:
            f.write(original + f"\n\n{marker}\n")
        while time.perf_counter() - t < 10:
            try:
                if marker in open(out, encoding="utf-8").read():
                    break
            except FileNotFoundError:
                pass
            time.sleep(0.001)
        times.append((time.perf_counter() - t) * 1000)
        time.sleep(0.1)
finally:
    with open(src, "w", encoding="utf-8") as f:
        f.write(original)
times.sort()
print(f"edit  median {times[len(times)//2]:.1f} ms, min {times[0]:.1f} ms, max {times[-1]:.1f} ms (10 edits)")
PY

if [ -n "${PEERS:-}" ]; then
  echo "peers ($PEERS), same corpus, same machine:"
  (cd "$PEERS_DIR" && BENCH_ROOT="$ROOT/peers" PEERS="$PEERS" bash run.sh "$N" "$RUNS" 2>&1 | tail -n 5)
fi
