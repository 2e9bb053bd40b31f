// Shared by editor.spec.ts: a fresh git repository holding a copy of the fixture site, a
// `sahel edit` server over it, and what the editor page reports (CSP refusals, uncaught errors).
// git runs with an empty global configuration, so the editor knows no author until it is told
// one, as on a new editor's machine; the tests' own commits name theirs with -c.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect } from '@playwright/test';

export const PROJECT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export function sahelBinary(): string {
  if (process.env.SAHEL_BIN) return process.env.SAHEL_BIN;
  const built = ['release', 'debug']
    .map((profile) => join(PROJECT, 'target', profile, 'sahel'))
    .filter((file) => existsSync(file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (built[0] === undefined) throw new Error('no sahel binary: run `cargo build --release` (or set SAHEL_BIN)');
  return built[0];
}

/** git's environment: no global or system configuration, no identity from the caller's. */
function gitEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_GLOBAL: join(dir, 'gitconfig'), GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
  for (const v of ['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete env[v];
  return env;
}

/** `git args…` in `cwd` (inside a site's temporary folder); its output. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv(resolve(cwd, '..')), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A commit by someone the tests name. */
export function gitCommit(cwd: string, message: string, name = 'Fixture Maker'): void {
  git(cwd, '-c', `user.name=${name}`, '-c', 'user.email=fixture@sahel.example', 'commit', '--quiet', '-m', message);
}

/** A copy of the fixture site (this project's app and templates) made a git repository with one commit. */
export function makeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sahel-editor-e2e-'));
  writeFileSync(join(dir, 'gitconfig'), '');
  const root = join(dir, 'site');
  cpSync(join(PROJECT, 'tests/fixtures/basic'), root, { recursive: true });
  const config = readFileSync(join(root, 'site.toml'), 'utf8')
    .replace('app = "../../.."', `app = ${JSON.stringify(PROJECT)}`)
    .replace('templates = "../../../templates"', `templates = ${JSON.stringify(join(PROJECT, 'templates'))}`);
  writeFileSync(join(root, 'site.toml'), config);
  writeFileSync(join(root, '.gitignore'), '.cache/\ndist/\n');
  git(root, 'init', '--quiet', '-b', 'main');
  git(root, 'add', '-A');
  gitCommit(root, 'The fixture site');
  return root;
}

export const readSite = (root: string, rel: string): string => readFileSync(join(root, rel), 'utf8');
export const writeSite = (root: string, rel: string, text: string): void => writeFileSync(join(root, rel), text);

export interface Editor {
  child: ChildProcess;
  origin: string;
  /** The editor's page as `sahel edit` printed it. */
  url: string;
  stderr: () => string;
}

export function startEditor(root: string): Promise<Editor> {
  const child = spawn(sahelBinary(), ['edit', '--quiet', '--lang', 'en', '--port', '0', '--root', root], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: gitEnv(resolve(root, '..')),
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      reject(new Error(`sahel edit did not start in 120 s:\n${out}\n${err}`));
    }, 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /The editor is at (http:\/\/127\.0\.0\.1:\d+\/_edit\/)/.exec(out)?.[1];
      const port = /Serving on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
      if (url !== undefined && port !== undefined) {
        clearTimeout(timer);
        resolvePromise({ child, origin: `http://127.0.0.1:${port}`, url, stderr: () => err });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sahel edit exited (${code}) before serving:\n${err}`));
    });
  });
}

/** Stops the server (it must exit 0) and removes the site's temporary folder. */
export async function stopEditor(editor: Editor, root: string): Promise<void> {
  const code = await new Promise<number | null>((resolvePromise) => {
    if (editor.child.exitCode !== null) return resolvePromise(editor.child.exitCode);
    const timer = setTimeout(() => editor.child.kill('SIGKILL'), 20_000);
    editor.child.on('exit', (c) => {
      clearTimeout(timer);
      resolvePromise(c);
    });
    editor.child.kill('SIGINT');
  });
  rmSync(resolve(root, '..'), { recursive: true, force: true });
  expect(code, editor.stderr()).toBe(0);
}

/**
 * Watches `page` (call before it opens the editor): what the editor's own documents report that
 * they should not — CSP refusals (console and `securitypolicyviolation` events), console errors
 * and uncaught errors. The preview's document (/_edit/preview/…, script-src 'none') is left out,
 * and so are the API's answers the editor expects (409 conflict or refusal, 422 diagnostics) and
 * the browser's own request for /favicon.ico, which the editor's page does not name.
 */
export async function watchEditor(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  const fromPreview = (url: string) => url.includes('/_edit/preview/');
  page.on('console', (msg) => {
    const { url } = msg.location();
    // A refusal's message names no document; the preview's policy is the one with script-src 'none'.
    if (fromPreview(url) || msg.text().includes("directive 'script-src 'none''")) return;
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
    else if (msg.type() === 'error') {
      const expected = /status of (409|422)\b/.test(msg.text()) && url.includes('/_edit/api/');
      if (!expected && !(url.endsWith('/favicon.ico') && msg.text().includes('status of 404'))) problems.push(`console error: ${msg.text()} (${url})`);
    }
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.exposeFunction('__sahelEditorCsp', (where: string, what: string) => {
    if (!fromPreview(where)) problems.push(`securitypolicyviolation in ${where}: ${what}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __sahelEditorCsp?: (where: string, what: string) => Promise<void> }).__sahelEditorCsp;
      void report?.(location.href, `${e.effectiveDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}: ${e.sample}`);
    });
  });
  return async () => {
    await page.evaluate(() => undefined).catch(() => undefined);
    return [...problems];
  };
}
