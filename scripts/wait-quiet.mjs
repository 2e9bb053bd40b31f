// Waits, for a bounded time, until the machine is quiet: its one-minute load average under
// three quarters of its cores. The timed checks (Lighthouse, INP) measure the page on the CPU
// they share with whatever else runs: another build beside the test command makes every task
// longer. They wait before measuring, and before measuring again what failed, rather than pass
// a slow page or fail a fast one. Never longer than the bound: on a machine that stays busy they
// measure anyway, and a real regression still fails.
//
//   node scripts/wait-quiet.mjs [max seconds, default 300]
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';

const QUIET = 0.75;

/** Resolves once the load is under QUIET × cores, or after `maxSeconds`; says which. */
export async function waitQuiet(maxSeconds = 300, log = console.log) {
  const limit = cpus().length * QUIET;
  const start = Date.now();
  let waited = false;
  while (loadavg()[0] >= limit && Date.now() - start < maxSeconds * 1000) {
    if (!waited) log(`waiting for a quiet machine: load ${loadavg()[0].toFixed(2)}, under ${limit.toFixed(2)} wanted (at most ${maxSeconds} s)`);
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  const seconds = Math.round((Date.now() - start) / 1000);
  if (waited) log(`${loadavg()[0] < limit ? 'quiet' : 'still busy, measuring anyway'} after ${seconds} s (load ${loadavg()[0].toFixed(2)})`);
  return loadavg()[0] < limit;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await waitQuiet(Number(process.argv[2] ?? 300));
}
