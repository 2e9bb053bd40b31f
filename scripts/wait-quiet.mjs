// Waits, for a bounded time, until the machine is quiet: its processors less than a third busy
// over two samples of two seconds in a row. The timed checks (Lighthouse, INP) measure the page
// on the CPU they share with whatever else runs: another build beside the test command makes
// every task longer. They wait before measuring, and before measuring again what failed, rather
// than pass a slow page or fail a fast one. Never longer than the bound: on a machine that stays
// busy they measure anyway, and a real regression still fails.
//
// The processors' own busy time (os.cpus(): user, nice, system and interrupt time against idle)
// is what is sampled, not the load average: that one decays over minutes, and kept the timed
// checks waiting 100 s after the browser tests had ended.
//
//   node scripts/wait-quiet.mjs [max seconds, default 300]
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';

/** Quiet: under this fraction of all the processors' time busy. */
const QUIET = 1 / 3;
const SAMPLE_MS = 2000;
/** Samples in a row under QUIET. */
const IN_A_ROW = 2;

function times() {
  let busy = 0;
  let total = 0;
  for (const { times: t } of cpus()) {
    const used = t.user + t.nice + t.sys + t.irq;
    busy += used;
    total += used + t.idle;
  }
  return { busy, total };
}

/** The fraction of all processors' time spent busy over the next `ms`. */
export async function busyFraction(ms = SAMPLE_MS) {
  const before = times();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = times();
  const total = after.total - before.total;
  return total > 0 ? (after.busy - before.busy) / total : 0;
}

/** Resolves once the machine is quiet, or after `maxSeconds`; says which, if it waited. */
export async function waitQuiet(maxSeconds = 300, log = console.log) {
  const start = Date.now();
  let quietSamples = 0;
  let last = 0;
  let said = false;
  while (quietSamples < IN_A_ROW && Date.now() - start < maxSeconds * 1000) {
    last = await busyFraction();
    quietSamples = last < QUIET ? quietSamples + 1 : 0;
    if (last >= QUIET && !said) {
      log(`waiting for a quiet machine: ${Math.round(last * 100)}% of ${cpus().length} processors busy, under ${Math.round(QUIET * 100)}% wanted (at most ${maxSeconds} s)`);
      said = true;
    }
  }
  const quiet = quietSamples >= IN_A_ROW;
  const seconds = Math.round((Date.now() - start) / 1000);
  if (said) log(`${quiet ? 'quiet' : 'still busy, measuring anyway'} after ${seconds} s (${Math.round(last * 100)}% busy)`);
  return quiet;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await waitQuiet(Number(process.argv[2] ?? 300));
}
