import { expect, test, type Page } from '@playwright/test';

// The head after client navigation is the head a direct load of the same page gets: the same
// tags with the same attributes, in the same order, and the same JSON-LD. Rust computes the
// list once (src/head/mod.rs); the document shell writes it and applyHead applies it.

type Snapshot = { lang: string; dir: string; tags: string[]; jsonLd: unknown[] };

async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const managed = 'title, meta[name], meta[property], link[rel="canonical"], link[rel="alternate"]';
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      tags: [...document.head.querySelectorAll(managed)].map((el) => el.outerHTML),
      jsonLd: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((el) =>
        JSON.parse(el.textContent ?? 'null'),
      ),
    };
  });
}

/** Navigates inside the app, as a click on a link does (no document load). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

const kinds = [
  '',
  'home/',
  'about/',
  'services/',
  'services/company-formation/',
  'pricing/',
  'faq/',
  'blog/',
  'blog/golden-visa-guide/',
  'contact/',
  'privacy/',
  'terms/',
  'assistant-chat/',
];

const journeys: [string, string][] = [];
for (const lang of ['ar', 'en']) {
  for (const kind of kinds) journeys.push([kind === 'about/' ? `/${lang}/faq/` : `/${lang}/about/`, `/${lang}/${kind}`]);
}
// Across a language switch, both ways, and from a page with JSON-LD of its own.
journeys.push(['/ar/blog/golden-visa-guide/', '/en/blog/golden-visa-guide/']);
journeys.push(['/en/contact/', '/ar/']);
journeys.push(['/en/faq/', '/ar/services/company-formation/']);

for (const [from, to] of journeys) {
  test(`head after navigating ${from} → ${to} equals a direct load`, async ({ page }) => {
    await page.goto(to);
    const direct = await snapshot(page);
    const title = await page.title();

    await page.goto(from);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads.push(frame.url());
    });
    await navigateInApp(page, to);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
    await expect.poll(() => snapshot(page), { timeout: 5_000 }).toEqual(direct);
    expect(reloads.filter((u) => !u.endsWith(to)), 'navigation stayed in the app').toEqual([]);
  });
}
