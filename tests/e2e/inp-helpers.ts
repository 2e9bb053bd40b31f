// For inp.spec.ts: a first visit on a mid-range phone (a new browser context: a new renderer
// process, no cache, no storage; 375×800 with touch; Chromium's CPU throttling over CDP); what
// Chromium reports of the page's responsiveness and main-thread work, read through the
// Performance APIs (no library in the page): Event Timing entries grouped into interactions as
// web-vitals groups them, long tasks and long animation frames; typing that the browser sees as
// key presses in any script; and the figures written to test-results/inp.json.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

/** Where the figures go (the repository's test-results/, as the other browser tests write there). */
export const RESULTS = fileURLToPath(new URL('../../test-results/inp.json', import.meta.url));

/** Event Timing's smallest threshold: shorter interactions are not reported at all. */
export const EVENT_THRESHOLD = 16;

/** A script's part of a long animation frame (Chromium's `long-animation-frame` entries). */
export interface FrameScript {
  invoker: string;
  source: string;
  duration: number;
}
export interface LongFrame {
  start: number;
  duration: number;
  blocking: number;
  scripts: FrameScript[];
}
interface Recorded {
  events: { id: number; name: string; start: number; duration: number; delay: number; processing: number }[];
  longTasks: { start: number; duration: number }[];
  frames: LongFrame[];
}
type PerfWindow = Window & { __perf: Recorded; __perfFlush: () => void };

/**
 * Installed before any script of every document the page opens: observers of the Event Timing
 * entries that belong to an interaction (`interactionId` > 0), the long tasks and the long
 * animation frames.
 */
async function recordPerformance(page: Page): Promise<void> {
  await page.addInitScript(
    ({ threshold }) => {
      const w = window as unknown as PerfWindow;
      const recorded: Recorded = { events: [], longTasks: [], frames: [] };
      w.__perf = recorded;
      const take = (list: PerformanceEntryList) => {
        for (const entry of list) {
          if (entry.entryType === 'event') {
            // interactionId is not in every TypeScript's DOM library yet.
            const event = entry as PerformanceEventTiming & { interactionId: number };
            if (event.interactionId > 0) {
              recorded.events.push({
                id: event.interactionId,
                name: event.name,
                start: event.startTime,
                duration: event.duration,
                delay: Math.round(event.processingStart - event.startTime),
                processing: Math.round(event.processingEnd - event.processingStart),
              });
            }
          } else if (entry.entryType === 'longtask') {
            recorded.longTasks.push({ start: entry.startTime, duration: entry.duration });
          } else if (entry.entryType === 'long-animation-frame') {
            const frame = entry as PerformanceEntry & { blockingDuration: number; scripts: (PerformanceEntry & { invoker: string; sourceURL: string; sourceFunctionName: string })[] };
            recorded.frames.push({
              start: frame.startTime,
              duration: frame.duration,
              blocking: frame.blockingDuration,
              scripts: frame.scripts.map((s) => ({
                invoker: s.invoker,
                source: `${s.sourceURL.replace(/^.*\/assets\//, '')}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''}`,
                duration: Math.round(s.duration),
              })),
            });
          }
        }
      };
      const observers: PerformanceObserver[] = [];
      const observe = (options: PerformanceObserverInit & { durationThreshold?: number }) => {
        try {
          const observer = new PerformanceObserver((list) => take(list.getEntries()));
          observer.observe(options);
          observers.push(observer);
        } catch {
          // an entry type this browser does not know
        }
      };
      observe({ type: 'event', buffered: true, durationThreshold: threshold });
      observe({ type: 'longtask', buffered: true });
      observe({ type: 'long-animation-frame', buffered: true });
      // Entries already queued but not yet handed to the callbacks.
      w.__perfFlush = () => observers.forEach((o) => take(o.takeRecords()));
    },
    { threshold: EVENT_THRESHOLD },
  );
}

/** A page of a first visit on a phone, its performance recorded, and its CDP session. */
export interface Phone {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

/**
 * A first visit on a mid-range phone: a new context (so a new renderer process, with nothing
 * compiled, cached or stored from an earlier load), 375×800 with touch, the main thread slowed
 * down `rate` times (Lighthouse's mobile run uses 4) from before the first document, and its
 * performance recorded. Close it with `context.close()`.
 */
export async function openPhone(browser: Browser, baseURL: string | undefined, rate = 4): Promise<Phone> {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 }, hasTouch: true });
  const page = await context.newPage();
  await recordPerformance(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page, cdp };
}

/** Two frames and a task later, with the queued entries handed over: what the page recorded. */
async function settled(page: Page): Promise<Recorded> {
  return page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))));
    const w = window as unknown as PerfWindow;
    w.__perfFlush();
    return w.__perf;
  });
}

/** One interaction as web-vitals counts it: the longest of the entries that share its id. */
export interface Interaction {
  id: number;
  start: number;
  duration: number;
  /** Each entry: its event, duration, the wait before its handlers ran and their time. */
  events: string[];
}

/** What `measure` found: the worst interaction's latency and how it was made up. */
export interface Measured {
  latency: number;
  /** Every interaction's latency (the key presses of a typed word). */
  all: number[];
  /** The worst interaction's entries and the scripts of the long frames it overlapped. */
  detail: string;
}

/**
 * The scripts (10 ms or more, longest first) of the long animation frames that overlap
 * `from`..`to`: what started each (an event listener, a promise, a module's evaluation) → where
 * its code is (chunk and function).
 */
export function scriptsDuring(frames: LongFrame[], from: number, to: number): string[] {
  return frames
    .filter((f) => f.start <= to && from <= f.start + f.duration)
    .flatMap((f) => f.scripts)
    .filter((s) => s.duration >= 10)
    .sort((a, b) => b.duration - a.duration)
    .map((s) => `${s.invoker.replace(/^.*\/assets\//, '')} → ${s.source} ${s.duration} ms`);
}

/**
 * Runs `action` (real input, and a wait for what it shows) and returns the worst of the
 * interactions it made, as Chromium timed them. An interaction shorter than the Event Timing
 * threshold (16 ms) is not reported at all: none at all counts as the threshold.
 */
export async function measure(page: Page, action: () => Promise<void>): Promise<Measured> {
  const before = await settled(page);
  const [seenEvents, seenFrames] = [before.events.length, before.frames.length];
  await action();
  const after = await settled(page);
  const byId = new Map<number, Interaction>();
  for (const event of after.events.slice(seenEvents)) {
    const seen = byId.get(event.id) ?? { id: event.id, start: event.start, duration: 0, events: [] };
    seen.start = Math.min(seen.start, event.start);
    seen.duration = Math.max(seen.duration, event.duration);
    seen.events.push(`${event.name} ${event.duration} (wait ${event.delay}, handlers ${event.processing})`);
    byId.set(event.id, seen);
  }
  const interactions = [...byId.values()].sort((a, b) => a.start - b.start);
  const worst = interactions.reduce<Interaction | null>((a, b) => (a && a.duration >= b.duration ? a : b), null);
  if (!worst) return { latency: EVENT_THRESHOLD, all: [], detail: `every interaction under ${EVENT_THRESHOLD} ms` };
  const scripts = scriptsDuring(after.frames.slice(seenFrames), worst.start, worst.start + worst.duration);
  const which = interactions.length > 1 ? `interaction ${interactions.indexOf(worst) + 1} of ${interactions.length}: ` : '';
  return {
    latency: worst.duration,
    all: interactions.map((i) => i.duration),
    detail: `${which}${worst.events.join(', ')}${scripts.length > 0 ? `; scripts: ${scripts.join('; ')}` : ''}`,
  };
}

/** Several measurements as one: the worst of them, with every interaction's latency. */
export function worstOf(measured: Measured[]): Measured {
  const worst = measured.reduce((a, b) => (b.latency > a.latency ? b : a));
  return { ...worst, all: measured.flatMap((m) => m.all) };
}

/** The long tasks and long animation frames the page has recorded since it loaded. */
export async function mainThreadWork(page: Page): Promise<Pick<Recorded, 'longTasks' | 'frames'>> {
  const { longTasks, frames } = await settled(page);
  return { longTasks, frames };
}

/**
 * Waits until the main thread is quiet: no new long task for `quietMs` (at most 5 s).
 */
export async function quiet(page: Page, quietMs = 300): Promise<void> {
  let count = -1;
  for (let waited = 0; waited < 5000; waited += quietMs) {
    const now = (await settled(page)).longTasks.length;
    if (now === count) return;
    count = now;
    await page.waitForTimeout(quietMs);
  }
}

/**
 * Waits until the page is idle, as a visitor who starts reading before reaching for it: no
 * request for half a second (Playwright's `networkidle`: what loads after hydration is in), then
 * no new long task.
 */
export async function idle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await quiet(page);
}

/**
 * Types `text` one key press at a time, `delay` ms apart (someone typing fast on a phone): each
 * character is a keydown and a keyup the page sees, an interaction. Playwright types a character
 * that is not on its US layout (Arabic) as inserted text, without key events, so those go as key
 * events over CDP.
 */
export async function typeKeys(page: Page, cdp: CDPSession, text: string, delay = 120): Promise<void> {
  for (const char of text) {
    if (/^[\x20-\x7e]$/.test(char)) {
      await page.keyboard.type(char);
    } else {
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: char, text: char, unmodifiedText: char });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: char });
    }
    await page.waitForTimeout(delay);
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Merges `entries` into test-results/inp.json under their keys, each with the time it was
 * measured (a test left out of a run keeps its older figures). Tests in two workers write it, so
 * the read and write happen under a lock file.
 */
export async function saveFigures(section: string, entries: Record<string, object>): Promise<void> {
  const at = new Date().toISOString();
  mkdirSync(dirname(RESULTS), { recursive: true });
  const lock = `${RESULTS}.lock`;
  let fd: number | null = null;
  for (let tries = 0; fd === null; tries += 1) {
    try {
      fd = openSync(lock, 'wx');
    } catch {
      if (tries > 100) rmSync(lock, { force: true }); // left by a killed run
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    let all: Record<string, Record<string, unknown>> = {};
    try {
      all = JSON.parse(readFileSync(RESULTS, 'utf8')) as typeof all;
    } catch {
      // first figures of the run
    }
    all[section] = { ...all[section], ...Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, { ...value, at }])) };
    writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}
