// Builds a V8 startup snapshot of a render worker: the SSR bundle evaluated, warmed up by
// rendering sample routes a few times (so V8 has compiled the render path), and the protocol of
// ssr-protocol.cjs as the snapshot's main function. A worker started from it
// (`node --snapshot-blob <blob> <reply fd>`) renders its first page in a few milliseconds
// instead of paying Node's module loading and V8's warm-up on every build.
//
// Usage: node ssr-snapshot.mjs <SSR bundle, one CommonJS file> <samples.json> <out.blob>
//   samples.json: [{"url", "data"}, ...], routes to warm up with (sahel picks some of each kind).
// The blob is written next to <out.blob> and renamed into place only once it is complete.
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [bundleArg, samplesArg, outArg] = process.argv.slice(2);
if (!bundleArg || !samplesArg || !outArg) {
  process.stderr.write('usage: node ssr-snapshot.mjs <ssr bundle .cjs> <samples.json> <out.blob>\n');
  process.exit(2);
}
const bundle = resolve(bundleArg);
const samples = resolve(samplesArg);
const out = resolve(outArg);
const protocol = fileURLToPath(new URL('./ssr-protocol.cjs', import.meta.url));

// A snapshot's entry must be a single script that requires only Node's built-in modules, so the
// bundle and the protocol are wrapped as CommonJS modules would be, in one file.
const wrap = (name, file) =>
  `const ${name} = { exports: {} };\n` +
  `(function (exports, module, require, __filename, __dirname) {\n${readFileSync(file, 'utf8')}\n})` +
  `(${name}.exports, ${name}, require, ${JSON.stringify(file)}, ${JSON.stringify(dirname(file))});\n`;
const entry = `${out}.entry-${process.pid}.cjs`;
const partial = `${out}.tmp-${process.pid}`;
writeFileSync(
  entry,
  `'use strict';\n${wrap('__bundle', bundle)}${wrap('__protocol', protocol)}
(async () => {
  // Local to the warm-up, so the samples' data is garbage by the time the heap is written (as a
  // top-level constant it stayed in every worker's heap).
  const __samples = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(samples)}, 'utf8'));
  for (let round = 0; round < 4; round++) {
    for (const { url, data } of __samples) {
      try { await __bundle.exports.render(url, data); } catch { /* a route that fails fails again, and is reported, in the build */ }
    }
  }
})();
// The app's caches of Intl objects are emptied just before the heap is written: V8 cannot
// snapshot a live Intl object.
require('node:v8').startupSnapshot.addSerializeCallback(() => __bundle.exports.beforeSnapshot?.());
require('node:v8').startupSnapshot.setDeserializeMainFunction(() => {
  const { quietConsole, serve, replyFdFrom } = __protocol.exports;
  const replyFd = replyFdFrom(process.argv[1]);
  if (replyFd === null) {
    process.stderr.write('usage: node --snapshot-blob <blob> [reply fd]\\n');
    process.exit(2);
  }
  quietConsole();
  serve(__bundle.exports.render, replyFd);
});
`,
);
// Node warns that node:module (the bundle's createRequire) is "not yet fully verified" in
// snapshots; so the snapshot is kept only if a worker started from it renders every sample
// byte for byte as the bundle loaded the ordinary way does (below).
// The V8 flags this script runs with (sahel passes the render workers' own) go to the snapshot's
// build and to the worker that checks it, so the snapshot is made and started alike.
const v8Flags = process.execArgv;
const run = spawnSync(process.execPath, [...v8Flags, '--no-warnings', '--snapshot-blob', partial, '--build-snapshot', entry], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production' },
});
rmSync(entry, { force: true });
if (run.status !== 0) {
  rmSync(partial, { force: true });
  process.stderr.write(`building the snapshot failed (${run.status ?? run.signal})\n`);
  process.exit(1);
}

const routes = JSON.parse(readFileSync(samples, 'utf8'));
process.env.NODE_ENV = 'production';
const { render } = await import(pathToFileURL(bundle).href);
const expected = [];
for (const { url, data } of routes) {
  try {
    expected.push({ html: await render(url, data) });
  } catch (error) {
    expected.push({ error: error instanceof Error ? error.message : String(error) });
  }
}
const worker = spawnSync(process.execPath, [...v8Flags, '--snapshot-blob', partial, '3'], {
  input: routes.map(({ url, data }, id) => `${JSON.stringify({ id, url, data })}\n`).join(''),
  stdio: ['pipe', 'inherit', 'inherit', 'pipe'],
  env: { ...process.env, NODE_ENV: 'production' },
  maxBuffer: 1 << 30,
  timeout: 120_000,
});
// Replies (ssr-protocol.cjs): JSON lines, a page's header followed by its HTML's bytes.
const replies = [];
const output = worker.output?.[3] ?? Buffer.alloc(0);
for (let at = 0; at < output.length; ) {
  const end = output.indexOf(0x0a, at);
  if (end === -1) break;
  const reply = JSON.parse(output.toString('utf8', at, end));
  at = end + 1;
  if (typeof reply.bytes === 'number') {
    reply.html = output.toString('utf8', at, at + reply.bytes);
    at += reply.bytes;
  }
  replies.push(reply);
}
const differs = routes.findIndex((_, id) => {
  const reply = replies.find((r) => r.id === id);
  return !reply || (reply.html ?? null) !== (expected[id].html ?? null) || (reply.error ?? null) !== (expected[id].error ?? null);
});
if (worker.status !== 0 || replies[0]?.ready !== true || differs !== -1) {
  rmSync(partial, { force: true });
  const why = worker.status !== 0 ? `it exited with ${worker.status ?? worker.signal}` : `${routes[differs]?.url} rendered differently`;
  process.stderr.write(`the snapshot was not kept: a worker started from it does not render as the bundle does (${why})\n`);
  process.exit(1);
}
renameSync(partial, out);
