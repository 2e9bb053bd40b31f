// A long-lived render worker, started by the Rust build (src/ssr.rs).
// Usage: node ssr-worker.mjs <path to the SSR bundle built by Vite> [reply fd, default 3]
//
// Reads one JSON request per line on stdin: {"id", "url", "data"}; writes one JSON reply per
// line on the reply fd: {"ready": true} once the bundle is loaded, then {"id", "html"} or
// {"id", "error", "stack"} for each request.
// - Lines end at '\n' only. JSON never holds a raw '\n', but it may hold a raw U+2028 or U+2029
//   (editors paste them from Word and PDF files), which node:readline would take for line ends.
// - Replies have a file descriptor of their own (a pipe sahel sets up as fd 3), so nothing the
//   app or a library prints can be taken for a reply: stdout is a log (sahel connects it to its
//   stderr), and console.* is sent to stderr as well.
// - The worker exits when stdin closes (sahel is done, or gone).
import { Console } from 'node:console';
import { writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [bundle, fdArgument = '3'] = process.argv.slice(2);
const replyFd = Number(fdArgument);
if (!bundle || !Number.isInteger(replyFd) || replyFd < 1) {
  process.stderr.write('usage: node ssr-worker.mjs <ssr bundle> [reply fd]\n');
  process.exit(2);
}

const logs = new Console({ stdout: process.stderr, stderr: process.stderr });
for (const name of Object.keys(console)) {
  if (typeof console[name] === 'function' && typeof logs[name] === 'function') {
    console[name] = logs[name].bind(logs);
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/** Writes one message and its '\n' in full (a pipe may take it in parts). */
function send(message) {
  const bytes = Buffer.from(`${JSON.stringify(message)}\n`, 'utf8');
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(replyFd, bytes, written, bytes.length - written);
    } catch (error) {
      if (error?.code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

const { render } = await import(pathToFileURL(bundle).href);
send({ ready: true });

async function answer(line) {
  let id = null;
  try {
    const request = JSON.parse(line);
    id = request.id;
    send({ id, html: await render(request.url, request.data) });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    send({ id, error: e.message, stack: e.stack ?? '' });
  }
}

// Requests are answered one after the other, in the order they came.
let queue = Promise.resolve();
let partial = [];
process.stdin.on('data', (chunk) => {
  let start = 0;
  for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
    partial.push(chunk.subarray(start, end));
    const line = Buffer.concat(partial).toString('utf8');
    partial = [];
    start = end + 1;
    if (line.trim()) queue = queue.then(() => answer(line));
  }
  if (start < chunk.length) partial.push(chunk.subarray(start));
});
process.stdin.on('end', () => queue.then(() => process.exit(0)));
