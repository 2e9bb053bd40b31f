// The browser editor (`sahel edit`) tried as a new editor would, in both languages of the
// editor: a new bilingual post, a service's timeline at its fields, a stale translation, an error
// that blocks a save, a file changed on disk while open, commit and publish (and a refused push),
// the English interface; no CSP refusal and no serious axe finding on the editor's page.
//
// Each test has its own copy of tests/fixtures/basic made a git repository, and its own
// `sahel edit` server over it (SAHEL_BIN, else the newer of target/{release,debug}/sahel). No
// config is needed (no nginx, no dist/):
//
//   npx playwright test tests/e2e/editor.spec.ts --output /tmp/pw-editor
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium';
import { type Editor, git, gitCommit, makeSite, readSite, sahelBinary, startEditor, stopEditor, watchEditor, writeSite } from './editor-helpers';

// Wide enough for the two language columns side by side (the editor's tabs start below 1100px).
test.use({ launchOptions: CHROMIUM_LAUNCH_OPTIONS, viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'serial' });
// The first start may build the bundles with Vite; a busy machine types slowly.
test.setTimeout(180_000);

/** How long the server's answers (a check, a save, git) may take on a busy machine. */
const SLOW = { timeout: 20_000 };

let root: string;
let editor: Editor;
let problems: () => Promise<string[]>;

test.beforeEach(async ({ page }) => {
  root = makeSite();
  editor = await startEditor(root);
  problems = await watchEditor(page);
});

test.afterEach(async () => {
  const found = await problems();
  await stopEditor(editor, root);
  expect(found, 'CSP refusals or uncaught errors on the editor page').toEqual([]);
});

/** Opens the editor at `hash` and waits for the site's description to load. */
async function open(page: Page, hash = '#/'): Promise<void> {
  await page.goto(`${editor.url}${hash}`);
  await expect(page.locator('.app-header')).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, SLOW);
}

/** A language's pane of the entry view. */
const pane = (page: Page, name: 'العربية' | 'English'): Locator => page.getByRole('region', { name, exact: true });

/** The body's CodeMirror in a pane: its content element (a textbox named after the body). */
const body = (p: Locator): Locator => p.locator('.cm-content');

/** Replaces the text of the body's line holding `old` by typing `lines` (Enter between them). */
async function typeOverLine(page: Page, p: Locator, old: string, lines: string[]): Promise<void> {
  await p.locator('.cm-line', { hasText: old }).click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  for (const [i, line] of lines.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(line);
  }
}

/** The shown preview's document. */
const preview = (page: Page) => page.locator('iframe.preview-frame:not(.is-hidden)').contentFrame();

/** The status line's last word. */
const status = (page: Page): Locator => page.getByTestId('status');

const TODAY = () => [new Date().toISOString().slice(0, 10), new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10)];

test('a new bilingual post, written in the Arabic interface, is saved as exactly its two files', async ({ page }) => {
  await open(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'المحتوى' })).toBeVisible();

  await page.getByRole('link', { name: 'عنصر جديد في «المقالات»' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'عنصر جديد في «المقالات»' })).toBeVisible();
  await page.getByLabel('الاسم في العنوان (المعرّف)').fill('golden-visa-guide');
  await page.getByRole('button', { name: 'إنشاء' }).click();
  await expect(page).toHaveURL(/#\/entry\/posts\/golden-visa-guide$/);
  await expect(page.getByText('جديد، لم يُحفظ بعد').first()).toBeVisible();

  const ar = pane(page, 'العربية');
  const en = pane(page, 'English');
  await expect(ar).toHaveAttribute('dir', 'rtl');
  await expect(ar).toHaveAttribute('lang', 'ar');
  await expect(en).toHaveAttribute('dir', 'ltr');
  await expect(en).toHaveAttribute('lang', 'en');

  // English first: the preview follows the pane last typed in, Arabic.
  await en.getByLabel(/^العنوان/).fill('A guide to the golden visa');
  await en.getByLabel(/^الكاتب/).fill('Editorial team');
  await en.getByLabel(/^المقتطف/).fill('How to apply for a golden visa, step by step.');
  await typeOverLine(page, en, 'Write the post here', ['Apply on the ICP Smart Services platform or call +971 4 123 4567.']);

  await ar.getByLabel(/^العنوان/).fill('دليل الإقامة الذهبية');
  await ar.getByLabel(/^الكاتب/).fill('فريق التحرير');
  await ar.getByLabel(/^المقتطف/).fill('كيف تقدّم طلب الإقامة الذهبية خطوةً بخطوة.');
  const paragraph = 'قدّم طلبك عبر منصة ICP Smart Services أو اتصل على \u200e+971 4 123 4567، وفق المرسوم بقانون اتحادي رقم 29 لسنة 2021.';
  await typeOverLine(page, ar, 'اكتب المقال هنا', [paragraph, '', '## ICP Smart Services']);

  // The preview follows before anything is saved.
  await expect(preview(page).locator('body')).toContainText('وفق المرسوم بقانون اتحادي رقم 29 لسنة 2021', SLOW);
  await expect(preview(page).locator('body')).toContainText('ICP Smart Services');
  await expect(page.locator('iframe.preview-frame:not(.is-hidden)')).toHaveAttribute('title', 'معاينة الصفحة («العربية»)');

  // Each line of the body takes its own direction.
  const direction = (line: Locator) => line.evaluate((el) => getComputedStyle(el).direction);
  expect(await direction(ar.locator('.cm-line', { hasText: 'قدّم طلبك' }))).toBe('rtl');
  expect(await direction(ar.locator('.cm-line', { hasText: /^## ICP Smart Services$/ }))).toBe('ltr');
  expect(await direction(en.locator('.cm-line', { hasText: 'Apply on the' }))).toBe('ltr');
  await expect(body(ar)).toHaveAttribute('lang', 'ar');

  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(status(page)).toHaveText('تم الحفظ.', SLOW);
  await expect(page.getByText('حُفظت كل التغييرات')).toBeVisible();

  const arFile = readSite(root, 'content/ar/blog/golden-visa-guide.md');
  const enFile = readSite(root, 'content/en/blog/golden-visa-guide.md');
  const date = /^date: (\d{4}-\d{2}-\d{2})$/m.exec(arFile)?.[1] ?? '';
  expect(TODAY()).toContain(date);
  const head = (title: string, author: string, excerpt: string) =>
    `---\ntitle: "${title}"\nauthor: "${author}"\ndate: ${date}\nexcerpt: "${excerpt}"\n# Not published until this line is removed (\`sahel serve\` shows it).\ndraft: true\n---\n\n`;
  expect(arFile).toBe(`${head('دليل الإقامة الذهبية', 'فريق التحرير', 'كيف تقدّم طلب الإقامة الذهبية خطوةً بخطوة.')}${paragraph}\n\n## ICP Smart Services\n`);
  expect(enFile).toBe(`${head('A guide to the golden visa', 'Editorial team', 'How to apply for a golden visa, step by step.')}Apply on the ICP Smart Services platform or call +971 4 123 4567.\n`);
  expect(arFile.split(paragraph)).toHaveLength(2);
  expect(git(root, 'status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual(['?? content/ar/blog/golden-visa-guide.md', '?? content/en/blog/golden-visa-guide.md']);
});

test('a service’s timeline in both languages: sahel’s rules show at the field, and clear when fixed', async ({ page }) => {
  await open(page);
  await page.getByRole('link', { name: 'تأسيس الشركات' }).click();
  const ar = pane(page, 'العربية');
  const en = pane(page, 'English');
  const days = (p: Locator) => p.getByRole('group', { name: 'المدة بالأيام' });
  const checked = page.locator('.check-state');

  await days(ar).getByLabel(/^الحد الأدنى/).fill('2');
  await days(ar).getByLabel(/^الحد الأقصى/).fill('10');
  await page.waitForTimeout(3000);
  console.log(await ar.innerHTML());
});
