// A static server for dist/ with the site's routing rules, for the browser tests.
// Listens on 127.0.0.1 only. Usage: node tests/e2e/serve-dist.mjs [port] [dist folder]
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sirv from 'sirv';

const port = Number(process.argv[2] ?? 4173);
const dist = resolve(process.argv[3] ?? 'dist');
const assets = sirv(dist, { dev: true, etag: false, extensions: ['html'] });

function notFound(req, res) {
  const first = (req.url ?? '/').split('/').filter(Boolean)[0];
  const lang = first === 'en' ? 'en' : 'ar';
  const page = join(dist, lang, '404.html');
  res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
  res.end(existsSync(page) ? readFileSync(page) : 'Not found');
}

createServer((req, res) => {
  if (req.url === '/' || req.url === '') {
    res.writeHead(302, { location: '/ar/' });
    res.end();
    return;
  }
  assets(req, res, () => notFound(req, res));
}).listen(port, '127.0.0.1', () => {
  process.stdout.write(`serving ${dist} on http://127.0.0.1:${port}\n`);
});
