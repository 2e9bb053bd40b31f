// What the Content-Security-Policy refused on a page: every `securitypolicyviolation` event
// (collected by a script that runs before the page's own, in every document the page loads)
// and every console message about the policy. A refused `style` attribute or `<style>` element
// shows in both; script-set styles (the CSSOM: `element.style.x = ...`) are allowed and show in
// neither.
import type { Page } from '@playwright/test';

/**
 * Starts watching `page`; call the function it returns for what was refused so far. Violations
 * are reported as they happen, from every document the page loads (not only the last).
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (apply|load|execute|connect|frame)/i.test(msg.text())) refused.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('__sahelCspViolation', (what: string) => refused.push(what));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : '';
      const report = (window as unknown as { __sahelCspViolation: (what: string) => Promise<void> }).__sahelCspViolation;
      void report(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} in ${location.pathname}${where}: ${e.sample}`);
    });
  });
  return async () => {
    // A report still on its way from the page arrives before this answer.
    await page.evaluate(() => undefined).catch(() => undefined);
    return [...refused];
  };
}
/** The policy's directives by name: `style-src` → `'self'`. */
export function directives(csp: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values.join(' '));
  }
  return out;
}
