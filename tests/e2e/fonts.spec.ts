// The page fonts' fallbacks (site/src/font-fallbacks.css, issue 52): until Cairo or Poppins
// arrives, a page is drawn in a local font scaled to take the same room, so the swap moves
// nothing. Each page is laid out twice on a phone, once with the web fonts refused (what a
// visitor sees before they arrive) and once with them: the heading must sit at the same place
// with the same height, to a few pixels, and the paragraphs after it at most one line apart
// (line breaks are discrete: matched average widths still break a long paragraph one word
// earlier or later now and then; the about page's first paragraph does, in both languages).
import { expect, test, type Page } from '@playwright/test';

const PAGES = ['/', '/services/company-formation/', '/blog/golden-visa-guide/', '/about/', '/pricing/'];

/** The boxes of the page's heading and first paragraphs, and the page's height. */
async function layout(page: Page, url: string, fonts: boolean) {
  if (!fonts) await page.route('**/*.woff2', (route) => route.abort());
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  const boxes = await page.evaluate(() => {
    const blocks = [...document.querySelectorAll('main h1, main p')].slice(0, 6);
    return {
      blocks: blocks.map((b) => {
        const r = b.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(b).lineHeight);
        return { tag: b.tagName, top: Math.round(r.top + window.scrollY), height: Math.round(r.height), line: Math.round(line) };
      }),
      faces: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')),
    };
  });
  await page.unroute('**/*.woff2');
  return boxes;
}

test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

for (const lang of ['ar', 'en']) {
  for (const path of PAGES) {
    test(`${lang}${path}: the fallback font takes the web font's room`, async ({ browser }) => {
      const url = `/${lang}${path}`;
      const before = await layout(await (await browser.newContext()).newPage(), url, false);
      const after = await layout(await (await browser.newContext()).newPage(), url, true);
      const family = lang === 'ar' ? 'Cairo' : 'Poppins';
      // The measurement means something only if the fallback was used, and then the web font.
      expect(before.faces.some((f) => f.startsWith(`${family} Fallback`)), `fallback faces: ${before.faces.join(', ')}`).toBe(true);
      expect(before.faces).not.toContain(family);
      expect(after.faces).toContain(family);
      expect(after.blocks.length).toBeGreaterThan(0);
      expect(before.blocks.map((b) => b.tag)).toEqual(after.blocks.map((b) => b.tag));
      after.blocks.forEach((b, i) => {
        const a = before.blocks[i]!;
        const tolerance = i === 0 ? 12 : b.line + 4;
        expect(Math.abs(a.top - b.top), `${b.tag} ${i}: top ${a.top} → ${b.top}`).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(a.height - b.height), `${b.tag} ${i}: height ${a.height} → ${b.height}`).toBeLessThanOrEqual(tolerance);
      });
    });
  }
}
