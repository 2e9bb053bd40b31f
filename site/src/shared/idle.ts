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

/** The longest `afterPaint` waits for a frame (a hidden tab paints none). */
const AFTER_PAINT_MAX_MS = 100;

/**
 * Resolves once the browser has painted the next frame (a task after it), or after
 * AFTER_PAINT_MAX_MS without one: work started by a tap that the tap's own frame need not wait
 * for (the assistant's answer) goes after it, and the tap is answered at once (issue 52).
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, AFTER_PAINT_MAX_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
