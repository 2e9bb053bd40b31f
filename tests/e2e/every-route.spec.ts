// Every route the build wrote, in both languages, loaded once with JavaScript as a visitor loads
// it from nginx with the emitted headers: it hydrates cleanly (no console error, no hydration
// warning, the server's heading still on screen), its Content-Security-Policy refuses nothing,
// no request leaves the site, and axe-core finds no violation once it is hydrated.
// One load per route for all four: they were three tests loading each page (in a11y, hosting
// and pages); with the lighter three-language checks, those files took 4.2 min, not 5.5.
// Without JavaScript, every route is read in pages.spec.ts; at phone width, in a11y-phone.spec.ts.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { watchCsp } from './csp';
import { consoleProblems } from './helpers';
import { builtRoutes } from './routes';

/** The heading the server wrote, as text (its tags dropped, its entities read). */
function serverHeading(html: string): string | undefined {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

for (const route of builtRoutes()) {
  test(`${route}: hydrates cleanly, no CSP violation, no request leaves the site, no axe violation`, async ({ page, baseURL }) => {
    const refused = await watchCsp(page);
    const problems = consoleProblems(page);
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin !== new URL(baseURL!).origin && url.protocol !== 'data:') problems.push(`third-party request: ${req.url()}`);
    });

    const heading = serverHeading(await (await page.request.get(route)).text());
    expect(heading, 'the server wrote a heading').toBeTruthy();
    await page.goto(route);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // The server's heading is still the one on screen after hydration.
    await expect(page.locator('main h1').first()).toHaveText(heading!);
    // Before axe runs (it is injected by the test, not by the page).
    expect(problems).toEqual([]);
    expect(await refused()).toEqual([]);

    const results = await new AxeBuilder({ page }).analyze();
    const violations = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
    expect(violations).toEqual([]);
  });
}
