// The render workers' side of the protocol with sahel (src/ssr/), shared by the worker script
// (ssr-worker.mjs, which imports the SSR bundle) and the V8 startup snapshot of a worker
// (ssr-snapshot.mjs, which has the bundle evaluated and warmed up already).
//
// Requests: one JSON object per line on stdin, {"id", "url", "data"}. Replies, on the reply file
// descriptor: {"ready": true} once, then for each request, in the order they came, either
// {"id", "bytes": n} followed by the page's HTML as n bytes of UTF-8 (not JSON: quoting a 40 KB
// page cost the worker about a third of a millisecond per page, and sahel as much to read it
// back), or {"id", "error", "stack"}. Each JSON message is one line.
// - Lines end at '\n' only. JSON never holds a raw '\n', but it may hold a raw U+2028 or U+2029
//   (editors paste them from Word and PDF files), which node:readline would take for line ends.
// - Replies have a file descriptor of their own (a pipe sahel sets up as fd 3), so nothing the
//   app or a library prints can be taken for a reply: stdout is a log (sahel connects it to its
//   stderr), and console.* is sent to stderr as well.
// - The worker exits when stdin closes (sahel is done, or gone).
'use strict';

/** Sends console.* to stderr, so that stdout stays a log and no reply can be forged. */
function quietConsole() {
  // Written with util.format rather than a second Console: neither node:console's Console nor
  // console.Console is a constructor in a worker started from a startup snapshot.
  const { format } = require('node:util');
  const toStderr = (...args) => {
    process.stderr.write(`${format(...args)}\n`);
  };
  for (const name of ['log', 'info', 'debug', 'warn', 'error', 'trace', 'dir', 'dirxml', 'table']) {
    console[name] = toStderr;
  }
}

/** Answers sahel's requests with `render(url, data)`, replying on `replyFd`. */
function serve(render, replyFd) {
  const { writeSync } = require('node:fs');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  /** Writes `bytes` in full (a pipe may take them in parts). */
  function write(bytes) {
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

  /** Writes one JSON message and its '\n'. */
  function send(message) {
    write(Buffer.from(`${JSON.stringify(message)}\n`, 'utf8'));
  }

  /**
   * Writes a page: its header line, then its HTML's bytes, in one buffer and one pass over the
   * HTML (measuring its UTF-8 length first was another). The header's count is padded with
   * spaces, which JSON allows, so its length is known before the HTML is encoded after it.
   */
  function sendPage(id, html) {
    const start = `{"id":${JSON.stringify(id)},"bytes":`;
    const headerLength = start.length + 12; // up to 10 digits, '}', '\n'
    const buffer = Buffer.allocUnsafe(headerLength + html.length * 3);
    const length = buffer.write(html, headerLength, 'utf8');
    buffer.write(`${start}${String(length).padEnd(10)}}\n`, 0, 'latin1');
    write(buffer.subarray(0, headerLength + length));
  }

  async function answer(line) {
    let id = null;
    try {
      const request = JSON.parse(line);
      id = request.id;
      const html = await render(request.url, request.data);
      if (typeof html !== 'string') throw new Error(`render returned ${typeof html}, not a string of HTML`);
      sendPage(id, html);
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      send({ id, error: e.message, stack: e.stack ?? '' });
    }
  }

  send({ ready: true });
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
}

/** The reply fd from its command-line argument, or null if it is not a usable one. */
function replyFdFrom(argument) {
  const fd = Number(argument ?? '3');
  return Number.isInteger(fd) && fd >= 1 ? fd : null;
}

module.exports = { quietConsole, serve, replyFdFrom };
