// Code the first screen does not need (the assistant button's tooltip, the contact links'
// prefilled message, the search page's ranking) is loaded once the browser is idle after
// hydration, not in hydration's commit: its download and evaluation then neither lengthen
// hydration's tasks nor compete with the visitor's first tap.

/** The longest an idle task waits: a page kept busy (an animation, a slow phone) still gets it. */
export const IDLE_TIMEOUT_MS = 3000;
/** Without `requestIdleCallback` (Safari), a timer stands in: past hydration's commit and paint. */
const NO_IDLE_CALLBACK_DELAY_MS = 300;

/** Runs `task` once the browser is idle (at most IDLE_TIMEOUT_MS from now); returns its cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, NO_IDLE_CALLBACK_DELAY_MS);
  return () => clearTimeout(id);
}
