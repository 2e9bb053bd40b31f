// Photos on a phone: the team-page fixture (scripts/build-team-fixture.sh) has a generated
// 12-megapixel phone photo on the golden visa post and the company formation service, in both
// languages, served by nginx with the emitted nginx.conf (its Content Security Policy, which
// allows no inline style). On a 375 px phone at 2 device pixels per CSS pixel, Chromium fetches
// the AVIF copy that fills the column (the one scripts/check-budgets.mjs counts), never the
// photo itself; nothing moves when it arrives (no layout shift); until then its box shows the
// photo's colour; and the server's markup hydrates without a warning.
import { expect, test, type Page } from '@playwright/test';
import { consoleProblems, gotoHydrated } from './helpers';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const TEAM_PORT = Number(process.env.E2E_TEAM_PORT ?? PORT + 3);
const site = (path: string) => `http://127.0.0.1:${TEAM_PORT}${path}`;
const LANGS = ['ar', 'en'] as const;

test.use({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

/** The colour the placeholder classes of `img` stand for (`ph phr-7 phg-6 phb-6`: 16 levels each). */
async function placeholderColour(page: Page, selector: string): Promise<string> {
  const classes = (await page.locator(selector).first().getAttribute('class')) ?? '';
  const level = (channel: string) => Number.parseInt(classes.match(new RegExp(`\\bph${channel}-([0-9a-f])\\b`))?.[1] ?? 'x', 16) * 17;
  expect(classes).toMatch(/^ph phr-[0-9a-f] phg-[0-9a-f] phb-[0-9a-f]( |$)/);
  return `rgb(${level('r')}, ${level('g')}, ${level('b')})`;
}

/** The layout shifts of the page so far (PerformanceObserver, buffered), summed. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );
}

for (const lang of LANGS) {
  test(`photos (${lang}): a post's photo is the AVIF copy for the phone, under 60 KB, with no layout shift`, async ({ page }) => {
    const problems = consoleProblems(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/')) fetched.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, site(`/${lang}/blog/golden-visa-guide/`));
    const hero = page.locator('main picture img').first();
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const chosen = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\/media\/_v\/[0-9a-f]+-960\.avif$/);
    const bytes = await page.evaluate(
      (url) => (performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined)?.encodedBodySize ?? -1,
      chosen,
    );
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(60 * 1024);
    // Only that copy: not the 5 MB photo, nor a WebP or a wider copy.
    expect(fetched).toEqual([new URL(chosen).pathname]);
    // The box had the photo's proportions from the start: nothing moved.
    const box = await hero.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs((box?.height ?? 0) - ((box?.width ?? 0) * 3024) / 4032)).toBeLessThan(1.5);
    expect(await layoutShift(page)).toBe(0);
    // The photo is loaded eagerly, and its placeholder (a colour, a low-entropy background) is no
    // largest-paint candidate of its own: the only image entry, if any, is the photo's. (On a
    // 375 px phone the post's three-line heading is the larger paint, so it is the page's LCP.)
    expect(await hero.getAttribute('loading')).not.toBe('lazy');
    const lcp = await page.evaluate(() => new Promise<{ url: string; tag: string }[]>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().map((e) => {
        const entry = e as PerformanceEntry & { url: string; element: Element | null };
        return { url: entry.url, tag: entry.element?.localName ?? '' };
      }))).observe({ type: 'largest-contentful-paint', buffered: true });
    }));
    expect(lcp.length).toBeGreaterThan(0);
    expect(lcp.filter((e) => e.url !== '').every((e) => e.url === chosen && e.tag === 'img')).toBe(true);
    expect(lcp.filter((e) => e.url !== '').length).toBeLessThanOrEqual(1);
    expect(problems).toEqual([]);
  });

  test(`photos (${lang}): until a photo arrives its box keeps its place in the photo's colour, under the CSP`, async ({ page }) => {
    const problems = consoleProblems(page);
    // The copies never arrive while the test looks.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/media/_v/**', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto(site(`/${lang}/services/company-formation/`), { waitUntil: 'domcontentloaded' });
    const photo = page.locator('main picture img').first();
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
    const colour = await placeholderColour(page, 'main picture img');
    expect(await photo.evaluate((img) => getComputedStyle(img).backgroundColor)).toBe(colour);
    const box = await photo.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(100);
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(problems).toEqual([]);
  });

  test(`photos (${lang}): the blog list's card shows the photo lazily, and client navigation renders the same markup`, async ({ page }) => {
    const problems = consoleProblems(page);
    await gotoHydrated(page, site(`/${lang}/blog/`));
    const card = page.locator('main li', { has: page.locator('picture') }).first();
    const img = card.locator('img');
    await expect(img).toHaveAttribute('loading', 'lazy');
    expect(await img.evaluate((i) => getComputedStyle(i).backgroundColor)).toBe(await placeholderColour(page, 'main li picture img'));
    // Each element of the picture with its attributes in order of name (React's client sets an
    // image's `src` last, so that the browser fetches once). Written out in each page.evaluate:
    // the site's CSP allows no eval.
    const server = await page.evaluate(async (path) => {
      const html = await (await fetch(path)).text();
      const picture = new DOMParser().parseFromString(html, 'text/html').querySelector('main picture');
      return picture
        ? [picture, ...picture.querySelectorAll('*')].map((el) => [el.tagName.toLowerCase(), ...[...el.attributes].map((a) => `${a.name}=${a.value}`).sort()].join(' '))
        : [];
    }, `/${lang}/blog/golden-visa-guide/`);
    expect(server.join('\n')).toContain('source sizes=(min-width: 48rem) 46rem, calc(100vw - 2rem) srcset=');
    // Reaching the post by the card's link, React draws the hero itself: the same picture.
    await card.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(site(`/${lang}/blog/golden-visa-guide/`));
    // The post's screen, not the list's card still on its way out.
    const client = await page
      .locator('main picture:has(img[fetchpriority="high"])')
      .evaluate((picture) => [picture, ...picture.querySelectorAll('*')].map((el) => [el.tagName.toLowerCase(), ...[...el.attributes].map((a) => `${a.name}=${a.value}`).sort()].join(' ')));
    expect(client).toEqual(server);
    expect(problems).toEqual([]);
  });
}
