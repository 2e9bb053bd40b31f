// Site search against Pagefind on the same built site (issue 37, part 4), in one run:
//   node bench/search-vs-pagefind.mjs [DIST]        (DIST defaults to dist; RUNS=3, OUT=…)
// It copies DIST to a temporary folder (never touching DIST), indexes the copy with the pagefind
// CLI (devDependency; one index per <html lang>), serves it with Debian's nginx and the emitted
// nginx.conf as tests/e2e/start-nginx.mjs does (127.0.0.1 only, gzip on), and drives Debian's
// Chromium with Playwright:
// - bytes for a first and a second query, per language: what nginx sent (headers + gzip body,
//   $bytes_sent in an access log of the copy's server) between the start of the query and the
//   results shown. Pagefind 1.6 fetches its WASM and index from a Web Worker, which the page's
//   CDP session does not see, so the server's count is the one of record; the page target's CDP
//   Network.loadingFinished.encodedDataLength sum is kept beside it in the JSON;
// - time to first result under 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), measured
//   inside the page: cold (sahel: from Ctrl+K, the dialog's chunk and index not loaded yet;
//   Pagefind: from import('/pagefind/pagefind.js')) and warm (a second query);
// - top-3 relevance on the assistant's question set (site/src/shared/site-index/__tests__/
//   eval-set.json), expectations mapped to pages through tests/contracts/assistant-index.*.json.
// Medians over RUNS fresh browser contexts (cache disabled). Prints a table and writes JSON.
//
// Pagefind's WASM does not run under the site's Content-Security-Policy (script-src 'self'
// forbids WebAssembly compilation), so Pagefind is served by a second nginx whose CSP adds
// 'wasm-unsafe-eval' — what the site would have to ship to use it. sahel is served with the
// site's own headers, unchanged.
//
// The sahel half follows the search's contract: Ctrl+K opens a dialog whose input has
// role="combobox"; results render in [data-search-results], which gets data-query="<query>" once
// that query's results are shown, each result an a[data-search-result] in rank order; the page
// /{lang}/search/?q=… follows the same contract.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, openSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = resolve(process.argv[2] ?? 'dist');
const RUNS = Math.max(1, Math.min(20, Number(process.env.RUNS ?? 3) || 3));
// SAHEL_VIA=page: sahel's relevance through /{lang}/search/?q= (one load per question), not the dialog.
const OUT = resolve(process.env.OUT ?? join(ROOT, 'bench/results/search-vs-pagefind.json'));
// PAGEFIND_ARGS: more options for the pagefind CLI, split on spaces (e.g. "--root-selector main").
const PAGEFIND_ARGS = (process.env.PAGEFIND_ARGS ?? '').split(' ').filter(Boolean);
const BUDGET_S = Number(process.env.BUDGET_S ?? 600); // the whole run, hard cap
const THROTTLE = 4;
const LANGS = ['ar', 'en'];
const QUERIES = { ar: ['تجديد الإقامة', 'ساعات العمل'], en: ['golden visa', 'working hours'] };
// Spelling variants an Arabic reader types: does each engine give the same pages for both?
const VARIANTS = [
  ['hamza below alef (إ/ا)', 'الإقامة', 'الاقامة'],
  ['hamza above alef (أ/ا)', 'تأسيس', 'تاسيس'],
  ['madda (آ/ا)', 'المنشآت', 'المنشات'],
  ['ta marbuta (ة/ه)', 'الذهبية', 'الذهبيه'],
  ['alef maqsura (ى/ي)', 'نتولى', 'نتولي'],
  ['final ya written ى (ي/ى)', 'الرئيسي', 'الرئيسى'],
  ['hamza seat (ؤ/ئ)', 'شؤون', 'شئون'],
  ['definite article (ال)', 'الإقامة', 'إقامة'],
  ['diacritics (tashkeel)', 'إقامة', 'إِقَامَة'],
];

const log = (...a) => console.error('[bench]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const withTimeout = (p, ms, what) =>
  Promise.race([p, sleep(ms).then(() => { throw new Error(`timed out after ${ms} ms: ${what}`); })]);

// ---- cleanup and the global deadline -------------------------------------------------------
const cleanups = [];
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const f of cleanups.reverse()) {
    try { await withTimeout(Promise.resolve().then(f), 10_000, 'cleanup step'); } catch (e) { log('cleanup:', e.message); }
  }
}
const watchdog = setTimeout(async () => {
  log(`the run took more than ${BUDGET_S} s (BUDGET_S); stopping`);
  await cleanup();
  process.exit(124);
}, BUDGET_S * 1000);
watchdog.unref();
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, async () => { await cleanup(); process.exit(130); });

function fail(msg, code = 1) {
  const e = new Error(msg);
  e.exitCode = code;
  throw e;
}

// ---- preconditions -------------------------------------------------------------------------
function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8', timeout: 5000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

function pagefindCli() {
  const req = createRequire(join(ROOT, 'package.json'));
  // Its package.json is not among its exports, so look for it along the resolution paths.
  const pkgJson = (req.resolve.paths('pagefind') ?? []).map((d) => join(d, 'pagefind/package.json')).find((f) => existsSync(f));
  if (!pkgJson) fail('pagefind is not installed: run `npm install` (it is a devDependency; its binary is the optional @pagefind/linux-x64)');
  const pkg = JSON.parse(readFileSync(pkgJson, 'utf8'));
  return { version: pkg.version, bin: join(dirname(pkgJson), typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.pagefind) };
}

async function launchOptions() {
  // tests/e2e/chromium.ts holds the options of every browser test; Node without TypeScript
  // stripping (before 22.18) cannot import it, so the same flags are repeated here.
  let opts;
  try {
    ({ CHROMIUM_LAUNCH_OPTIONS: opts } = await import(pathToFileURL(join(ROOT, 'tests/e2e/chromium.ts')).href));
  } catch {
    opts = {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
        '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    };
  }
  return { ...opts, headless: true, args: [...opts.args, '--headless=new'] };
}

// ---- nginx -------------------------------------------------------------------------------------
function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
  });
}

// As tests/e2e/start-nginx.mjs: the emitted nginx.conf, listening on 127.0.0.1:port, rooted at
// the copy; plus an access log of the bytes sent, and for Pagefind the CSP that lets WASM run.
async function startNginx(name, root, { wasm }) {
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), `sahel-bench-nginx-${name}-`));
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const accessLog = join(prefix, 'access.log');
  let conf = readFileSync(join(root, 'nginx.conf'), 'utf8')
    .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
    .replace(/root [^;]+;/, `root ${root};`);
  if (!/access_log off;/.test(conf)) fail('nginx.conf: expected `access_log off;` in the http block');
  conf = conf.replace(/access_log off;/,
    `log_format bench '$msec $status $bytes_sent $body_bytes_sent "$request_uri"';\n  access_log ${accessLog} bench;`);
  if (wasm) {
    const before = conf;
    conf = conf.replace(/script-src 'self'/g, "script-src 'self' 'wasm-unsafe-eval'");
    if (conf === before) log("nginx.conf: no script-src 'self' to relax for Pagefind's WASM");
  }
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const errors = join(prefix, 'stderr.log'); // the emitted conf logs errors to stderr
  const proc = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', openSync(errors, 'a')] });
  let exited = false;
  proc.on('exit', () => { exited = true; });
  cleanups.push(async () => {
    if (!exited) {
      proc.kill('SIGQUIT');
      for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      if (!exited) proc.kill('SIGKILL');
    }
    rmSync(prefix, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const tail = () => readFileSync(errors, 'utf8').split('\n').slice(-5).join('\n');
    if (exited) fail(`nginx (${name}) exited at start:\n${tail()}`);
    try {
      const r = await fetch(`${base}/ar/`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) break;
    } catch { /* not up yet */ }
    if (i >= 50) fail(`nginx (${name}) did not answer on ${base} within 5 s:\n${tail()}`);
    await sleep(100);
  }
  return { base, accessLog };
}

// The requests nginx logged in [t0, t1] (epoch ms), as {t, uri, status, bytes, body}.
function loggedRequests(accessLog, t0, t1) {
  const out = [];
  for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
    const m = /^(\d+\.\d+) (\d+) (\d+) (\d+) "(.*)"$/.exec(line);
    if (!m) continue;
    const t = Number(m[1]) * 1000;
    if (t >= t0 - 1 && t <= t1 + 1) out.push({ t, uri: m[5], status: Number(m[2]), bytes: Number(m[3]), body: Number(m[4]) });
  }
  return out;
}

// ---- in-page helpers (serialised into the page) ------------------------------------------
// Declared as strings so that they run in the page as they are written here.
const PAGE_HELPERS = `
window.__bench = {
  setValue(input, value) {
    const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  },
  visible(el) { return !!el && el.getClientRects().length > 0; },
  results(q) {
    for (const el of document.querySelectorAll('[data-search-results]')) {
      const dq = el.getAttribute('data-query');
      if (dq !== null && dq.trim() === q.trim()) return el;
    }
    return null;
  },
  hrefs(el) {
    return [...el.querySelectorAll('a[data-search-result]')].map((a) => new URL(a.getAttribute('href'), location.href).pathname);
  },
  combobox(known) {
    const all = [...document.querySelectorAll('[role="combobox"]')].filter((el) => this.visible(el));
    return all.find((el) => el.closest('[role="dialog"], dialog') && !known.has(el)) ?? all.find((el) => !known.has(el)) ?? null;
  },
  // Resolves when check() returns a value (checked on every DOM change and every frame).
  until(check, ms) {
    return new Promise((resolve, reject) => {
      let done = false, raf = 0, mo;
      const finish = (f) => { if (done) return; done = true; mo.disconnect(); cancelAnimationFrame(raf); clearTimeout(timer); f(); };
      const tick = () => { if (done) return; let v; try { v = check(); } catch (e) { finish(() => reject(e)); return; } if (v) finish(() => resolve(v)); };
      const timer = setTimeout(() => finish(() => reject(new Error('timed out after ' + ms + ' ms'))), ms);
      mo = new MutationObserver(tick);
      mo.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      const loop = () => { tick(); if (!done) raf = requestAnimationFrame(loop); };
      loop();
    });
  },
};`;

// ---- one browser context -----------------------------------------------------------------------
async function openPage(browser, server, path, { throttle = false } = {}) {
  const url = `${server.base}${path}`;
  const ctx = await browser.newContext({ locale: path.startsWith('/ar/') ? 'ar-AE' : 'en-US' });
  ctx.setDefaultTimeout(20_000);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const cdpFinished = []; // [epoch ms, encodedDataLength]
  cdp.on('Network.loadingFinished', (e) => cdpFinished.push([Date.now(), e.encodedDataLength]));
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
  const loadBytes = loggedRequests(server.accessLog, t0, Date.now()).reduce((n, r) => n + r.bytes, 0);
  await page.evaluate(PAGE_HELPERS);
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const cdpBytes = (t0, t1) => cdpFinished.filter(([t]) => t >= t0 && t <= t1).reduce((s, [, n]) => s + n, 0);
  return { ctx, page, cdp, cdpBytes, pageErrors, loadBytes, close: () => ctx.close() };
}

// Bytes of one measured window: nginx's log (all targets, workers included) and the page's CDP.
async function bytesBetween(server, tab, t0, t1) {
  await sleep(150); // nginx writes the log line right after the last byte; let it land
  const reqs = loggedRequests(server.accessLog, t0, t1);
  return {
    bytes: reqs.reduce((s, r) => s + r.bytes, 0),
    body: reqs.reduce((s, r) => s + r.body, 0),
    requests: reqs.length,
    cdpPageBytes: tab.cdpBytes(t0, t1),
    // status, bytes, path, and when nginx finished sending it (ms after the window's start)
    files: reqs.map((r) => `${r.status} ${r.bytes} ${r.uri} +${Math.round(r.t - t0)}ms`),
  };
}

// sahel: Ctrl+K, first query typed as soon as the dialog's input is there; then a second query.
async function sahelRun(browser, server, lang) {
  const [q1, q2] = QUERIES[lang];
  const tab = await openPage(browser, server, `/${lang}/`, { throttle: true });
  try {
    await tab.page.evaluate((q) => {
      const B = window.__bench;
      const known = new Set(document.querySelectorAll('[role="combobox"]'));
      let t0 = null;
      addEventListener('keydown', (e) => { if (t0 === null && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') t0 = performance.now(); }, { capture: true });
      let input = null;
      window.__cold = B.until(() => {
        if (t0 === null) return null;
        if (!input) {
          input = B.combobox(known);
          if (input) { input.focus(); B.setValue(input, q); }
          return null;
        }
        const el = B.results(q);
        return el ? { ms: performance.now() - t0, hrefs: B.hrefs(el) } : null;
      }, 20_000).then((r) => r, (e) => ({ error: String(e.message), dialog: !!input }));
    }, q1);
    const t0 = Date.now();
    await tab.page.keyboard.press('Control+k');
    const cold = await withTimeout(tab.page.evaluate(() => window.__cold), 25_000, 'sahel cold query');
    const t1 = Date.now();
    if (cold.error) {
      return { missing: !cold.dialog, error: cold.dialog
        ? `the dialog opened but no [data-search-results][data-query="${q1}"] appeared: ${cold.error}`
        : 'Ctrl+K opened no dialog with a role="combobox" input', pageErrors: tab.pageErrors };
    }
    const b1 = await bytesBetween(server, tab, t0, t1);
    const t2 = Date.now();
    const warm = await withTimeout(tab.page.evaluate((q) => {
      const B = window.__bench;
      const input = document.activeElement?.getAttribute('role') === 'combobox'
        ? document.activeElement : B.combobox(new Set());
      const t = performance.now();
      B.setValue(input, q);
      return B.until(() => { const el = B.results(q); return el ? { ms: performance.now() - t, hrefs: B.hrefs(el) } : null; }, 20_000);
    }, q2), 25_000, 'sahel warm query');
    const t3 = Date.now();
    const b2 = await bytesBetween(server, tab, t2, t3);
    return { cold: cold.ms, warm: warm.ms, first: b1, second: b2, pageLoadBytes: tab.loadBytes, top: { [q1]: cold.hrefs.slice(0, 3), [q2]: warm.hrefs.slice(0, 3) } };
  } finally {
    await tab.close();
  }
}

// Pagefind: import, search, and the data (title, url, excerpt) of the top three.
const PAGEFIND_QUERY = `async (q, n) => {
  const pf = window.__pagefind ?? (window.__pagefind = await import('/pagefind/pagefind.js'));
  const r = await pf.search(q);
  const data = await Promise.all(r.results.slice(0, n).map((x) => x.data()));
  return { n: r.results.length, hrefs: data.map((d) => new URL(d.url, location.href).pathname) };
}`;

async function pagefindRun(browser, server, lang) {
  const [q1, q2] = QUERIES[lang];
  const tab = await openPage(browser, server, `/${lang}/`, { throttle: true });
  try {
    const run = (q) => tab.page.evaluate(`(async () => {
      const t = performance.now();
      const { hrefs } = await (${PAGEFIND_QUERY})(${JSON.stringify(q)}, 3);
      return { ms: performance.now() - t, hrefs };
    })()`);
    const t0 = Date.now();
    const cold = await withTimeout(run(q1), 25_000, 'Pagefind cold query');
    const t1 = Date.now();
    const b1 = await bytesBetween(server, tab, t0, t1);
    const t2 = Date.now();
    const warm = await withTimeout(run(q2), 25_000, 'Pagefind warm query');
    const t3 = Date.now();
    const b2 = await bytesBetween(server, tab, t2, t3);
    return { cold: cold.ms, warm: warm.ms, first: b1, second: b2, pageLoadBytes: tab.loadBytes, top: { [q1]: cold.hrefs, [q2]: warm.hrefs } };
  } finally {
    await tab.close();
  }
}

// ---- relevance ---------------------------------------------------------------------------------
// The assistant's question set (it moved with the index's ranking to shared/site-index/).
const EVAL_SETS = ['site/src/shared/site-index/__tests__/eval-set.json', 'site/src/features/assistant/__tests__/eval-set.json'];

const normPath = (p) => {
  let s = p.split('#')[0].split('?')[0];
  s = s.replace(/index\.html$/, '');
  if (!s.endsWith('/')) s += '/';
  return s;
};

function questionSet() {
  const evalPath = EVAL_SETS.map((f) => join(ROOT, f)).find((f) => existsSync(f));
  if (!evalPath) fail(`no question set at ${EVAL_SETS.join(' or ')}`);
  const evalSet = JSON.parse(readFileSync(evalPath, 'utf8'));
  const out = {};
  for (const lang of LANGS) {
    const index = JSON.parse(readFileSync(join(ROOT, `tests/contracts/assistant-index.${lang}.json`), 'utf8'));
    const passages = index.passages ?? index;
    out[lang] = evalSet[lang].map(({ q, expect, kind }) => {
      const offTopic = expect.length === 1 && expect[0] === 'refuse';
      const pages = new Set();
      if (!offTopic) {
        for (const e of expect) {
          if (e.startsWith('/')) { pages.add(normPath(e)); continue; }
          const hits = passages.filter((p) => p.id === e || p.id.startsWith(`${e}:`));
          if (!hits.length) log(`eval-set ${lang}: «${e}» matches no passage of the index`);
          for (const p of hits) pages.add(normPath(p.url));
        }
      }
      return { q, kind: kind ?? 'standard', offTopic, pages: [...pages] };
    });
  }
  return out;
}

async function sahelTop3(browser, server, lang, questions) {
  const tab = await openPage(browser, server, `/${lang}/`);
  try {
    await tab.page.keyboard.press('Control+k');
    const ok = process.env.SAHEL_VIA !== 'page' && await tab.page.evaluate(() => window.__bench.until(() => window.__bench.combobox(new Set()), 5000).then(() => true, () => false));
    if (ok) {
      return await withTimeout(tab.page.evaluate(async (qs) => {
        const B = window.__bench;
        const input = B.combobox(new Set());
        const out = [];
        for (const q of qs) {
          B.setValue(input, q);
          try {
            const el = await B.until(() => B.results(q), 5000);
            out.push(B.hrefs(el).slice(0, 3));
          } catch { out.push(null); }
        }
        return out;
      }, questions.map((x) => x.q)), 240_000, 'sahel relevance (dialog)');
    }
  } finally {
    await tab.close();
  }
  // No dialog: the search page, one load per question.
  const out = [];
  const tab2 = await openPage(browser, server, `/${lang}/`);
  try {
    for (const { q } of questions) {
      await tab2.page.goto(`${server.base}/${lang}/search/?q=${encodeURIComponent(q)}`, { waitUntil: 'load', timeout: 15_000 });
      await tab2.page.evaluate(PAGE_HELPERS);
      out.push(await tab2.page.evaluate((q) => window.__bench.until(() => window.__bench.results(q), 5000)
        .then((el) => window.__bench.hrefs(el).slice(0, 3), () => null), q));
      if (out.length === 1 && out[0] === null) return null; // no search page either
    }
    return out;
  } finally {
    await tab2.close();
  }
}

async function pagefindTop3(browser, server, lang, questions) {
  const tab = await openPage(browser, server, `/${lang}/`);
  try {
    return await withTimeout(tab.page.evaluate(`(async () => {
      const one = ${PAGEFIND_QUERY};
      const out = [];
      for (const q of ${JSON.stringify(questions.map((x) => x.q))}) out.push((await one(q, 3)).hrefs);
      return out;
    })()`), 240_000, 'Pagefind relevance');
  } finally {
    await tab.close();
  }
}

function score(questions, tops) {
  const byKind = {};
  let hits = 0, n = 0, offN = 0, offEmpty = 0, onEmpty = 0, timeouts = 0;
  questions.forEach((x, i) => {
    const top = tops[i];
    if (top === null) timeouts++;
    if (x.offTopic) {
      offN++;
      if (top !== null && top.length === 0) offEmpty++;
      return;
    }
    const hit = !!top && top.slice(0, 3).some((p) => x.pages.includes(normPath(p)));
    n++; hits += hit;
    if (top !== null && top.length === 0) onEmpty++;
    const k = (byKind[x.kind] ??= { hits: 0, n: 0 });
    k.n++; k.hits += hit;
  });
  return { hits, n, rate: n ? hits / n : null, byKind, onTopicNoResult: onEmpty, offTopic: { n: offN, noResult: offEmpty }, timeouts };
}

// Spelling variants: top 3 of each form, and whether they agree.
async function variantProbe(browser, server, engine) {
  const tab = await openPage(browser, server, `/ar/`);
  try {
    const qs = VARIANTS.flatMap(([, a, b]) => [a, b]);
    let tops;
    if (engine === 'pagefind') {
      tops = await tab.page.evaluate(`(async () => { const one = ${PAGEFIND_QUERY}; const out = [];
        for (const q of ${JSON.stringify(qs)}) out.push(await one(q, 3)); return out; })()`);
    } else {
      await tab.page.keyboard.press('Control+k');
      tops = await withTimeout(tab.page.evaluate(async (qs) => {
        const B = window.__bench;
        const input = await B.until(() => B.combobox(new Set()), 5000);
        const out = [];
        for (const q of qs) {
          B.setValue(input, q);
          try {
            const all = B.hrefs(await B.until(() => B.results(q), 5000));
            out.push({ n: all.length, hrefs: all.slice(0, 3) });
          } catch { out.push(null); }
        }
        return out;
      }, qs), 60_000, 'sahel variants');
    }
    return VARIANTS.map(([what, a, b], i) => {
      const ra = tops[2 * i], rb = tops[2 * i + 1];
      const ta = ra?.hrefs ?? null, tb = rb?.hrefs ?? null;
      let verdict = 'differs';
      if (!ta || !tb) verdict = 'no answer';
      else if (!ta.length && !tb.length) verdict = 'none found';
      else if (JSON.stringify(ta) === JSON.stringify(tb)) verdict = 'same';
      else if (JSON.stringify([...ta].sort()) === JSON.stringify([...tb].sort())) verdict = 'same, reordered';
      return { what, a, b, countA: ra?.n ?? null, countB: rb?.n ?? null, topA: ta, topB: tb, verdict };
    });
  } finally {
    await tab.close();
  }
}

// ---- report -----------------------------------------------------------------------------------
const kb = (n) => (n == null ? '—' : (n / 1024).toFixed(1));
const ms = (n) => (n == null ? '—' : n.toFixed(0));
const pct = (s) => (s && s.n ? `${s.hits}/${s.n} (${((100 * s.hits) / s.n).toFixed(0)}%)` : '—');

function table(rows, head) {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => String(c).padEnd(w[i])).join('  ');
  return [line(head), w.map((n) => '-'.repeat(n)).join('  '), ...rows.map(line)].join('\n');
}

// ---- main -------------------------------------------------------------------------------------
async function main() {
  const started = Date.now();
  const loadAtStart = loadavg()[0];
  if (loadAtStart > cpus().length / 2) log(`load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores: the times will be noisy`);
  if (!existsSync(join(DIST, 'nginx.conf')) || !existsSync(join(DIST, 'ar/index.html'))) {
    fail(`${DIST} is not a built site (no nginx.conf or ar/index.html): build it, or pass its folder`);
  }
  for (const cmd of ['nginx']) if (!which(cmd)) fail(`${cmd} is missing: apt-get install -y nginx chromium (bench/search.sh does it as root)`);
  const { version: pagefindVersion, bin } = pagefindCli();
  const { chromium } = await import('playwright');
  const launch = await launchOptions();
  if (!existsSync(launch.executablePath)) fail(`no Chromium at ${launch.executablePath}: apt-get install -y chromium`);

  // 1. A copy of DIST, indexed by Pagefind.
  const tmp = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sahel-pagefind-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  chmodSync(tmp, 0o755); // nginx's workers run as another user
  const site = join(tmp, 'site');
  cpSync(DIST, site, { recursive: true });
  log(`copied ${DIST} to ${site}; running pagefind ${pagefindVersion}`);
  const pf = spawnSync(process.execPath, [bin, '--site', site, ...PAGEFIND_ARGS], { encoding: 'utf8', timeout: 120_000 });
  if (pf.status !== 0) fail(`pagefind failed (${pf.status ?? pf.signal}):\n${pf.stdout}\n${pf.stderr}`);
  const indexed = {
    pages: Number(/Indexed (\d+) pages/.exec(pf.stdout)?.[1] ?? NaN),
    words: Number(/Indexed (\d+) words/.exec(pf.stdout)?.[1] ?? NaN),
    languages: /Discovered \d+ languages?: (.*)/.exec(pf.stdout)?.[1] ?? null,
  };
  const entry = JSON.parse(readFileSync(join(site, 'pagefind/pagefind-entry.json'), 'utf8'));
  const bundleBytes = (prefix) => {
    let s = 0;
    for (const d of ['index', 'fragment']) for (const f of readdirSync(join(site, 'pagefind', d))) if (f.startsWith(`${prefix}_`)) s += statSync(join(site, 'pagefind', d, f)).size;
    return s;
  };

  // 2. Two servers on the copy: the site's headers for sahel, plus 'wasm-unsafe-eval' for Pagefind.
  const servers = { sahel: await startNginx('sahel', site, { wasm: false }), pagefind: await startNginx('pagefind', site, { wasm: true }) };
  const browser = await chromium.launch(launch);
  cleanups.push(() => browser.close());
  log(`chromium ${browser.version()}; servers ${servers.sahel.base} (sahel), ${servers.pagefind.base} (Pagefind)`);

  // 3. Bytes and times, engines interleaved run by run.
  const perf = {};
  let sahelMissing = null;
  for (const lang of LANGS) {
    perf[lang] = { sahel: [], pagefind: [] };
    for (let r = 0; r < RUNS; r++) {
      for (const engine of ['sahel', 'pagefind']) {
        if (engine === 'sahel' && sahelMissing) continue;
        const res = engine === 'sahel' ? await sahelRun(browser, servers.sahel, lang) : await pagefindRun(browser, servers.pagefind, lang);
        if (res.error) {
          sahelMissing = res.error;
          log(`sahel ${lang}: ${res.error}${res.pageErrors?.length ? `\n  page errors: ${res.pageErrors.join('\n  ')}` : ''}`);
          continue;
        }
        perf[lang][engine].push(res);
        log(`${lang} ${engine} run ${r + 1}: first ${kb(res.first.bytes)} KB, second ${kb(res.second.bytes)} KB, cold ${ms(res.cold)} ms, warm ${ms(res.warm)} ms`);
      }
    }
  }

  // 4. Relevance (no throttling) and the spelling variants.
  const questions = questionSet();
  const relevance = {};
  const tops = {};
  for (const lang of LANGS) {
    relevance[lang] = {};
    tops[lang] = {};
    for (const engine of ['sahel', 'pagefind']) {
      if (engine === 'sahel' && sahelMissing) continue;
      const t = engine === 'sahel'
        ? await sahelTop3(browser, servers.sahel, lang, questions[lang])
        : await pagefindTop3(browser, servers.pagefind, lang, questions[lang]);
      if (!t) { sahelMissing ??= 'neither the Ctrl+K dialog nor /search/?q= gave results'; continue; }
      tops[lang][engine] = t;
      relevance[lang][engine] = score(questions[lang], t);
      log(`${lang} ${engine} relevance: ${pct(relevance[lang][engine])}`);
    }
  }
  const variants = {};
  for (const engine of ['sahel', 'pagefind']) {
    if (engine === 'sahel' && sahelMissing) continue;
    variants[engine] = await variantProbe(browser, servers[engine], engine);
  }

  // 5. Summaries.
  const summary = {};
  for (const lang of LANGS) {
    summary[lang] = {};
    for (const engine of ['sahel', 'pagefind']) {
      const runs = perf[lang][engine];
      if (!runs.length) continue;
      const r1 = (x) => (x == null ? null : Math.round(x * 10) / 10);
      summary[lang][engine] = {
        firstQueryKB: r1(median(runs.map((r) => r.first.bytes)) / 1024),
        secondQueryKB: r1(median(runs.map((r) => r.second.bytes)) / 1024),
        firstQueryBytes: median(runs.map((r) => r.first.bytes)),
        firstQueryRequests: median(runs.map((r) => r.first.requests)),
        secondQueryBytes: median(runs.map((r) => r.second.bytes)),
        secondQueryRequests: median(runs.map((r) => r.second.requests)),
        coldMs: r1(median(runs.map((r) => r.cold))),
        warmMs: r1(median(runs.map((r) => r.warm))),
        homePageLoadBytes: median(runs.map((r) => r.pageLoadBytes)),
      };
    }
  }

  const result = {
    date: new Date().toISOString(),
    dist: DIST,
    git: spawnSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', timeout: 5000 }).stdout.trim() || null,
    pagefind: { version: pagefindVersion, args: PAGEFIND_ARGS, indexed, pagesPerLanguage: Object.fromEntries(Object.entries(entry.languages).map(([k, v]) => [k, v.page_count])),
      indexAndFragmentBytes: Object.fromEntries(LANGS.map((l) => [l, bundleBytes(l)])), csp: "script-src 'self' 'wasm-unsafe-eval' (the site's CSP blocks its WASM)" },
    chromium: browser.version(),
    node: process.version,
    loadAverage: { start: loadAtStart, end: loadavg()[0], cores: cpus().length },
    runs: RUNS,
    cpuThrottlingRate: THROTTLE,
    queries: QUERIES,
    bytesMethod: "nginx $bytes_sent (headers + gzip body) of every request logged between the query's start and its results shown; cdpPageBytes: the page target's Network.loadingFinished.encodedDataLength (misses Web Worker fetches)",
    goals: { firstQueryKBGzipMax: 40, firstResultMsMax: 50, arabicRelevanceAbovePagefind: true },
    sahelMissing,
    summary,
    relevance,
    variants,
    perf,
    questions: Object.fromEntries(LANGS.map((l) => [l, questions[l].map((x, i) => ({ ...x, sahel: tops[l].sahel?.[i] ?? null, pagefind: tops[l].pagefind?.[i] ?? null }))])),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);

  // 6. The table.
  const rows = [];
  for (const lang of LANGS) for (const engine of ['sahel', 'pagefind']) {
    const s = summary[lang][engine];
    rows.push([lang, engine === 'pagefind' ? `Pagefind ${pagefindVersion}` : 'sahel',
      s ? `${kb(s.firstQueryBytes)} (${s.firstQueryRequests} req)` : '—', s ? `${kb(s.secondQueryBytes)} (${s.secondQueryRequests} req)` : '—',
      s ? ms(s.coldMs) : '—', s ? ms(s.warmMs) : '—']);
  }
  console.log(`\nSearch: sahel vs Pagefind ${pagefindVersion}${PAGEFIND_ARGS.length ? ` (${PAGEFIND_ARGS.join(' ')})` : ''} — ${result.date}, ${DIST}, median of ${RUNS} run(s), Chromium ${result.chromium}, ${THROTTLE}x CPU throttling`);
  console.log(`queries: ar «${QUERIES.ar.join('» then «')}», en "${QUERIES.en.join('" then "')}"; bytes = on the wire, gzip, headers included (KB = 1024 B)\n`);
  console.log(table(rows, ['lang', 'engine', '1st query KB', '2nd query KB', 'cold ms', 'warm ms']));
  const kinds = [...new Set(LANGS.flatMap((l) => questions[l].filter((x) => !x.offTopic).map((x) => x.kind)))];
  const relRows = [];
  for (const lang of LANGS) for (const engine of ['sahel', 'pagefind']) {
    const r = relevance[lang][engine];
    relRows.push([lang, engine, pct(r), ...kinds.map((k) => pct(r?.byKind[k])), r ? `${r.onTopicNoResult}/${r.n}` : '—', r ? `${r.offTopic.noResult}/${r.offTopic.n}` : '—']);
  }
  console.log('\nTop-3 relevance (a hit: an expected page among the first three results; on-topic questions only)\n');
  console.log(table(relRows, ['lang', 'engine', 'all', ...kinds, 'on-topic: no result', 'off-topic: no result']));
  console.log('\nArabic spelling variants: top 3 of each form (results found: first form / second form)\n');
  console.log(table(VARIANTS.map(([what, a, b], i) => [what, `${a} / ${b}`,
    ...['sahel', 'pagefind'].map((e) => {
      const v = variants[e]?.[i];
      if (!v) return '—';
      return `${v.verdict} (${v.countA ?? '×'}/${v.countB ?? '×'} results)`;
    })]), ['variant', 'forms', 'sahel', 'pagefind']));
  console.log(`\nJSON: ${OUT} (${result.seconds} s; load average ${loadAtStart.toFixed(1)} at the start, ${result.loadAverage.end.toFixed(1)} at the end, ${cpus().length} cores)`);
  if (sahelMissing) {
    console.log(`\nsahel's search was not found on ${DIST}: ${sahelMissing}. Only Pagefind was measured.`);
    return process.env.PAGEFIND_ONLY ? 0 : 2;
  }
  return 0;
}

let code = 0;
try {
  code = await main();
} catch (e) {
  console.error(`search-vs-pagefind: ${e.exitCode ? e.message : e.stack}`);
  code = e.exitCode ?? 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
process.exit(code);
