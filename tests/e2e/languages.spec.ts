// The three-language fixture site (Arabic, English and Farsi: tests/fixtures/basic with
// tests/fixtures/third-language laid over it), built into dist-languages/ by
// scripts/build-languages-fixture.sh and served by nginx with the nginx.conf it emitted. Every
// page kind in every language: its direction, language and font, hydration, and axe (on the
// Farsi pages and the other languages' homes); the language
// menu keeps the path; nginx's redirects and 404 pages follow the language table.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { consoleProblems, gotoHydrated } from './helpers';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const LANGUAGES_PORT = Number(process.env.E2E_LANGUAGES_PORT ?? PORT + 2);
const site = (path: string) => `http://127.0.0.1:${LANGUAGES_PORT}${path}`;

const LANGS = [
  { code: 'ar', dir: 'rtl', font: 'Cairo', name: 'العربية' },
  { code: 'en', dir: 'ltr', font: 'Poppins', name: 'English' },
  { code: 'fa', dir: 'rtl', font: 'Vazirmatn', name: 'فارسی' },
] as const;

const PAGES = ['', 'about/', 'services/', 'services/company-formation/', 'pricing/', 'faq/', 'blog/', 'blog/first-post/', 'contact/', 'privacy/', 'terms/', 'assistant-chat/'];

async function hydrated(page: Page, path: string): Promise<string[]> {
  const problems = consoleProblems(page);
  await gotoHydrated(page, site(path));
  return problems;
}

for (const lang of LANGS) {
  for (const path of PAGES) {
    const route = `/${lang.code}/${path}`;
    test(`three languages: ${route} has its language, direction and font, hydrates cleanly${lang.code === 'fa' || path === '' ? ' and passes axe' : ''}`, async ({ page }) => {
      const problems = await hydrated(page, route);
      await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
      await expect(page.locator('html')).toHaveAttribute('dir', lang.dir);
      const family = await page.locator('main').evaluate((el) => getComputedStyle(el).fontFamily);
      expect(family.split(',')[0]).toContain(lang.font);
      expect(problems).toEqual([]);
      // axe on every Farsi page, and on the Arabic and English homes (their language menu of
      // three): the Arabic and English pages' content is axe-checked on the shipped site
      // (every-route.spec.ts), with the same components.
      if (lang.code !== 'fa' && path !== '') return;
      const results = await new AxeBuilder({ page }).analyze();
      const violations = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      expect(violations).toEqual([]);
    });
  }
}

test('three languages: the Farsi font covers Farsi letters and is the one loaded', async ({ page }) => {
  await hydrated(page, '/fa/');
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px Vazirmatn', 'گچپژکی');
  });
  expect(loaded).toBe(true);
});

test('three languages: the language menu lists each language in its own name and direction, keeping the path', async ({ page }) => {
  await hydrated(page, '/en/services/company-formation/');
  const menu = page.locator('footer details');
  await expect(menu).toHaveCount(1);
  await menu.locator('summary').click();
  const links = menu.getByRole('link');
  await expect(links).toHaveCount(3);
  for (const [i, lang] of LANGS.entries()) {
    const link = links.nth(i);
    await expect(link).toHaveText(lang.name);
    await expect(link).toHaveAttribute('lang', lang.code);
    await expect(link).toHaveAttribute('dir', lang.dir);
    await expect(link).toHaveAttribute('href', `/${lang.code}/services/company-formation/`);
    if (lang.code === 'en') await expect(link).toHaveAttribute('aria-current', 'page');
    else await expect(link).not.toHaveAttribute('aria-current', 'page');
  }
  await links.nth(2).click();
  await expect(page).toHaveURL(site('/fa/services/company-formation/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('main h1').first()).toHaveText(/ثبت شرکت/);
});

test('three languages: the language menu opens and closes from the keyboard', async ({ page }) => {
  await hydrated(page, '/fa/about/');
  const summary = page.locator('footer details summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('footer details')).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  await expect(page.locator('footer details a').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('footer details')).not.toHaveAttribute('open', '');
  await expect(summary).toBeFocused();
});

test('three languages: dates and numbers in each language', async ({ page }) => {
  await hydrated(page, '/fa/blog/');
  await expect(page.locator('main time').first()).toHaveText('۱ آوریل ۲۰۲۵');
  await hydrated(page, '/en/blog/');
  await expect(page.locator('main time').first()).toHaveText('April 1, 2025');
});

test('three languages: plural forms by each language\'s own rules (one service)', async ({ page }) => {
  for (const [code, text] of [['ar', 'خدمة واحدة'], ['en', '1 service'], ['fa', '۱ خدمت']] as const) {
    await hydrated(page, `/${code}/`);
    await expect(page.locator('main').getByText(text, { exact: true })).toBeVisible();
  }
});

test('three languages: nginx redirects and 404 pages follow the language table', async ({ request }) => {
  const root = await request.get(site('/'), { maxRedirects: 0 });
  expect(root.status()).toBe(301);
  expect(root.headers()['location']).toBe('/ar/');
  const alias = await request.get(site('/fa/home/'), { maxRedirects: 0 });
  expect(alias.status()).toBe(301);
  expect(alias.headers()['location']).toBe('/fa/');
  const missing = await request.get(site('/fa/no-such-page/'));
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<html lang="fa" dir="rtl">');
});
