// Saves full-page screenshots of the main screens, both languages, phone and desktop widths, into
// tests/e2e/screenshots/ (git-ignored), for a person to look at. Each run overwrites them.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const OUT = fileURLToPath(new URL('./screenshots/', import.meta.url));

const SCREENS = {
  home: '',
  services: 'services/',
  service: 'services/company-formation/',
  'blog-post': 'blog/golden-visa-guide/',
  contact: 'contact/',
  'assistant-chat': 'assistant-chat/',
} as const;

for (const lang of ['ar', 'en'] as const) {
  for (const width of [375, 1280] as const) {
    test.describe(`${lang} at ${width}px`, () => {
      test.use({ viewport: { width, height: 800 } });
      for (const [name, suffix] of Object.entries(SCREENS)) {
        test(`screenshot: ${name}`, async ({ page }) => {
          await page.goto(`/${lang}/${suffix}`);
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
          await page.evaluate(() => document.fonts.ready);
          // No horizontal scrolling: nothing is wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `${OUT}${lang}-${width}-${name}.png`, fullPage: true });
        });
      }
    });
  }
}
