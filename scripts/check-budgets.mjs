// Size budgets, computed from the build's manifest and output (deterministic, not timed):
//  - first-visit JavaScript of every kind of page, the search page included (the entry and its
//    static imports): ≤ 110 KB gzip (100 KB until the interface strings moved to i18next, issue 34,
//    which costs about 13 KB; issue 52 aims at 95 KB: what the first screen does not need is
//    loaded on idle or first use, but React DOM and i18next alone are 75 KB of the entry's 94)
//  - the site search's first query (the dialog's code, the ranking's and the language's index):
//    ≤ 40 KB gzip
//  - CSS: ≤ 15 KB gzip
//  - fonts: woff2 only, and each page preloads one: its language's page font, script subset, 400
//  - no render-blocking stylesheet: the CSS is inlined, allowed by its hash in _headers and nginx.conf
//  - photos (of the team-page fixture, dist-team/, which has a 12-megapixel photo on a post and
//    a service): on a 375 px phone at 2 device pixels per CSS pixel, the page's main photo is
//    ≤ 60 KB and all its photos ≤ 250 KB, as the browser picks them from each <picture>
// Prints one line per budget and a last line "budgets: N passed, M failed"; exits 1 on failure.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';

// BUDGET_ROOT reads another checkout's build (to compare sizes before and after a change).
const root = process.env.BUDGET_ROOT ?? new URL('..', import.meta.url).pathname;
const client = join(root, '.cache/site/client');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8'));
const entryKey = 'src/entry-client.tsx';
const KB = 1024;
const results = [];
// `--known-over js`: the JS budget is still printed, marked as a known open gap (issue 6), and
// counted neither as passed nor failed. Without the flag every budget is enforced.
const knownOver = process.argv.includes('--known-over') ? process.argv[process.argv.indexOf('--known-over') + 1] : null;
const check = (name, ok, detail, id) => {
  if (!ok && knownOver && id === knownOver) {
    console.log(`OVER ${name}: ${detail} (known open gap, not counted)`);
    return;
  }
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
};
const gz = (file) => gzipSync(readFileSync(join(client, file)), { level: 9 }).length;

// JavaScript a page loads on a first visit: what its built HTML names (the boot script's
// entry and the chunks it preloads: the entry's imports, the page language's strings and the
// screen's chunks; or, in a page of an older template, its module scripts and modulepreloads),
// for one page of each kind, per language; the heavier language counts.
const pageScripts = (html) => {
  const boot = html.match(/<script data-entry="([^"]+)" data-preload="([^"]*)">/);
  const listed = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  return [...new Set([...(boot ? [boot[1], ...boot[2].split(' ').filter(Boolean)] : []), ...listed])];
};
const firstDir = (dir) => readdirSync(join(dist, dir), { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'page').map((d) => d.name).sort()[0];
const PAGE_KINDS = [
  ['home', () => ''],
  ['blog post', (lang) => `blog/${firstDir(`${lang}/blog`)}/`],
  ['blog list', () => 'blog/'],
  ['services', () => 'services/'],
  ['service', (lang) => `services/${firstDir(`${lang}/services`)}/`],
  ['contact', () => 'contact/'],
  ['pricing', () => 'pricing/'],
  ['faq', () => 'faq/'],
  ['about', () => 'about/'],
  ['assistant', () => 'assistant-chat/'],
  ['search', () => 'search/'],
];
const gzDist = (href) => gzipSync(readFileSync(join(dist, href)), { level: 9 }).length;
const JS_BUDGET_KB = 110;
for (const [kind, path] of PAGE_KINDS) {
  let js = [];
  let jsBytes = 0;
  let jsLang = '';
  for (const lang of ['ar', 'en']) {
    const html = readFileSync(join(dist, lang, path(lang), 'index.html'), 'utf8');
    const files = pageScripts(html);
    const bytes = files.reduce((sum, f) => sum + gzDist(f), 0);
    if (bytes > jsBytes) [js, jsBytes, jsLang] = [files, bytes, lang];
  }
  check(`first-visit JavaScript of a ${kind} page`, js.length > 1 && jsBytes <= JS_BUDGET_KB * KB, `${(jsBytes / KB).toFixed(1)} KB gzip in ${js.length} file(s), ${jsLang} (budget ${JS_BUDGET_KB} KB)`, 'js');
}
// The site search's first query (issue 37): what opening the search dialog downloads (its chunk,
// the ranking's, which the dialog's box imports dynamically, and the chunks they import that a
// page has not loaded already) and the language's index.
const SEARCH_BUDGET_KB = 40;
const dialogKey = Object.keys(manifest).find((k) => k.endsWith('features/search/search-dialog.tsx'));
const rankingKey = Object.keys(manifest).find((k) => k.endsWith('features/search/search.ts'));
const chunksOf = (key, into = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  (chunk.imports ?? []).forEach((i) => chunksOf(i, into));
  return into;
};
const entryChunks = chunksOf(entryKey);
const searchChunks = dialogKey && rankingKey ? [...chunksOf(rankingKey, chunksOf(dialogKey))].filter((f) => !entryChunks.has(f)) : [];
for (const lang of ['ar', 'en']) {
  const index = gzDist(`${lang}/assistant-index.json`);
  const code = searchChunks.reduce((sum, f) => sum + gz(f), 0);
  check(`search's first query, ${lang}`, searchChunks.length > 0 && code + index <= SEARCH_BUDGET_KB * KB,
    `${((code + index) / KB).toFixed(1)} KB gzip (${code + index} bytes): code ${(code / KB).toFixed(1)} KB in ${searchChunks.length} file(s), index ${(index / KB).toFixed(1)} KB (budget ${SEARCH_BUDGET_KB} KB)`);
}

// CSS: the entry's and its imports' stylesheets.
const css = new Set();
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  (chunk.css ?? []).forEach((c) => css.add(c));
  (chunk.imports ?? []).forEach(visit);
};
visit(entryKey);
const cssBytes = [...css].reduce((sum, f) => sum + gz(f), 0);
check('CSS', cssBytes <= 15 * KB, `${(cssBytes / KB).toFixed(1)} KB gzip (budget 15 KB)`);

const fontFiles = readdirSync(join(client, 'assets')).filter((f) => /\.(woff2?|ttf|otf|eot)$/.test(f));
const notWoff2 = fontFiles.filter((f) => !f.endsWith('.woff2'));
check('fonts are woff2 only', notWoff2.length === 0, notWoff2.length ? notWoff2.join(', ') : `${fontFiles.length} woff2 files`);
// One font file preloaded on every page (the one its largest text uses: the language's page font,
// its script's subset, regular), and no stylesheet that blocks the first paint: the app's CSS is
// inlined (src/assets.rs, inline_styles) and allowed by its hash in the policy of every host's file.
const headers = readFileSync(join(dist, '_headers'), 'utf8');
const nginx = readFileSync(join(dist, 'nginx.conf'), 'utf8');
for (const [lang, subset] of [['ar', /^\/assets\/cairo-arabic-400-/], ['en', /^\/assets\/poppins-latin-400-/]]) {
  const wrong = [];
  const blocking = [];
  const unhashed = [];
  let pages = 0;
  for (const [kind, path] of PAGE_KINDS) {
    const html = readFileSync(join(dist, lang, path(lang), 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('<body'));
    pages++;
    const preloads = [...head.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]);
    if (preloads.length !== 1 || !subset.test(preloads[0])) wrong.push(`${kind}: ${preloads.join(', ') || 'none'}`);
    if (/<link rel="stylesheet"/.test(head)) blocking.push(kind);
    const style = head.match(/<style>([\s\S]*?)<\/style>/)?.[1];
    const hash = style && `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    if (!hash || !headers.includes(hash) || !nginx.includes(hash)) unhashed.push(kind);
  }
  check(`${lang} pages preload one font file, ${lang === 'ar' ? 'Cairo Arabic' : 'Poppins Latin'} 400`, wrong.length === 0,
    wrong.length ? wrong.join('; ') : `${pages} page kinds`);
  check(`${lang} pages: no render-blocking stylesheet, the inlined one allowed by its hash`, blocking.length === 0 && unhashed.length === 0,
    blocking.length || unhashed.length ? `linked: ${blocking.join(', ') || 'none'}; not in _headers/nginx.conf: ${unhashed.join(', ') || 'none'}` : `${pages} page kinds`);
}

// The server bundle: every render worker evaluates it (or deserialises it from a snapshot of
// about 7x its size) before its first page, so its size is start-up time on every build.
// supabase-js, which only the browser uses, was 760 KB of it (site/src/server/no-supabase.ts);
// its code names its `X-Client-Info` header (the bundle keeps no comments, so no module paths).
const serverBundle = readFileSync(join(root, '.cache/site/server/entry-server.cjs'), 'utf8');
const serverKB = Buffer.byteLength(serverBundle) / KB;
const nonAscii = [...serverBundle].filter((c) => c.charCodeAt(0) > 127).length;
check('server bundle is ASCII', nonAscii === 0, nonAscii ? `${nonAscii} characters outside ASCII: V8 keeps its source two bytes per character` : 'one byte per character in V8');
check('server bundle', serverKB <= 1200 && !serverBundle.includes('X-Client-Info'), `${serverKB.toFixed(0)} KB (budget 1,200 KB, no supabase-js)`);
// React's streaming server renderer (250 KB) is not in it: the server renders with renderToString
// only, from the renderer that holds it (the alias in site/vite.config.ts).
check('server bundle has one React server renderer', !serverBundle.includes('resumeToPipeableStream'),
  serverBundle.includes('resumeToPipeableStream') ? 'the streaming renderer is in it too (react-dom/server imported without the alias?)' : 'renderToString\'s only');

// react-router-dom's CommonJS build (its package exports name it for Node; the alias in
// site/vite.config.ts takes its ES module): its `require("react-router")` kept every export of
// React Router in the server bundle, 400 KB with the framework's cookie and session code.
check('server bundle has react-router-dom\'s ES module', !serverBundle.includes('createCookieSessionStorage'),
  serverBundle.includes('createCookieSessionStorage') ? 'all of React Router is in it (react-router-dom\'s CommonJS build, without the alias?)' : 'only the React Router the app uses');

// react-router's development build (its package exports name it for every condition; the aliases
// in site/vite.config.ts take the production one): its warnings are dead code in the production
// build, which the bundler drops (from the browser's JavaScript and from the server bundle).
const clientJs = readdirSync(join(client, 'assets')).filter((f) => f.endsWith('.js'));
const withDevWarnings = clientJs.filter((f) => readFileSync(join(client, 'assets', f), 'utf8').includes('No routes matched location'));
check('react-router production build', clientJs.length > 0 && withDevWarnings.length === 0 && !serverBundle.includes('No routes matched location'),
  withDevWarnings.length ? `its development warnings are in ${withDevWarnings.join(', ')}` : `no development build in ${clientJs.length} client scripts or the server bundle`);

// React Router's unused components (Link, NavLink, Form and what they call) stay out of the
// entry: site/vite-plugins/react-router-tree-shaking.ts lets the bundler drop them. Form's
// default encoding names them.
const entryFile = manifest[entryKey].file;
const entryJs = readFileSync(join(client, entryFile), 'utf8');
check('React Router tree-shaken', !entryJs.includes('application/x-www-form-urlencoded'),
  entryJs.includes('application/x-www-form-urlencoded') ? `its Form is in ${entryFile} (see site/vite-plugins/react-router-tree-shaking.ts)` : `no Link, NavLink or Form in ${entryFile}`);

// i18next's built-in formatter and backend connector, which the app replaces or never uses,
// stay out of the entry: site/vite-plugins/i18next-trim.ts lets the bundler drop them. The
// formatter's `Intl.RelativeTimeFormat` and the connector's `maxParallelReads` name them.
const i18nextLeftIn = ['RelativeTimeFormat', 'maxParallelReads'].filter((name) => entryJs.includes(name));
check('i18next trimmed', i18nextLeftIn.length === 0,
  i18nextLeftIn.length ? `its formatter or backend connector is in ${entryFile} (${i18nextLeftIn.join(', ')}; see site/vite-plugins/i18next-trim.ts)` : `no built-in formatter or backend connector in ${entryFile}`);

// lucide-react's component (`createLucideIcon`, its `Icon` and helpers) stays out of the entry:
// the app draws icons from their data (src/shared/ui/lean-icon.tsx), and
// site/vite-plugins/lucide-icon-data.ts leaves the component out of the icon modules. Its default
// attributes' `currentColor` (the stylesheet gives icons their stroke) names it.
check('lucide-react\'s component left out', !entryJs.includes('currentColor'),
  entryJs.includes('currentColor') ? `its default attributes are in ${entryFile} (see site/vite-plugins/lucide-icon-data.ts)` : `no Lucide component in ${entryFile}`);

// Photos a phone downloads: what a browser picks from each <picture> of a page of the team-page
// fixture (PHOTOS_DIST, default dist-team/), for a viewport 375 CSS px wide at 2 device pixels
// per CSS pixel: the first `sizes` entry whose media condition holds gives the slot's width,
// and the narrowest candidate of the first source (AVIF, the best format) that covers it at
// that density is the file. The browser test (tests/e2e/photos.spec.ts) checks a real
// Chromium picks the same file.
const PHONE = { width: 375, dpr: 2, rem: 16 };
const photosDist = process.env.PHOTOS_DIST ?? join(root, 'dist-team');
/** A CSS length of `sizes` (`46rem`, `calc(100vw - 2rem)`, `calc(50vw - 2.75rem)`, `300px`) in px on the phone. */
const cssLength = (value) => {
  const term = (t) => {
    const m = t.trim().match(/^(-?[\d.]+)(rem|px|vw)$/);
    if (!m) throw new Error(`a sizes length this script cannot read: ${value}`);
    const n = Number(m[1]);
    return m[2] === 'rem' ? n * PHONE.rem : m[2] === 'vw' ? (n * PHONE.width) / 100 : n;
  };
  const calc = value.match(/^calc\((.+)\)$/);
  if (!calc) return term(value);
  return calc[1].split(/\s+(?=[+-]\s)/).reduce((sum, part, i) => {
    if (i === 0) return term(part);
    const [, sign, rest] = part.match(/^([+-])\s+(.+)$/);
    return sign === '+' ? sum + term(rest) : sum - term(rest);
  }, 0);
};
const slotWidth = (sizes) => {
  for (const entry of sizes.split(',').map((e) => e.trim())) {
    const m = entry.match(/^\(min-width:\s*([\d.]+)(rem|px)\)\s+(.+)$/);
    if (!m) return cssLength(entry);
    const min = Number(m[1]) * (m[2] === 'rem' ? PHONE.rem : 1);
    if (PHONE.width >= min) return cssLength(m[3]);
  }
  throw new Error(`sizes without a default: ${sizes}`);
};
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1];
const pagesOf = (dir) => readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('index.html')).sort();
if (!existsSync(photosDist)) {
  check('photos on a phone', false, `${photosDist} is missing: build it with scripts/build-team-fixture.sh`);
} else {
  let pagesWithPhotos = 0;
  let worstMain = { bytes: 0, page: '' };
  let worstPage = { bytes: 0, page: '' };
  for (const page of pagesOf(photosDist)) {
    const html = readFileSync(join(photosDist, page), 'utf8');
    const pictures = [...html.matchAll(/<picture>(.*?)<\/picture>/gs)].map((m) => m[1]);
    if (pictures.length === 0) continue;
    pagesWithPhotos++;
    let total = 0;
    for (const [i, picture] of pictures.entries()) {
      const source = picture.match(/<source [^>]*>/)[0];
      const need = slotWidth(attr(source, 'sizes')) * PHONE.dpr;
      const candidates = attr(source, 'srcset').split(',').map((c) => {
        const [url, w] = c.trim().split(/\s+/);
        return { url, w: Number(w.replace('w', '')) };
      }).sort((a, b) => a.w - b.w);
      const chosen = candidates.find((c) => c.w >= need) ?? candidates.at(-1);
      const bytes = statSync(join(photosDist, decodeURIComponent(chosen.url))).size;
      total += bytes;
      const img = picture.match(/<img [^>]*>/)[0];
      const main = i === 0 && /fetchpriority="high"/i.test(img);
      if (main && bytes > worstMain.bytes) worstMain = { bytes, page, file: `${chosen.url} for a ${need} px slot` };
    }
    if (total > worstPage.bytes) worstPage = { bytes: total, page };
  }
  check('photos on a phone: pages that show one', pagesWithPhotos >= 4, `${pagesWithPhotos} pages of ${photosDist} (a post, a service, the blog list, the services list, per language)`);
  check('photos on a phone: the main photo', worstMain.bytes > 0 && worstMain.bytes <= 60 * KB, `${(worstMain.bytes / KB).toFixed(1)} KB at most (${worstMain.page}: ${worstMain.file}; budget 60 KB)`);
  check('photos on a phone: all of a page\'s photos', worstPage.bytes <= 250 * KB, `${(worstPage.bytes / KB).toFixed(1)} KB at most (${worstPage.page}; budget 250 KB)`);
}

const failed = results.filter((r) => !r).length;
console.log(`budgets: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
