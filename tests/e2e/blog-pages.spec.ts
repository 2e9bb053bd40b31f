// The paginated blog list, in Chromium, on the site built with two posts per page
// (tests/e2e/backend-site.toml): 5 posts make 3 pages per language. Pages load directly and
// hydrate cleanly, move between each other on the client (no document load), say where they
// are, and point their arrows the reading direction's way.
import { expect, test, type Page } from '@playwright/test';
import { backendSite } from './backend';
import { appStrings, gotoHydrated as openHydrated } from './helpers';

// The pager's words from the app's strings files; its "Page 2 of 3" from the content's
// screens.yaml (blogPage).
type Common = typeof import('../../site/src/i18n/en/common.json');
function labels(lang: 'ar' | 'en', page: (n: number) => string) {
  const { common } = appStrings<Common>(lang, 'common');
  return { older: common.olderPosts, newer: common.newerPosts, nav: common.blogPages, page };
}
const T = {
  en: labels('en', (n: number) => `Page ${n} of 3`),
  ar: labels('ar', (n: number) => `الصفحة ${n} من 3`),
};

function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** A page of the site built with the backend configured, hydrated. */
const gotoHydrated = (page: Page, url: string) => openHydrated(page, backendSite(url));

const postTitles = (page: Page) => page.locator('main ul h2').allTextContents();

for (const lang of ['en', 'ar'] as const) {
  const t = T[lang];

  test(`${lang}: the blog list is split into pages that link to each other on the client`, async ({ page }) => {
    const problems = watchErrors(page);
    await gotoHydrated(page, `/${lang}/blog/`);
    const pager = page.getByRole('navigation', { name: t.nav });
    await expect(pager).toContainText(t.page(1));
    await expect(pager.getByRole('link', { name: t.newer })).toHaveCount(0);
    const first = await postTitles(page);
    expect(first).toHaveLength(2);

    // A marker on window survives client navigation only.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await pager.getByRole('link', { name: t.older }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/blog/page/2/$`));
    await expect(pager).toContainText(t.page(2));
    const second = await postTitles(page);
    expect(second).toHaveLength(2);
    expect(second.some((title) => first.includes(title))).toBe(false);
    await expect(page).toHaveTitle(new RegExp(t.page(2)));

    await pager.getByRole('link', { name: t.older }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/blog/page/3/$`));
    await expect(pager).toContainText(t.page(3));
    expect(await postTitles(page)).toHaveLength(1);
    await expect(pager.getByRole('link', { name: t.older })).toHaveCount(0);

    await pager.getByRole('link', { name: t.newer }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/blog/page/2/$`));
    await expect(pager).toContainText(t.page(2));
    expect(await postTitles(page)).toEqual(second);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(problems).toEqual([]);
  });

  test(`${lang}: a later page loads directly, pre-rendered, with its own head`, async ({ page }) => {
    const problems = watchErrors(page);
    const response = await page.request.get(backendSite(`/${lang}/blog/page/3/`));
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(t.page(3));
    expect(html).toContain(`<link rel="canonical" href="https://www.nahj-services.ae/${lang}/blog/page/3/"`);
    await gotoHydrated(page, `/${lang}/blog/page/3/`);
    await expect(page.getByRole('navigation', { name: t.nav })).toContainText(t.page(3));
    // Newer is back the way one came: left in English, right in Arabic.
    const newer = page.getByRole('link', { name: t.newer });
    const arrow = await newer.locator('svg').boundingBox();
    const text = await newer.boundingBox();
    expect(arrow && text).toBeTruthy();
    const arrowFirst = arrow!.x < text!.x + text!.width / 2;
    expect(arrowFirst).toBe(lang === 'en');
    expect(problems).toEqual([]);
  });
}

test('a page past the last one is not found', async ({ page }) => {
  const response = await page.request.get(backendSite('/en/blog/page/9/'));
  expect(response.status()).toBe(404);
});
