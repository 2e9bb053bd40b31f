// The app's inlined-page-data tests read documents and page-data files of the shipped site
// (site/src/shared/page-data/__tests__/fixtures/). They are generated from a build, not copied
// by hand: this script takes them from the output folder, without the links to hashed assets
// and the inlined stylesheet (which change with every bundle and are not page data).
// The site is built for this with its clock set (SOURCE_DATE_EPOCH: the footer's year), so the
// fixtures do not go stale with the calendar.
// Usage: node scripts/page-data-fixtures.mjs [--check]
//   without --check: writes the fixtures; with it: fails, naming them, when they are stale.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const check = process.argv.includes('--check');
const dist = join(root, 'target/page-data-fixtures');
// The binary the test command built once (SAHEL_BIN), else `cargo run`. (Through cargo, the
// clock variable below made it build the release binary again: a crate of the build reads it.)
const [command, ...prefix] = process.env.SAHEL_BIN
  ? [process.env.SAHEL_BIN]
  : ['cargo', 'run', '--release', '--quiet', '--'];
execFileSync(command, [...prefix, 'build', '--quiet', '--out', dist], {
  cwd: root,
  stdio: 'inherit',
  // 2026-01-01T00:00:00Z
  env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' },
});
const fixtures = join(root, 'site/src/shared/page-data/__tests__/fixtures');

/** Fixture name → route folder in the output. */
const ROUTES = {
  'ar-post': 'ar/blog/golden-visa-guide',
  'en-services': 'en/services',
};

/** The document without its links to hashed assets: preloads, the stylesheet, module scripts, the boot script's names. */
export function withoutAssets(html) {
  return html
    .replace(/<link rel="(?:preload|modulepreload|stylesheet)"[^>]*>\n?/g, '')
    // The app's stylesheet, which every page inlines: it changes with every bundle too.
    .replace(/<style>[\s\S]*?<\/style>\n?/, '')
    .replace(/<script type="module"[^>]*><\/script>\n?/g, '')
    // The boot script: it names the entry and the chunks to preload, and is sahel's own code.
    .replace(/<script data-entry="[^"]*" data-preload="[^"]*">[\s\S]*?<\/script>\n?/, '');
}

const stale = [];
for (const [name, route] of Object.entries(ROUTES)) {
  const html = join(dist, route, 'index.html');
  const data = join(dist, route, 'page-data.json');
  if (!existsSync(html) || !existsSync(data)) {
    console.error(`page-data fixtures: the build in ${dist} has no ${route}/`);
    process.exit(1);
  }
  const want = {
    [`${name}.html`]: withoutAssets(readFileSync(html, 'utf8')),
    [`${name}.page-data.json`]: readFileSync(data, 'utf8'),
  };
  for (const [file, text] of Object.entries(want)) {
    const path = join(fixtures, file);
    const have = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (have === text) continue;
    if (check) stale.push(file);
    else writeFileSync(path, text);
  }
}
if (stale.length > 0) {
  console.error(
    `page-data fixtures: ${stale.join(', ')} differ from ${dist}; run \`node scripts/page-data-fixtures.mjs\` after the build and review the diff`,
  );
  process.exit(1);
}
console.log(check ? 'page-data fixtures: current' : 'page-data fixtures: written');
