import { expect, test } from '@playwright/test';
import { appStrings } from './helpers';
import { builtRoutes } from './routes';

type CommonStrings = typeof import('../../site/src/i18n/en/common.json');
const common = appStrings<CommonStrings>('en', 'common').common;

const routes = builtRoutes();

test('the build wrote every route of both languages', () => {
  for (const lang of ['ar', 'en']) {
    for (const suffix of ['', 'home/', 'about/', 'services/', 'pricing/', 'faq/', 'blog/', 'contact/', 'privacy/', 'terms/', 'assistant-chat/']) {
      expect(routes).toContain(`/${lang}/${suffix}`);
    }
    expect(routes.filter((r) => r.startsWith(`/${lang}/blog/`)).length).toBeGreaterThan(1);
    expect(routes.filter((r) => r.startsWith(`/${lang}/services/`)).length).toBeGreaterThan(1);
  }
});

for (const route of routes) {
  test.describe(route, () => {
    test('reads fully without JavaScript', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      const lang = route.split('/')[1];
      await expect(page.locator('html')).toHaveAttribute('lang', lang!);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const h1 = (await page.locator('main h1').first().textContent())?.trim() ?? '';
      expect(h1.length).toBeGreaterThan(2);
      const mainText = (await page.locator('main').textContent()) ?? '';
      expect(mainText.length).toBeGreaterThan(h1.length + 20);
      await context.close();
    });
  });
}

for (const lang of ['ar', 'en'] as const) {
  test(`${lang}: header links navigate without a full reload`, async ({ page }) => {
    await page.goto(`/${lang}/`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const nav = page.getByRole('navigation', { name: lang === 'ar' ? 'القائمة الرئيسية' : 'Main navigation' }).first();
    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.getByRole('link', { name: lang === 'ar' ? 'الأسئلة الشائعة' : 'FAQ' }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/faq/$`));
    await expect(page.locator('main h1')).toHaveText(lang === 'ar' ? 'الأسئلة الشائعة' : 'Frequently asked questions');
    await expect(page).toHaveTitle(lang === 'ar' ? /الأسئلة الشائعة/ : /Frequently asked questions/);
    await nav.getByRole('link', { name: lang === 'ar' ? 'المدونة' : 'Blog' }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/blog/$`));
    await expect(page.locator('main h1')).toHaveText(lang === 'ar' ? 'المدونة' : 'Blog');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
}

test('an unknown blog post shows "Article Not Found" with a way back', async ({ page }) => {
  const response = await page.goto('/en/blog/no-such-post/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('main h1')).toHaveText(common.articleNotFound);
  await page.getByRole('link', { name: common.backToBlog }).click();
  await expect(page).toHaveURL(/\/en\/blog\/$/);
});

test('an unknown path goes to the language root', async ({ page }) => {
  const response = await page.goto('/en/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the root sends visitors to Arabic', async ({ page }) => {
  await page.goto('/index.html');
  await expect(page).toHaveURL(/\/ar\/$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
