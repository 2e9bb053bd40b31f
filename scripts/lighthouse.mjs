// Lighthouse (mobile emulation) with Debian's Chromium against nginx running the emitted
// nginx.conf, on home, a service, a blog post, contact and the assistant, in both languages.
// Accessibility, best practices and SEO must be 100; performance at least 90, on a second or
// third try if needed (the figure is noisy on a shared 2-core machine). The site is built for this run
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

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const out = join(root, '.cache/lighthouse-dist');
const base = `http://127.0.0.1:${port}`;
execFileSync(join(root, 'target/release/sahel'), ['build', '--quiet', '--root', root, '--out', out, '--base-url', base], { stdio: 'inherit' });

const photosSite = join(root, 'target/team-site');
const photosOut = join(root, '.cache/lighthouse-photos');
const photosBase = `http://127.0.0.1:${port + 1}`;
if (!existsSync(photosSite)) {
  console.error(`${photosSite} is missing: run scripts/build-team-fixture.sh first`);
  process.exit(1);
}
execFileSync(join(root, 'target/release/sahel'), ['build', '--quiet', '--root', photosSite, '--out', photosOut, '--base-url', photosBase], { stdio: 'inherit' });
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
const pages = ['/', '/services/company-formation/', '/blog/golden-visa-guide/', '/contact/', '/assistant-chat/'];
const urls = [
  ...['ar', 'en'].flatMap((lang) => pages.map((p) => `${base}/${lang}${p}`)),
  ...['ar', 'en'].map((lang) => `${photosBase}/${lang}/blog/golden-visa-guide/`),
];

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
try {
  for (const url of urls) {
    // A performance score under 90 is measured again, up to three measurements: it is timing
    // noise on a shared 2-core machine as often as not (a real regression fails three times; each
    // figure is printed). /ar/contact/ scores 90-96 here (five loads each, before and after the
    // change that last failed on it), and a CI run still drew 86 and 89 in a row. A Lighthouse
    // runtime error (no score at all, e.g. a lost trace) says nothing about the page, so it is
    // not a measurement: the page is loaded again, at most five loads in all (a run whose
    // performance retry lost its trace was reported as a score of 0). Accessibility, best
    // practices and SEO are not timed, so a low one of those is never retried.
    let lhr;
    let measured = null;
    let measurements = 0;
    for (let load = 1; load <= 5 && measurements < 3; load++) {
      lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })).lhr;
      const unscored = Object.values(lhr.categories).some((c) => c.score === null);
      // Lighthouse measures the host's CPU before each load (`benchmarkIndex`) and warns that a
      // host under 1,000 "can negatively affect your performance score": on this shared VM that
      // is a moment when another process had the cores, so such a load is not a measurement of
      // the page either, and it is loaded again (within the five loads).
      const slowHost = (lhr.environment?.benchmarkIndex ?? Infinity) < 1000;
      if (!lhr.runtimeError && !unscored && !slowHost) {
        measured = lhr;
        measurements++;
        if ((lhr.categories.performance?.score ?? 0) >= 0.9) break;
      }
      const why =
        lhr.runtimeError?.code ??
        (unscored
          ? 'a category has no score'
          : slowHost
            ? `the host's CPU measured slow (benchmark index ${Math.round(lhr.environment.benchmarkIndex)}), performance ${Math.round(lhr.categories.performance.score * 100)}`
            : `performance ${Math.round(lhr.categories.performance.score * 100)}`);
      if (load < 5 && measurements < 3) console.log(`retry ${url}: ${why}`);
    }
    lhr = measured ?? lhr;
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const photo = url.startsWith(photosBase);
    const r = {
      url: `${url.replace(base, '').replace(photosBase, '')}${photo ? ' (with its photo)' : ''}`,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? -1),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? -1).toFixed(3)),
    };
    r.failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const ok = r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100 && r.performance >= 90;
    if (!ok) failed++;
    results.push(r);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${r.url}  performance ${r.performance}  accessibility ${r.accessibility}  best practices ${r.bestPractices}  SEO ${r.seo}  LCP ${r.lcpMs} ms  CLS ${r.cls}${r.failing.length ? `  (failing: ${r.failing.join(', ')})` : ''}`);
  }
} finally {
  await chrome.kill();
  stop();
}
mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(join(root, 'test-results/lighthouse.json'), JSON.stringify(results, null, 2));
console.log(`lighthouse: ${urls.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
