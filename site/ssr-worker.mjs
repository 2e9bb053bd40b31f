// A long-lived render worker, started by the Rust build (src/ssr/).
// Usage: node ssr-worker.mjs <path to the SSR bundle built by Vite> [reply fd, default 3]
// The protocol is in ssr-protocol.cjs. A worker started from a V8 startup snapshot
// (ssr-snapshot.mjs) runs the same protocol with the bundle already loaded.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const { quietConsole, serve, replyFdFrom } = createRequire(import.meta.url)('./ssr-protocol.cjs');

const [bundle, fdArgument] = process.argv.slice(2);
const replyFd = replyFdFrom(fdArgument);
if (!bundle || replyFd === null) {
  process.stderr.write('usage: node ssr-worker.mjs <ssr bundle> [reply fd]\n');
  process.exit(2);
}
quietConsole();
const { render } = await import(pathToFileURL(bundle).href);
serve(render, replyFd);
