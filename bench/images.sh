#!/usr/bin/env bash
# bench/images.sh [PHOTOS] [ROUNDS]
# Photos for phones, sahel against Zola 0.22.1's resize_image, on the same inputs and settings:
# PHOTOS generated 12-megapixel JPEGs (default 50; examples/gen-photos.rs), each made into
# 5 widths (320, 640, 960, 1280, 1920) × 2 formats (AVIF quality 55 at speed 9, WebP quality
# 72). A cold build (no output, no cache of copies) and a warm one (the copies cached), each
# ROUNDS times (default 2), interleaved; then the bytes written per format.
# Needs `cargo build --release` here and the app's npm dependencies (sahel builds the site too),
# and Zola from ../shared/bench/peers/tools (or ZOLA=). Works in BENCH_ROOT (default
# /dev/shm/sahel-images: measure on tmpfs).
set -euo pipefail
N=${1:-50}
ROUNDS=${2:-2}
S="$(cd "$(dirname "$0")/.." && pwd)"
ROOT="${BENCH_ROOT:-/dev/shm/sahel-images}"
BIN="$S/target/release/sahel"
[ -x "$BIN" ] || { echo "no $BIN: run cargo build --release" >&2; exit 1; }
ZOLA="${ZOLA:-}"
if [ -z "$ZOLA" ]; then
  ZOLA="$ROOT/bin/zola"
  if [ ! -x "$ZOLA" ]; then
    mkdir -p "$ROOT/bin"
    gunzip -c "$S/../shared/bench/peers/tools/zola-0.22.1-x86_64-linux-gnu.gz" > "$ZOLA"
    chmod +x "$ZOLA"
  fi
fi
WIDTHS=(320 640 960 1280 1920)

echo "generating $N photos of 12 megapixels..."
(cd "$S" && cargo run --release --quiet --example gen-photos -- "$ROOT/photos" "$N")

# sahel: the test fixture's site, its media folder the photos.
SW="$ROOT/sahel"
rm -rf "$SW"; mkdir -p "$SW"
cp -r "$S/tests/fixtures/basic/content" "$SW/content"
mkdir -p "$SW/content/media"
cp "$ROOT"/photos/photo-*.jpg "$SW/content/media/"
sed -e "s|^app = .*|app = \"$S\"|" -e "s|^templates = .*|templates = \"$S/templates\"|" \
  "$S/tests/fixtures/basic/site.toml" > "$SW/site.toml"
cat >> "$SW/site.toml" <<TOML

[images]
widths = [320, 640, 960, 1280, 1920]
avif_quality = 55
avif_speed = 9
webp_quality = 72
TOML

# Zola: one page whose template makes every copy.
ZW="$ROOT/zola"
rm -rf "$ZW"; mkdir -p "$ZW/templates" "$ZW/content" "$ZW/static"
cp -r "$ROOT/photos" "$ZW/static/photos"
cat > "$ZW/config.toml" <<'TOML'
base_url = "https://example.com"
title = "Images"
compile_sass = false
build_search_index = false
generate_feeds = false
TOML
{
  echo '{% for i in range(end='"$N"') %}{% set p = "photos/photo-" ~ i %}'
  echo '{% if i < 10 %}{% set p = "photos/photo-0" ~ i %}{% endif %}'
  for w in "${WIDTHS[@]}"; do
    echo '{% set a = resize_image(path=p ~ ".jpg", width='"$w"', op="fit_width", format="avif", quality=55, speed=9) %}<img src="{{ a.url }}">'
    echo '{% set b = resize_image(path=p ~ ".jpg", width='"$w"', op="fit_width", format="webp", quality=72) %}<img src="{{ b.url }}">'
  done
  echo '{% endfor %}'
} > "$ZW/templates/index.html"

now() { date +%s.%N; }
run() { # name cold|warm
  local name=$1 kind=$2 t0 t1
  if [ "$name" = sahel ]; then
    [ "$kind" = cold ] && rm -rf "$SW/dist" "$SW/.cache/media" "$SW/.cache/render"
    t0=$(now); (cd "$SW" && "$BIN" build --quiet) >/dev/null; t1=$(now)
  else
    [ "$kind" = cold ] && rm -rf "$ZW/public" "$ZW/static/processed_images"
    t0=$(now); (cd "$ZW" && "$ZOLA" build --force) >/dev/null 2>&1; t1=$(now)
  fi
  echo "$name $kind $(echo "$t1 - $t0" | bc)"
}

results=()
for r in $(seq "$ROUNDS"); do
  for kind in cold warm; do
    for name in sahel zola; do
      line=$(run "$name" "$kind"); echo "round $r: $line"; results+=("$line")
    done
  done
done

echo
echo "median seconds over $ROUNDS rounds ($N photos × ${#WIDTHS[@]} widths × 2 formats):"
for name in sahel zola; do
  for kind in cold warm; do
    printf '%s\n' "${results[@]}" | awk -v n="$name" -v k="$kind" '$1 == n && $2 == k { print $3 }' \
      | sort -n | awk -v n="$name" -v k="$kind" '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "  %-6s %-5s %7.2f s\n", n, k, m }'
  done
done
echo "bytes written:"
for ext in avif webp; do
  s=$(find "$SW/dist/media/_v" -name "*.$ext" -printf '%s\n' | awk '{ t += $1; n++ } END { printf "%d files, %.0f KB", n, t / 1024 }')
  z=$(find "$ZW/static/processed_images" -name "*.$ext" -printf '%s\n' | awk '{ t += $1; n++ } END { printf "%d files, %.0f KB", n, t / 1024 }')
  echo "  $ext: sahel $s; zola $z"
done
