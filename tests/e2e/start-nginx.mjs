// Serves dist/ with Debian's nginx and the nginx.conf the build emitted (127.0.0.1 only), for
// the browser tests. Usage: node tests/e2e/start-nginx.mjs <port> <dist folder>
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const port = Number(process.argv[2] ?? 4173);
const dist = resolve(process.argv[3] ?? 'dist');
const prefix = mkdtempSync(join(tmpdir(), 'sahel-nginx-'));
mkdirSync(join(prefix, 'tmp'), { recursive: true });
const conf = readFileSync(join(dist, 'nginx.conf'), 'utf8')
  .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
  .replace(/root [^;]+;/, `root ${dist};`);
writeFileSync(join(prefix, 'nginx.conf'), conf);
const nginx = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log'), '-g', 'daemon off;'], {
  stdio: 'inherit',
});
const stop = () => nginx.kill('SIGQUIT');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
nginx.on('exit', (code) => process.exit(code ?? 0));
