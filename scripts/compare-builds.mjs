#!/usr/bin/env node
// Compares two build outputs file by file, with Vite's content hashes redacted from asset names
// (`/assets/home-screen-AbC12_-x.js` → `/assets/home-screen-HASH.js`), so a change that must
// not alter the site (a refactor of the app) can be shown to leave every page byte-identical.
//
// Usage: node scripts/compare-builds.mjs <before dir> <after dir>
// Prints each difference (a file only on one side, the first differing line of a file, asset
// names present on one side only) and exits 1 if there is any, 0 if none.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/compare-builds.mjs <before dir> <after dir>');
  process.exit(2);
}

// Vite names files `<name>-<8 character hash>.<ext>`; the name may itself hold hyphens.
const HASHED = /\/assets\/([A-Za-z0-9_.-]+?)-[A-Za-z0-9_-]{8}\.([a-z0-9]+)/g;
const redact = (text) => text.replace(HASHED, '/assets/$1-HASH.$2');

function walk(dir) {
  const files = [];
  const visit = (d) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) visit(path);
      else files.push(relative(dir, path));
    }
  };
  visit(dir);
  return files.sort();
}

/** Splits a tree into the hashed assets (compared by redacted name) and everything else. */
function contents(dir) {
  const assets = [];
  const files = [];
  for (const file of walk(dir)) {
    // The output marker records the folder it was written for, so two folders' differ.
    if (file === '.sahel-output') continue;
    if (file.startsWith('assets/')) assets.push(redact(`/${file}`));
    else files.push(file);
  }
  return { assets: assets.sort(), files };
}

const a = contents(before);
const b = contents(after);
const differences = [];

const onlyIn = (left, right) => left.filter((x) => !right.includes(x));
for (const file of onlyIn(a.files, b.files)) differences.push(`only in ${before}: ${file}`);
for (const file of onlyIn(b.files, a.files)) differences.push(`only in ${after}: ${file}`);
for (const asset of onlyIn(a.assets, b.assets)) differences.push(`asset only in ${before}: ${asset}`);
for (const asset of onlyIn(b.assets, a.assets)) differences.push(`asset only in ${after}: ${asset}`);

let compared = 0;
for (const file of a.files.filter((f) => b.files.includes(f))) {
  compared += 1;
  const left = readFileSync(join(before, file));
  const right = readFileSync(join(after, file));
  if (left.equals(right)) continue;
  const l = redact(left.toString('utf8'));
  const r = redact(right.toString('utf8'));
  if (l === r) continue;
  let at = 0;
  while (at < l.length && l[at] === r[at]) at += 1;
  differences.push(
    `${file} differs at byte ${at}:\n  before: ${JSON.stringify(l.slice(Math.max(0, at - 80), at + 120))}\n  after:  ${JSON.stringify(r.slice(Math.max(0, at - 80), at + 120))}`,
  );
}

for (const line of differences) console.log(line);
console.log(
  `${compared} files compared (hashes redacted), ${a.assets.length}/${b.assets.length} assets; ${differences.length} differences`,
);
process.exit(differences.length === 0 ? 0 : 1);
