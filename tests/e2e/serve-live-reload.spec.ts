// `sahel serve` in a real browser: an open page reloads itself when its post is edited, a broken
// content file shows the error overlay (file, line, the line itself), and fixing the file
// removes it. Only the dev client's EventSource tells the page; nothing polls.
//
// Needs the sahel binary (SAHEL_BIN, else the newer of target/release/sahel and
// target/debug/sahel: run `cargo build --release` first) and the app's npm dependencies. It
// starts its own server on a free port over a copy of tests/fixtures/basic, so it needs
// neither dist/ nor nginx:
//
//   npx playwright test tests/e2e/serve-live-reload.spec.ts --output /tmp/pw   (no config, so no
//     nginx; --output keeps Playwright from emptying the repository's test-results/)
//   npx playwright test -c tests/e2e/playwright.config.ts serve-   (with the other specs; that
//     config starts nginx on dist/ for them)
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect, test } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium';

const PROJECT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

// The same launch options as playwright.config.ts, so the spec also runs without it.
test.use({
  launchOptions: CHROMIUM_LAUNCH_OPTIONS,
});
test.describe.configure({ mode: 'serial' });
// The first start may build the bundles with Vite.
test.setTimeout(180_000);

function sahelBinary(): string {
  if (process.env.SAHEL_BIN) return process.env.SAHEL_BIN;
  const built = ['release', 'debug']
    .map((profile) => join(PROJECT, 'target', profile, 'sahel'))
    .filter((file) => existsSync(file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (built[0] === undefined) throw new Error('no sahel binary: run `cargo build --release` (or set SAHEL_BIN)');
  return built[0];
}

/** A copy of the fixture site whose app and templates are this project's. */
function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sahel-serve-e2e-'));
  const root = join(dir, 'site');
  cpSync(join(PROJECT, 'tests/fixtures/basic'), root, { recursive: true });
  const config = readFileSync(join(root, 'site.toml'), 'utf8')
    .replace('app = "../../.."', `app = ${JSON.stringify(PROJECT)}`)
    .replace('templates = "../../../templates"', `templates = ${JSON.stringify(join(PROJECT, 'templates'))}`);
  writeFileSync(join(root, 'site.toml'), config);
  return root;
}

interface Serve {
  child: ChildProcess;
  origin: string;
  stderr: () => string;
}

function startServe(root: string): Promise<Serve> {
  const child = spawn(sahelBinary(), ['serve', '--quiet', '--port', '0', '--root', root], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /Serving on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
      if (port !== undefined) resolvePromise({ child, origin: `http://127.0.0.1:${port}`, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`sahel serve exited (${code}) before serving:\n${err}`)));
  });
}

function stopServe(serve: Serve): Promise<number | null> {
  return new Promise((resolvePromise) => {
    if (serve.child.exitCode !== null) return resolvePromise(serve.child.exitCode);
    serve.child.on('exit', (code) => resolvePromise(code));
    serve.child.kill('SIGINT');
  });
}

/** Console errors and CSP refusals the page reports, collected as they come. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
  });
  return problems;
}

/** Stops the server (it must exit 0) and removes the copy of the site. */
async function stopAndClean(serve: Serve, root: string): Promise<void> {
  const code = await stopServe(serve);
  rmSync(resolve(root, '..'), { recursive: true, force: true });
  expect(code, serve.stderr()).toBe(0);
}

test('serve: the page reloads on an edit, and a content error shows and clears in an overlay', async ({ page }) => {
  const root = copyFixture();
  const serve = await startServe(root);
  try {
    const problems = consoleProblems(page);
    const statePolls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/__sahel/state')) statePolls.push(req.url());
    });

    // The dev client's EventSource is connected (the production CSP allows it: connect-src
    // 'self') before anything is edited.
    const connected = page.waitForResponse((r) => r.url().endsWith('/__sahel/events'));
    await page.goto(`${serve.origin}/en/blog/first-post/`);
    await expect(page.locator('h1')).toHaveText('First post');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect((await connected).status()).toBe(200);
    // A mark that only survives if the page is not reloaded.
    await page.evaluate(() => {
      (window as unknown as { sahelMark?: number }).sahelMark = 1;
    });

    // Edit the post: the page reloads by itself and shows the new title.
    const post = join(root, 'content/en/blog/first-post.md');
    writeFileSync(post, readFileSync(post, 'utf8').replace('title: "First post"', 'title: "Edited in the editor"'));
    await expect(page.locator('h1')).toHaveText('Edited in the editor', { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { sahelMark?: number }).sahelMark)).toBeUndefined();

    // Break a YAML file: the overlay names the file and line and shows the line.
    const faq = join(root, 'content/en/faq.yaml');
    const good = readFileSync(faq, 'utf8');
    writeFileSync(faq, good.replace('question: "When are you open?"', 'question: ["When"]'));
    const overlay = page.locator('#sahel-error-overlay');
    await expect(overlay).toBeVisible({ timeout: 15_000 });
    await expect(overlay).toContainText('content/en/faq.yaml:2:13');
    await expect(overlay).toContainText('question: ["When"]');
    await expect(overlay).toContainText('help:');

    // A page opened while the error stands shows it at once.
    const other = await page.context().newPage();
    await other.goto(`${serve.origin}/en/`);
    await expect(other.locator('#sahel-error-overlay')).toContainText('content/en/faq.yaml:2:13');
    await other.close();

    // On an Arabic page, the overlay speaks Arabic, right to left; the place stays as written.
    const arabic = await page.context().newPage();
    await arabic.goto(`${serve.origin}/ar/`);
    const arOverlay = arabic.locator('#sahel-error-overlay');
    await expect(arOverlay).toHaveAttribute('lang', 'ar');
    await expect(arOverlay).toHaveAttribute('dir', 'rtl');
    await expect(arOverlay).toContainText('خطأ واحد في المحتوى');
    await expect(arOverlay).toContainText('الحل:');
    await expect(arOverlay).toContainText('content/en/faq.yaml:2:13');
    await arabic.close();

    // Fix it: the overlay goes away.
    writeFileSync(faq, good);
    await expect(overlay).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('h1')).toHaveText('Edited in the editor');

    expect(problems).toEqual([]);
    expect(statePolls).toEqual([]);
  } finally {
    await stopAndClean(serve, root);
  }
});

// A 2×1 PNG: decoded, its natural size proves the browser got an image, not an error page.
const PNG_2X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGNgaEg4oaEBAAbXAfltRwKmAAAAAElFTkSuQmCC',
  'base64',
);

test('serve: an image dropped into content/media shows in the post under its Arabic name; a misspelt name is an error', async ({ page }) => {
  const root = copyFixture();
  const serve = await startServe(root);
  try {
    const problems = consoleProblems(page);
    await page.goto(`${serve.origin}/ar/blog/first-post/`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

    // The folder and the file appear while serve runs, then the post names the file.
    mkdirSync(join(root, 'content/media/شعارات'), { recursive: true });
    writeFileSync(join(root, 'content/media/شعارات/مكتب.png'), PNG_2X1);
    const post = join(root, 'content/ar/blog/first-post.md');
    const text = readFileSync(post, 'utf8');
    writeFileSync(post, `${text}\n![مكتبنا في دبي](/media/شعارات/مكتب.png)\n`);
    const image = page.getByRole('img', { name: 'مكتبنا في دبي' });
    await expect(image).toBeVisible({ timeout: 15_000 });
    // Decoded, 2:1. (Chosen from a srcset by width, its natural size is scaled to the column
    // its `sizes` names, 736 × 368, as srcset's `w` descriptors make it.)
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth > 0 && img.naturalWidth === 2 * img.naturalHeight]))
      .toEqual([true, true]);
    // It carries its size, so its place is kept before it arrives, and decodes off the main thread.
    await expect(image).toHaveAttribute('width', '2');
    await expect(image).toHaveAttribute('height', '1');
    await expect(image).toHaveAttribute('decoding', 'async');
    // It is a picture: Chromium reads AVIF, so it shows the AVIF copy serve made, under /media/_v/.
    expect(await image.evaluate((img: HTMLImageElement) => img.parentElement?.tagName)).toBe('PICTURE');
    expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/^\/media\/_v\/[0-9a-f]{20}-2\.avif$/);

    // A misspelt name: the overlay says which file it may mean, at the line of the image.
    writeFileSync(post, `${text}\n![مكتبنا في دبي](/media/شعارات/مكتبة.png)\n`);
    const overlay = page.locator('#sahel-error-overlay');
    await expect(overlay).toBeVisible({ timeout: 15_000 });
    await expect(overlay).toContainText('content/ar/blog/first-post.md');
    // In the page's language: the post is Arabic, so the overlay is too.
    await expect(overlay).toContainText('هل تقصد /media/شعارات/مكتب.png؟');
    writeFileSync(post, text);
    await expect(overlay).toHaveCount(0, { timeout: 15_000 });
    expect(problems).toEqual([]);
  } finally {
    await stopAndClean(serve, root);
  }
});

// Issue 32: lint findings that are warnings do not block the page: it is re-rendered, and the
// warnings show in a panel at the bottom (file:line:column, rule, help) that the editor can
// dismiss; dismissed, they stay hidden across reloads until they change; fixed, they go.
test('serve: a warning shows in a dismissible panel and the page is still re-rendered', async ({ page }) => {
  const root = copyFixture();
  const serve = await startServe(root);
  try {
    const problems = consoleProblems(page);
    await page.goto(`${serve.origin}/ar/blog/first-post/`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('#sahel-warnings')).toHaveCount(0);

    const post = join(root, 'content/ar/blog/first-post.md');
    const text = readFileSync(post, 'utf8');
    // Mixed digits: a warning by default. The new paragraph is rendered all the same.
    writeFileSync(post, `${text}\nتأسست في ٢٠٢٥ وتعمل منذ 2025.\n`);
    const panel = page.locator('#sahel-warnings');
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('article, main').first()).toContainText('تأسست في', { timeout: 15_000 });
    // In the page's language (Arabic), the path and the rule's name as they are written.
    await expect(panel).toContainText('تنبيه واحد في المحتوى');
    await expect(panel).toContainText('content/ar/blog/first-post.md:10:');
    await expect(panel).toContainText('تنبيه[mixed-digits]: يخلط هذا الملف بين أنظمة الأرقام');
    await expect(panel).toContainText('الحل:');
    await expect(page.locator('#sahel-error-overlay')).toHaveCount(0);

    // Dismissed: gone, and still gone after a reload, while the warnings are the same.
    await panel.getByRole('button', { name: 'إخفاء' }).click();
    await expect(panel).toHaveCount(0);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(panel).toHaveCount(0);

    // Another warning: shown again. Fixed: gone.
    writeFileSync(post, `${text}\nتأسست في ٢٠٢٥ وتعمل منذ 2025 و"هنا".\n`);
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel).toContainText('تنبيهان في المحتوى');
    writeFileSync(post, text);
    await expect(panel).toHaveCount(0, { timeout: 15_000 });
    expect(problems).toEqual([]);
  } finally {
    await stopAndClean(serve, root);
  }
});

test('serve: a page refused a live-reload stream tries again later, backing off, and reloads once one frees', async ({ page }) => {
  // Issue 32, finding 7: event streams have a cap of their own (32); beyond it serve answers
  // 503, which an EventSource never retries by itself.
  const root = copyFixture();
  const serve = await startServe(root);
  const port = Number(new URL(serve.origin).port);
  const held: Socket[] = [];
  try {
    // Every stream taken, by raw sockets that never read their events.
    for (let i = 0; i < 32; i += 1) {
      const socket = connect(port, '127.0.0.1');
      socket.write(`GET /__sahel/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
      await new Promise<void>((resolvePromise, reject) => {
        socket.once('data', (chunk: Buffer) =>
          chunk.toString().startsWith('HTTP/1.1 200') ? resolvePromise() : reject(new Error(chunk.toString())),
        );
        socket.once('error', reject);
      });
      held.push(socket);
    }
    const attempts: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/__sahel/events')) attempts.push(r.status());
    });
    const refused = page.waitForResponse((r) => r.url().endsWith('/__sahel/events') && r.status() === 503);
    await page.goto(`${serve.origin}/en/blog/first-post/`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await refused;
    // Waiting 1 s, 2 s, 4 s... (and some jitter) between tries: at most 3 tries in 5 s.
    await page.waitForTimeout(5_000);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.length).toBeLessThanOrEqual(3);
    expect(attempts.every((status) => status === 503)).toBe(true);

    // Streams free: the page gets one at its next try, and live reload works.
    for (const socket of held.splice(0)) socket.destroy();
    await expect.poll(() => attempts.includes(200), { timeout: 20_000 }).toBe(true);
    const post = join(root, 'content/en/blog/first-post.md');
    writeFileSync(post, readFileSync(post, 'utf8').replace('title: "First post"', 'title: "Back in touch"'));
    await expect(page.locator('h1')).toHaveText('Back in touch', { timeout: 15_000 });
  } finally {
    for (const socket of held) socket.destroy();
    await stopAndClean(serve, root);
  }
});
