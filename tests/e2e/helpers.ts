// Shared by the browser tests: opening a page and waiting for the app to take it over,
// collecting what the console says meanwhile, and the app's own interface strings (so a test
// looks for what the app says, not a copy of it).
import { readFileSync } from 'node:fs';
import { expect, type ConsoleMessage, type Locator, type Page, type Response } from '@playwright/test';

/** Opens `url` and waits until the app has hydrated the page (`<html data-hydrated="true">`). */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return response;
}

/**
 * The console errors, hydration warnings and uncaught exceptions of `page` from now on (the
 * array fills as they come): a test expects it empty at its end.
 */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || (msg.type() === 'warning' && /hydrat|did not match|mismatch/i.test(msg.text()))) {
      problems.push(`${msg.type()}: ${msg.text()}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** The app's interface strings file `name` of `lang` (`site/src/i18n/<lang>/<name>.json`), typed as `T`. */
export function appStrings<T>(lang: string, name: string): T {
  return JSON.parse(readFileSync(new URL(`../../site/src/i18n/${lang}/${name}.json`, import.meta.url), 'utf8')) as T;
}

/** `text` matched literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type CommonStrings = typeof import('../../site/src/i18n/en/common.json');

/**
 * The toasts' region, by the name the app gives it in Arabic or English ("Notifications
 * ({hotkey})": the words before the hotkey).
 */
export function toastRegion(page: Page): Locator {
  const names = ['ar', 'en'].map((lang) => escapeRegExp(appStrings<CommonStrings>(lang, 'common').toast.viewport.split('(')[0]!.trim()));
  return page.getByRole('region', { name: new RegExp(names.join('|')) });
}
