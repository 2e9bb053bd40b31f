// axe-core on every route of both languages, after hydration: zero violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { builtRoutes } from './routes';

for (const route of builtRoutes()) {
  test(`${route}: no axe violations`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const results = await new AxeBuilder({ page }).analyze();
    const violations = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
    expect(violations).toEqual([]);
  });
}
