// axe-core at phone width (every-route.spec.ts covers every route at desktop width), including the
// open mobile menu, in both languages: WCAG A/AA rules plus best practices.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const SCREENS = ['', 'services/', 'services/gdrfa-icp/', 'blog/family-visa-steps/', 'contact/', 'assistant-chat/'];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

test.use({ viewport: { width: 375, height: 800 } });

for (const lang of ['ar', 'en'] as const) {
  for (const suffix of SCREENS) {
    test(`375px: /${lang}/${suffix} has no axe violations`, async ({ page }) => {
      await page.goto(`/${lang}/${suffix}`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      expect(await violations(page)).toEqual([]);
    });
  }

  test(`375px: /${lang}/ with the mobile menu open has no axe violations`, async ({ page }) => {
    await page.goto(`/${lang}/`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: lang === 'ar' ? 'فتح القائمة' : 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: lang === 'ar' ? 'القائمة الرئيسية' : 'Main navigation' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}
