#!/usr/bin/env node
// The browser editor's speed, measured in Chromium against `sahel edit` (a benchmark, not a
// test): on the shipped site and on the shipped site with N extra posts per language,
//  - open: from the home (loaded) to an entry's form and body editor shown (client-side open:
//    the /entry call and the first render), median of 5;
//  - load: from navigating to /_edit/#/entry/... to the same (the bundle's first load too);
//  - preview: from the last keystroke in the Arabic body to the preview showing it (the editor
//    waits 300 ms after typing stops, then sahel checks and renders the draft), median of 5.
// Usage: SAHEL_BIN=target/release/sahel node bench/editor/run.mjs [N=2000]
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const PROJECT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const SAHEL = process.env.SAHEL_BIN ?? join(PROJECT, 'target/release/sahel');
const EXTRA = Number(process.argv[2] ?? 2000);
const RUNS = 5;
const POST = 'golden-visa-guide';

function site(extra) {
  const root = join(mkdtempSync(join(tmpdir(), 'sahel-editor-bench-')), 'site');
  cpSync(join(PROJECT, 'content'), join(root, 'content'), { recursive: true });
  const config = readFileSync(join(PROJECT, 'site.toml'), 'utf8');
  writeFileSync(join(root, 'site.toml'), `${config}\n[paths]\napp = ${JSON.stringify(PROJECT)}\ntemplates = ${JSON.stringify(join(PROJECT, 'templates'))}\n`);
  for (const lang of ['ar', 'en']) {
    for (let i = 0; i < extra; i++) {
      copyFileSync(join(root, `content/${lang}/blog/${POST}.md`), join(root, `content/${lang}/blog/bench-${String(i).padStart(5, '0')}.md`));
    }
  }
  return root;
}

function start(root) {
  return new Promise((ok, fail) => {
    const child = spawn(SAHEL, ['edit', '--quiet', '--port', '0', '--root', root], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /Serving on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) ok({ child, origin: m[1] });
    });
    child.on('exit', (code) => fail(new Error(`sahel edit exited ${code}`)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(origin, browser) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const body = '.pane[data-lang="ar"] .cm-content';
  const load = [];
  const open = [];
  const preview = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${origin}/_edit/#/`);
    await page.evaluate(() => localStorage.clear());
    let t = Date.now();
    await page.goto(`${origin}/_edit/#/entry/posts/${POST}`);
    await page.locator(body).waitFor();
    load.push(Date.now() - t);
    await page.goto(`${origin}/_edit/#/`);
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    t = Date.now();
    await page.evaluate((p) => {
      location.hash = `#/entry/posts/${p}`;
    }, POST);
    await page.locator(body).waitFor();
    open.push(Date.now() - t);
    // The first preview, then a keystroke's.
    await page.locator('.preview-frames iframe').first().waitFor({ timeout: 30_000 });
    const marker = `قياس${i}`;
    await page.locator(body).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(` ${marker}`, { delay: 20 });
    const typed = Date.now();
    await page.waitForFunction(
      (m) => [...document.querySelectorAll('.preview-frames iframe')].some((f) => !f.hidden && getComputedStyle(f).visibility !== 'hidden' && f.contentDocument?.body?.textContent?.includes(m)),
      marker,
      { timeout: 30_000, polling: 10 },
    );
    preview.push(Date.now() - typed);
  }
  await page.close();
  return { load: median(load), open: median(open), preview: median(preview) };
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
try {
  for (const extra of [0, EXTRA]) {
    const root = site(extra);
    const t = Date.now();
    const server = await start(root);
    const started = Date.now() - t;
    try {
      const r = await measure(server.origin, browser);
      console.log(`${extra === 0 ? 'shipped site' : `shipped site + ${extra} posts per language`}: started in ${started} ms; load ${r.load} ms, open ${r.open} ms, preview ${r.preview} ms after the last keystroke (medians of ${RUNS})`);
    } finally {
      server.child.kill('SIGINT');
      rmSync(resolve(root, '..'), { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
