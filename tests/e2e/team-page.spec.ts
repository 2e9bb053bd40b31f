// A page kind of the site's own: the shipped site with a team page added as README's "Adding a
// page" says (the page table's entry and collection, content/<lang>/team.yaml, one screen, the
// strings: tests/fixtures/team-page), built into dist-team/ by scripts/build-team-fixture.sh and
// served by nginx. Client navigation reaches it from a link in the about page and leaves it by
// its breadcrumb and the browser's back button, without a page load; a direct visit hydrates.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { consoleProblems, gotoHydrated } from './helpers';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const TEAM_PORT = Number(process.env.E2E_TEAM_PORT ?? PORT + 3);
const site = (path: string) => `http://127.0.0.1:${TEAM_PORT}${path}`;

const LANGS = [
  { code: 'ar', dir: 'rtl', link: 'فريقنا', title: 'فريقنا', member: 'مريم الكعبي', home: 'الرئيسية' },
  { code: 'en', dir: 'ltr', link: 'our team', title: 'Our team', member: 'Mariam Al Kaabi', home: 'Home' },
] as const;

/** Marks the document, so a full page load (which loses the mark) is told from client navigation. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { teamMark: string }).teamMark = 'still here';
  });
}

async function marked(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { teamMark?: string }).teamMark);
}

for (const lang of LANGS) {
  test(`team page (${lang.code}): reached from the about page and left again by client navigation`, async ({ page }) => {
    const problems = consoleProblems(page);
    await gotoHydrated(page, site(`/${lang.code}/about/`));
    await mark(page);
    await page.getByRole('link', { name: lang.link, exact: true }).click();
    await expect(page).toHaveURL(site(`/${lang.code}/team/`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.title);
    await expect(page.getByRole('heading', { level: 2, name: lang.member })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${lang.title}`));
    expect(await marked(page)).toBe('still here');

    // Back by the browser, forward again, then home by the breadcrumb: no page load either way.
    await page.goBack();
    await expect(page).toHaveURL(site(`/${lang.code}/about/`));
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.title);
    await page.getByRole('navigation', { name: /breadcrumb|مسار/i }).getByRole('link', { name: lang.home }).click();
    await expect(page).toHaveURL(site(`/${lang.code}/`));
    expect(await marked(page)).toBe('still here');
    expect(problems).toEqual([]);
  });

  test(`team page (${lang.code}): a direct visit is the server's page, hydrated, in its direction, and passes axe`, async ({ page }) => {
    const problems = consoleProblems(page);
    const response = await gotoHydrated(page, site(`/${lang.code}/team/`));
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('dir', lang.dir);
    await expect(page.getByRole('heading', { level: 2, name: lang.member })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test('team page: the sitemap lists it in both languages', async ({ request }) => {
  const sitemap = await (await request.get(site('/sitemap.xml'))).text();
  expect(sitemap).toContain('/ar/team/</loc>');
  expect(sitemap).toContain('/en/team/</loc>');
});
