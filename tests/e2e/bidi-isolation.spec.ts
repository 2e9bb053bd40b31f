// A value put into an interface string keeps its own order, as Chromium draws it: every string
// value is interpolated in a first-strong isolate (FSI … PDI, site/src/i18n/isolate.ts). The
// search's "nothing found" message quotes the query: a phone number or a Latin word on an Arabic
// page, an Arabic phrase on an English page, a Latin word on the Farsi page of the three-language
// fixture (strings a site adds for a language of its own). Each is checked by where the query's
// first and last parts are drawn (Range.getBoundingClientRect), and by the isolate around it.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { consoleProblems, gotoHydrated } from './helpers';

const FSI = '\u2068';
const PDI = '\u2069';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const LANGUAGES_PORT = Number(process.env.E2E_LANGUAGES_PORT ?? PORT + 2);

interface Drawn {
  /** The characters just before and after the query in its text node. */
  before: string;
  after: string;
  /** Where the query's first and last parts are drawn. */
  first: { left: number; right: number };
  last: { left: number; right: number };
}

/** Where `first` and `last` of `query` are drawn in `status` (the paragraph that quotes it). */
async function drawn(status: Locator, query: string, first: string, last: string): Promise<Drawn> {
  return status.evaluate(
    (el, [query, first, last]) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let node: Text | null = null;
      while ((node = walker.nextNode() as Text | null) && !node.data.includes(query));
      if (!node) throw new Error(`"${query}" is not in ${JSON.stringify(el.textContent)}`);
      const at = node.data.indexOf(query);
      const box = (part: string, from: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, from + part.length);
        const { left, right } = range.getBoundingClientRect();
        return { left, right };
      };
      return {
        before: node.data.slice(at - 1, at),
        after: node.data.slice(at + query.length, at + query.length + 1),
        first: box(first, at + query.indexOf(first)),
        last: box(last, at + query.lastIndexOf(last)),
      };
    },
    [query, first, last] as const,
  );
}

/** The visible status line quoting `query` (not the live region, which repeats it later). */
const statusLine = (scope: Page | Locator, query: string) => scope.locator('p:not([role="status"])').filter({ hasText: query });

/** Searches in the dialog (Ctrl+K) for `query` and gives its status line once it quotes the query. */
async function searchInDialog(page: Page, query: string): Promise<Locator> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill(query);
  await expect(dialog.locator('[data-search-results]')).toHaveAttribute('data-query', query);
  const status = statusLine(dialog, query);
  await expect(status).toBeVisible();
  return status;
}

/** The query is isolated, and drawn left to right: its first part left of its last. */
function expectLeftToRight(d: Drawn): void {
  expect(d.first.right, 'the first part is drawn left of the last').toBeLessThanOrEqual(d.last.left + 0.5);
  expect([d.before, d.after]).toEqual([FSI, PDI]);
}

/** The query is isolated, and drawn right to left: its first part right of its last. */
function expectRightToLeft(d: Drawn): void {
  expect(d.last.right, 'the first part is drawn right of the last').toBeLessThanOrEqual(d.first.left + 0.5);
  expect([d.before, d.after]).toEqual([FSI, PDI]);
}

test.describe('interpolated values keep their own order', () => {
  test('Arabic page: the company\'s phone number, in the dialog (with an index that finds nothing)', async ({ page }) => {
    const problems = consoleProblems(page);
    // The real index finds the contact page and others for the company's number: this one, with
    // its passages left out, finds nothing, and the message quotes the query.
    await page.route(/\/ar\/assistant-index\.json$/, async (route) => {
      const index = (await (await route.fetch()).json()) as { passages: unknown[] };
      await route.fulfill({ json: { ...index, passages: [] } });
    });
    await gotoHydrated(page, '/ar/');
    const query = '+971 4 555 0100';
    const status = await searchInDialog(page, query);
    expectLeftToRight(await drawn(status, query, '+971', '0100'));
    await expect(status).toContainText(`«${FSI}${query}${PDI}»`);
    expect(problems).toEqual([]);
  });

  test('Arabic page: another phone number, on the search page, with the real index', async ({ page }) => {
    const problems = consoleProblems(page);
    const query = '+44 20 7946 0958';
    await gotoHydrated(page, `/ar/search/?q=${encodeURIComponent(query)}`);
    const status = statusLine(page.locator('main'), query);
    await expect(status).toBeVisible();
    expectLeftToRight(await drawn(status, query, '+44', '0958'));
    expect(problems).toEqual([]);
  });

  test('Arabic page: an English word ending in punctuation (unisolated, the "!" went before it)', async ({ page }) => {
    const problems = consoleProblems(page);
    const query = 'Xylophone!';
    await gotoHydrated(page, `/ar/search/?q=${encodeURIComponent(query)}`);
    const status = statusLine(page.locator('main'), query);
    await expect(status).toBeVisible();
    expectLeftToRight(await drawn(status, query, 'Xylophone', '!'));
    expect(problems).toEqual([]);
  });

  test('English page: an Arabic phrase, in the dialog (unisolated, the "!" went after it)', async ({ page }) => {
    const problems = consoleProblems(page);
    await gotoHydrated(page, '/en/');
    const query = 'قطط صغيرة!';
    const status = await searchInDialog(page, query);
    expectRightToLeft(await drawn(status, query, 'قطط', '!'));
    await expect(status).toContainText(`“${FSI}${query}${PDI}”`);
    // And the two words right to left.
    const words = await drawn(status, query, 'قطط', 'صغيرة');
    expect(words.last.right).toBeLessThanOrEqual(words.first.left + 0.5);
    expect(problems).toEqual([]);
  });

  test('Farsi page of the three-language fixture: a Latin word in the site\'s own strings', async ({ page }) => {
    const problems = consoleProblems(page);
    const query = 'Xylophone!';
    await gotoHydrated(page, `http://127.0.0.1:${LANGUAGES_PORT}/fa/search/?q=${encodeURIComponent(query)}`);
    const status = statusLine(page.locator('main'), query);
    await expect(status).toBeVisible();
    expectLeftToRight(await drawn(status, query, 'Xylophone', '!'));
    expect(problems).toEqual([]);
  });

  test('numbers are not isolated, and labels read out are not: the count, the call button\'s name', async ({ page }) => {
    await gotoHydrated(page, '/ar/search/?q=' + encodeURIComponent('تجديد الإقامة'));
    const status = page.locator('main p:not([role="status"])').filter({ hasText: /\d/ }).first();
    await expect(status).toBeVisible();
    expect(await status.textContent()).not.toMatch(/[\u2066-\u2069]/);
    const call = await page.locator('[data-floating="phone"]').getAttribute('aria-label');
    expect(call).toContain('+971');
    expect(call).not.toMatch(/[\u2066-\u2069]/);
  });
});
