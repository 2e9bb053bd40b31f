// Lighthouse (mobile emulation) with Debian's Chromium against nginx running the emitted
// nginx.conf, on a page of every kind in both languages (home, services and a service, the blog
// and a post, contact, pricing, FAQ, about, search, the assistant). Each page's performance is
// the median of three loads (the third made only when the first two disagree on the threshold),
// at least THRESHOLD (below); accessibility, best practices and SEO 100; every page's five metrics
// are printed (the medians), and pages under the goal of 100 are marked (LIGHTHOUSE_ONLY=regex
// audits some pages only). The site is built for this run
// with --base-url set to the local server, so canonical and hreflang URLs are the ones audited.
// The golden visa post of the team-page fixture (scripts/build-team-fixture.sh: the shipped site
// with a 12-megapixel photo on that post) is audited too, built and served the same way, so a
// post with a photo keeps the same scores.
// Usage: node scripts/lighthouse.mjs   (writes test-results/lighthouse.json)
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { waitQuiet } from './wait-quiet.mjs';

const root = new URL('..', import.meta.url).pathname;
const sahel = process.env.SAHEL_BIN ?? join(root, 'target/release/sahel');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const out = join(root, '.cache/lighthouse-dist');
const base = `http://127.0.0.1:${port}`;
execFileSync(sahel, ['build', '--quiet', '--root', root, '--out', out, '--base-url', base], { stdio: 'inherit' });

const photosSite = join(root, 'target/team-site');
const photosOut = join(root, '.cache/lighthouse-photos');
const photosBase = `http://127.0.0.1:${port + 1}`;
if (!existsSync(photosSite)) {
  console.error(`${photosSite} is missing: run scripts/build-team-fixture.sh first`);
  process.exit(1);
}
execFileSync(sahel, ['build', '--quiet', '--root', photosSite, '--out', photosOut, '--base-url', photosBase], { stdio: 'inherit' });
const servers = [
  spawn('node', [join(root, 'tests/e2e/start-nginx.mjs'), String(port), out], { stdio: 'inherit' }),
  spawn('node', [join(root, 'tests/e2e/start-nginx.mjs'), String(port + 1), photosOut], { stdio: 'inherit' }),
];
const stop = () => servers.forEach((s) => s.kill('SIGTERM'));
process.on('exit', stop);
for (const server of [base, photosBase]) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${server}/ar/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
}
// Every page kind, in both languages (the search page too: it is not in the sitemap, but a
// visitor's search link lands on it).
const pages = [
  '/', '/services/', '/services/company-formation/', '/blog/', '/blog/golden-visa-guide/', '/contact/',
  '/pricing/', '/faq/', '/about/', '/search/', '/assistant-chat/',
];
const only = process.env.LIGHTHOUSE_ONLY ? new RegExp(process.env.LIGHTHOUSE_ONLY) : null;
const urls = [
  ...['ar', 'en'].flatMap((lang) => pages.map((p) => `${base}/${lang}${p}`)),
  ...['ar', 'en'].map((lang) => `${photosBase}/${lang}/blog/golden-visa-guide/`),
].filter((u) => !only || only.test(u));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  ],
});
const results = [];
let failed = 0;
const LOADS = 3;
// Issue 52: every page's median at least 98 (the goal is 100; the machine is noisy, and a load
// can lose points to another process). Pages under 100 are printed as such.
const THRESHOLD = Number(process.env.LIGHTHOUSE_THRESHOLD ?? 98);
const GOAL = 100;
// The median of three; of two (the third not needed), the lower.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
// The five metrics of the performance score, as Lighthouse's simulated mid-range phone on a
// slow 4G network measures them.
const METRICS = [
  ['fcp', 'first-contentful-paint', 'FCP', 'ms'],
  ['si', 'speed-index', 'SI', 'ms'],
  ['lcp', 'largest-contentful-paint', 'LCP', 'ms'],
  ['tbt', 'total-blocking-time', 'TBT', 'ms'],
  ['cls', 'cumulative-layout-shift', 'CLS', ''],
];
/** Measures one page (see the loads above) and prints its line. */
async function measure(url) {
  // Three measurements of each page, and the median is its figure (the machine is a shared
  // 2-core VM: one load can lose 10 points to another process). A load that is not a
  // measurement of the page is loaded again, at most six loads in all: a Lighthouse runtime
  // error or a category without a score (e.g. a lost trace), or a host that Lighthouse's own
  // CPU benchmark (`benchmarkIndex`, measured before each load) finds under 1,000, for which
  // it warns that the score "can be negatively affected". Accessibility, best practices and
  // SEO are not timed: the median load's must be 100.
  const measured = [];
  const score = (lhr, c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  let last;
  // The pass or fail of a median of three is known after two loads that agree (both at or
  // above the threshold, or both under it), so the third is made only when they disagree.
  const decided = () => measured.length === 2 && measured.map((lhr) => score(lhr, 'performance') >= THRESHOLD).every((ok, _, all) => ok === all[0]);
  for (let load = 1; load <= 2 * LOADS && measured.length < LOADS && !decided(); load++) {
    const lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, {
      extends: 'lighthouse:default',
      // Screenshots are not scored, and the full-page one re-lays the page out at a tall viewport.
      // The back/forward cache audit is not scored either (weight 0), and its gatherer navigates
      // away and back after every load: about 0.9 s a load, 40 s of the stage.
      settings: { skipAudits: ['full-page-screenshot', 'screenshot-thumbnails', 'final-screenshot', 'bf-cache'] },
    })).lhr;
    last = lhr;
    const unscored = Object.values(lhr.categories).some((c) => c.score === null);
    const slowHost = (lhr.environment?.benchmarkIndex ?? Infinity) < 1000;
    if (!lhr.runtimeError && !unscored && !slowHost) {
      measured.push(lhr);
      continue;
    }
    const why = lhr.runtimeError?.code ?? (unscored ? 'a category has no score'
      : `the host's CPU measured slow (benchmark index ${Math.round(lhr.environment.benchmarkIndex)})`);
    console.log(`again ${url}: ${why}`);
  }
  const perf = measured.map((lhr) => score(lhr, 'performance'));
  // The load whose performance is the median gives the other categories and the failing audits.
  const mid = measured.find((lhr) => score(lhr, 'performance') === median(perf)) ?? last;
  const photo = url.startsWith(photosBase);
  const r = {
    url: `${url.replace(base, '').replace(photosBase, '')}${photo ? ' (with its photo)' : ''}`,
    // Fewer than three measurements (six loads, some not measurements): the median of those made.
    performance: perf.length ? median(perf) : 0,
    loads: perf,
    accessibility: score(mid, 'accessibility'),
    bestPractices: score(mid, 'best-practices'),
    seo: score(mid, 'seo'),
  };
  for (const [key, audit] of METRICS) {
    const values = measured.map((lhr) => lhr.audits[audit]?.numericValue ?? -1);
    r[key] = key === 'cls' ? Number((values.length ? median(values) : -1).toFixed(3)) : Math.round(values.length ? median(values) : -1);
  }
  r.lcpElement = mid.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? '';
  r.failing = Object.values(mid.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  const ok = r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100 && r.performance >= THRESHOLD;
  const metrics = METRICS.map(([key, , label, unit]) => `${label} ${r[key]}${unit ? ` ${unit}` : ''}`).join('  ');
  const mark = !ok ? 'FAIL' : r.performance < GOAL ? `ok (under ${GOAL})` : 'ok  ';
  console.log(`${mark} ${r.url}  performance ${r.performance} (median of ${perf.join(', ')})  accessibility ${r.accessibility}  best practices ${r.bestPractices}  SEO ${r.seo}  ${metrics}${r.failing.length ? `  (failing: ${r.failing.join(', ')})` : ''}`);
  return { r, ok };
}

try {
  await waitQuiet(300);
  const failures = [];
  for (const url of urls) {
    const { r, ok } = await measure(url);
    results.push(r);
    if (!ok) failures.push(url);
  }
  // A page that failed is measured once more, after the machine is quiet (another build beside
  // the test command makes every task longer): its second figures are its result. A real
  // regression fails both times.
  for (const url of failures) {
    console.log(`again ${url}: measured once more once the machine is quiet`);
    await waitQuiet(300);
    const { r, ok } = await measure(url);
    results[results.findIndex((x) => x.url === r.url)] = r;
    if (!ok) failed++;
  }
} finally {
  await chrome.kill();
  stop();
}
mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(join(root, 'test-results/lighthouse.json'), JSON.stringify(results, null, 2));
console.log(`lighthouse: ${urls.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
