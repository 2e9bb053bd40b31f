#!/usr/bin/env bash
# Builds a copy of the shipped site with a "team" page added as README's "Adding a page" says
# (tests/fixtures/team-page/apply.mjs), and a link to it from the about page, into dist-team/,
# for the browser test of client navigation to it and back (tests/e2e/team-page.spec.ts).
# The copy also has a photo (a generated 12-megapixel JPEG) on the golden visa post and the
# company formation service (tests/fixtures/photos/apply.mjs), for tests/e2e/photos.spec.ts.
# Usage: scripts/build-team-fixture.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
# The binaries the test command built once (SAHEL_BIN, GEN_PHOTOS_BIN), else through cargo.
SAHEL=${SAHEL_BIN:-cargo run --release --quiet --}
GEN_PHOTOS=${GEN_PHOTOS_BIN:-cargo run --release --quiet --example gen-photos --}
SITE="$ROOT/target/team-site"
rm -rf "$SITE"
mkdir -p "$SITE"
# The files git tracks that a build reads: the site's and its app's.
git ls-files -z content templates site site.toml package.json package-lock.json tsconfig.json |
  xargs -0 cp --parents -t "$SITE"
ln -s "$ROOT/node_modules" "$SITE/node_modules"
node_modules/.bin/node tests/fixtures/team-page/apply.mjs "$SITE"
# Linking to the new page is a content edit of its own.
printf '\nMeet [our team](/en/team/).\n' >> "$SITE/content/en/pages/about.md"
printf '\nتعرّف على [فريقنا](/ar/team/).\n' >> "$SITE/content/ar/pages/about.md"
mkdir -p "$SITE/content/media"
$GEN_PHOTOS "$SITE/content/media" 1
mv "$SITE/content/media/photo-00.jpg" "$SITE/content/media/office.jpg"
node_modules/.bin/node tests/fixtures/photos/apply.mjs "$SITE" office.jpg
$SAHEL build --quiet --root "$SITE" --out "$ROOT/dist-team"
