// Every character a page shows is in the web fonts its language's stack names (site/src/styles.css:
// the page font's subsets, and for Poppins, Cairo after it): a character none of them has is drawn
// in whatever font the visitor's phone has, in another style and size, and may shift the line
// when it arrives (issue 52). Reads each built page's text (text nodes, alt and placeholder; not
// scripts) and the fonts @fontsource ships, both weights. Whitespace, format controls (bidi marks,
// joiners) and emoji, which no text font draws and every phone has a font for, are left out.
// Prints one line per missing character, with the pages and words it is in, and a last line
// "font coverage: N passed, M failed". Usage: node scripts/check-font-coverage.mjs [dist]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';

const root = new URL('..', import.meta.url).pathname;
const dist = process.argv[2] ?? join(root, 'dist');
const CHAINS = { cairo: ['cairo'], poppins: ['poppins', 'cairo'], vazirmatn: ['vazirmatn'] };
const fontsOf = (family) => readdirSync(join(root, `node_modules/@fontsource/${family}/files`))
  .filter((f) => /-(400|700)-normal\.woff2$/.test(f))
  .map((f) => fontkit.openSync(join(root, `node_modules/@fontsource/${family}/files`, f)));
const loaded = new Map();
const fonts = (family) => loaded.get(family) ?? loaded.set(family, fontsOf(family)).get(family);
// A character is covered when a family of the chain has it in both weights (any of its subsets).
const covered = (chain, cp) => chain.some((family) => {
  const files = fonts(family);
  const has = (w) => files.some((f) => f.postscriptName && f.hasGlyphForCodePoint(cp) && (f['OS/2']?.usWeightClass ?? 400) === w);
  return has(400) && has(700);
});
const skip = (c) => /\s|\p{Cf}|\p{Cc}|\p{Extended_Pictographic}|\p{Emoji_Component}|[\u{FE0E}\u{FE0F}]/u.test(c) && !/[0-9#*]/.test(c);
const decode = (s) => s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (m, e) =>
  e[0] === '#' ? String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
    : { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[e.toLowerCase()]);

const missing = new Map(); // "family chain|char" → { pages, words }
let pages = 0;
for (const file of readdirSync(dist, { recursive: true }).filter((f) => f.endsWith('index.html')).sort()) {
  const html = readFileSync(join(dist, file), 'utf8');
  const family = html.match(/class="[^"]*min-h-screen[^"]*\bfont-(cairo|poppins|vazirmatn)\b/)?.[1];
  if (!family) continue;
  pages++;
  const body = html.slice(html.indexOf('<body')).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const attrs = [...body.matchAll(/\s(?:alt|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  const text = decode([...body.replace(/<[^>]*>/g, '\n').split('\n'), ...attrs].join(' '));
  for (const word of new Set(text.split(/\s+/))) {
    for (const c of word) {
      if (skip(c) || covered(CHAINS[family], c.codePointAt(0))) continue;
      const key = `${family}|${c}`;
      const entry = missing.get(key) ?? missing.set(key, { pages: new Set(), words: new Set() }).get(key);
      entry.pages.add(file.replace(/index\.html$/, ''));
      if (entry.words.size < 3) entry.words.add(word.slice(0, 40));
    }
  }
}
for (const [key, { pages: where, words }] of missing) {
  const [family, c] = key.split('|');
  const cp = `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  console.log(`FAIL "${c}" (${cp}) is in no font of the ${family} stack (${CHAINS[family].join(', ')}): ${[...where].slice(0, 5).join(', ')}${where.size > 5 ? ` and ${where.size - 5} more` : ''}; in ${[...words].join(' · ')}`);
}
console.log(`checked the text of ${pages} pages`);
console.log(`font coverage: ${missing.size ? 0 : 1} passed, ${missing.size ? 1 : 0} failed`);
process.exit(missing.size ? 1 : 0);
