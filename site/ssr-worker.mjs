// A long-lived render worker, started by the Rust build (src/ssr.rs).
// Reads one JSON request per line on stdin: {"id", "url", "data"};
// writes one JSON reply per line on stdout: {"id", "html"} or {"id", "error", "stack"}.
// Usage: node ssr-worker.mjs <path to the SSR bundle built by Vite>
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const bundle = process.argv[2];
if (!bundle) {
  process.stderr.write('usage: node ssr-worker.mjs <ssr bundle>\n');
  process.exit(2);
}

const { render } = await import(pathToFileURL(bundle).href);
const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');

send({ ready: true });

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line) continue;
  let id = null;
  try {
    const request = JSON.parse(line);
    id = request.id;
    send({ id, html: render(request.url, request.data) });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    send({ id, error: e.message, stack: e.stack ?? '' });
  }
}
