#!/usr/bin/env node
// The browser editor's bundle (src/serve/edit/ui/, embedded in sahel) is what its sources build:
// builds editor/ again into a temporary folder and compares the bytes, so a change to editor/src
// that was not built into the binary fails here. Also holds the editor's first load to its
// budget: at most 350 KB gzip of JavaScript. Prints one line per check; exits 1 on a failure.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const committed = join(root, 'src/serve/edit/ui');
const BUDGET = 350 * 1024;
const out = mkdtempSync(join(tmpdir(), 'sahel-editor-bundle-'));
let failed = 0;
try {
  execFileSync('vite', ['build', '--config', join(root, 'editor/vite.config.ts'), '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const name of ['editor.js', 'editor.css']) {
    const built = readFileSync(join(out, name));
    const kept = readFileSync(join(committed, name));
    if (Buffer.compare(built, kept) === 0) {
      console.log(`ok: src/serve/edit/ui/${name} is what editor/ builds`);
    } else {
      failed++;
      console.log(`FAILED: src/serve/edit/ui/${name} differs from a build of editor/: run \`npm run build:editor\` and rebuild sahel`);
    }
  }
  const gzip = gzipSync(readFileSync(join(committed, 'editor.js')), { level: 9 }).length;
  const line = `the editor's JavaScript: ${(gzip / 1024).toFixed(1)} KB gzip (budget ${BUDGET / 1024} KB)`;
  if (gzip <= BUDGET) console.log(`ok: ${line}`);
  else {
    failed++;
    console.log(`FAILED: ${line}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
process.exit(failed === 0 ? 0 : 1);
