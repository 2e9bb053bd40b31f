// Links to a post's headings, in Chromium on the shipped site served by nginx: every heading
// has the anchor `sahel check` checks links against (made from its text, Arabic kept), an
// address with it (percent-encoded, as a phone shares it) opens the post at that heading, and
// hydration keeps the anchors.
import { expect, test } from '@playwright/test';
import { gotoHydrated } from './helpers';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const site = (path: string) => `http://127.0.0.1:${PORT}${path}`;

const CASES = [
  { path: '/ar/blog/family-visa-steps/', anchor: 'المستندات-التي-تحتاج-إلى-تجهيزها' },
  { path: '/en/blog/family-visa-steps/', anchor: 'documents-to-prepare' },
] as const;

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

for (const { path, anchor } of CASES) {
  test(`${path}#${anchor} opens the post at that heading`, async ({ page }) => {
    await gotoHydrated(page, site(`${path}#${encodeURIComponent(anchor)}`));
    const heading = page.locator(`[id="${anchor}"]`);
    await expect(heading).toHaveCount(1);
    expect(await heading.evaluate((el) => el.tagName)).toBe('H2');
    // Scrolled to it: the heading is at the top of the screen, below the sticky header at most.
    await expect(heading).toBeInViewport();
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(300);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // Every heading of the body has an anchor, and no two are the same.
    const ids = await page.locator('#post-body :is(h2, h3, h4)').evaluateAll((els) => els.map((e) => e.id));
    expect(ids.length).toBeGreaterThan(2);
    expect(ids.every((id) => id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
}
