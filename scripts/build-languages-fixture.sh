#!/usr/bin/env bash
# Builds the three-language fixture site (tests/fixtures/basic with the files of
# tests/fixtures/third-language laid over it: Arabic, English and Farsi) into dist-languages/,
# for the browser tests (tests/e2e/languages.spec.ts). Usage: scripts/build-languages-fixture.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
# The binaries the test command built once (SAHEL_BIN, GEN_PHOTOS_BIN), else through cargo.
SAHEL=${SAHEL_BIN:-cargo run --release --quiet --}
GEN_PHOTOS=${GEN_PHOTOS_BIN:-cargo run --release --quiet --example gen-photos --}
SITE="$ROOT/target/three-languages-site"
rm -rf "$SITE"
mkdir -p "$SITE"
cp -r tests/fixtures/basic/. "$SITE/"
cp -r tests/fixtures/third-language/. "$SITE/"
# The fixture's [paths] are relative to tests/fixtures/<name>/: point them at this project.
sed -i "s|^app = \"../../..\"|app = \"$ROOT\"|; s|^templates = \"../../../templates\"|templates = \"$ROOT/templates\"|" "$SITE/site.toml"
$SAHEL build --quiet --root "$SITE" --out "$ROOT/dist-languages"
