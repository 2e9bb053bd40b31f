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
import { existsSync } from 'node:fs';
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
let editor: Editor | null;
let problems: () => Promise<string[]>;

test.beforeEach(async ({ page }) => {
  root = makeSite();
  editor = null;
  problems = await watchEditor(page);
});

test.afterEach(async () => {
  const found = await problems();
  if (editor) await stopEditor(editor, root);
  expect(found, 'CSP refusals or uncaught errors on the editor page').toEqual([]);
});

/** Starts `sahel edit` over the test's site (if not yet) and opens the editor at `hash`. */
async function open(page: Page, hash = '#/'): Promise<void> {
  editor ??= await startEditor(root);
  await page.goto(`${editor.url}${hash}`);
  await expect(page.locator('.app-header')).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, SLOW);
}

/** A language's pane of the entry view. */
const pane = (page: Page, name: 'العربية' | 'English'): Locator => page.getByRole('region', { name, exact: true });

/** The body's CodeMirror in a pane: a textbox named after the body and the pane's language. */
const body = (p: Locator, language: string): Locator => p.getByRole('textbox', { name: `النص (${language})` });

/** Replaces the text of the body's line holding `old` by typing `lines` (Enter between them). */
async function typeOverLine(page: Page, p: Locator, old: string, lines: string[]): Promise<void> {
  await p.locator('.cm-content .cm-line', { hasText: old }).click();
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

/** Clicks Save and waits for the status line to say `said` (by default, that it saved). */
async function save(page: Page, said = 'تم الحفظ.'): Promise<void> {
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(status(page)).toHaveText(said, SLOW);
}

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
  await expect(preview(page).locator('h1')).toHaveText('دليل الإقامة الذهبية');
  await expect(preview(page).locator('body')).toContainText('ICP Smart Services');
  expect(existsSync(join(root, 'content/ar/blog/golden-visa-guide.md'))).toBe(false);
  await expect(page.locator('iframe.preview-frame:not(.is-hidden)')).toHaveAttribute('title', 'معاينة الصفحة («العربية»)');

  // Each line of the body takes its own direction.
  const direction = (p: Locator, language: string, text: string | RegExp) => () =>
    body(p, language).locator('.cm-line', { hasText: text }).evaluate((el) => getComputedStyle(el).direction);
  await expect.poll(direction(ar, 'العربية', 'قدّم طلبك')).toBe('rtl');
  await expect.poll(direction(ar, 'العربية', /^## ICP Smart Services$/)).toBe('ltr');
  await expect.poll(direction(en, 'English', 'Apply on the')).toBe('ltr');
  await expect(body(ar, 'العربية')).toHaveAttribute('lang', 'ar');

  await save(page);
  await expect(page.getByText('حُفظت كل التغييرات')).toBeVisible();
  await page.getByRole('link', { name: 'كل المحتوى' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'دليل الإقامة الذهبية' })).toContainText('غير منشور (مسودة)', SLOW);

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
  const min = (p: Locator) => days(p).getByLabel(/^الحد الأدنى/);
  const max = (p: Locator) => days(p).getByLabel(/^الحد الأقصى/);
  const timeline = (p: Locator) => p.getByLabel('المدة (مطلوب)', { exact: true });
  const noErrors = async () => {
    await expect(page.locator('.check-state')).toHaveText('نتيجة التحقق: لا أخطاء، لا تنبيهات.', SLOW);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  };
  await noErrors();

  // The days in Arabic only: the English file has none, which sahel refuses, at the field.
  await min(ar).fill('2');
  await max(ar).fill('10');
  await expect(days(ar)).toContainText('وفي النسخة الإنجليزية لا يوجد `timelineDays:`', SLOW);
  await expect(min(ar)).toHaveAttribute('aria-invalid', 'true');
  await expect(days(ar).locator('.msg-help')).toContainText('مدة الخدمة واحدة في اللغتين');
  await expect(page.locator('.check-state')).toHaveText('نتيجة التحقق: خطأ واحد، لا تنبيهات.');

  // English days that its own timeline text does not say: its message (in Arabic, the editor's
  // language) at the English field.
  await min(en).fill('2');
  await max(en).fill('7');
  await expect(days(en)).toContainText('لكن نص `timeline` («2-10 working days») لا يذكر 7', SLOW);
  await expect(min(en)).toHaveAttribute('aria-invalid', 'true');
  await expect(days(ar)).not.toContainText('وفي النسخة الإنجليزية');
  await max(en).fill('10');
  await noErrors();

  // The Arabic timeline changes: its days must follow, and then the English ones.
  await timeline(ar).fill('من 3 إلى 10 أيام عمل');
  await expect(days(ar)).toContainText('لا يذكر 2', SLOW);
  await expect(min(ar)).toHaveAttribute('aria-invalid', 'true');
  await min(ar).fill('3');
  // Now the two languages disagree: said at the other's field.
  await expect(days(en)).toContainText('وفي النسخة العربية `timelineDays: { min: 3, max: 10 }`', SLOW);
  await expect(min(en)).toHaveAttribute('aria-invalid', 'true');
  await expect(min(ar)).not.toHaveAttribute('aria-invalid', 'true');
  await timeline(en).fill('3-10 working days');
  await min(en).fill('3');
  await noErrors();

  await save(page);
  const was = (lang: string) => git(root, 'show', `HEAD:content/${lang}/services/company-formation.yaml`);
  expect(readSite(root, 'content/ar/services/company-formation.yaml')).toBe(
    `${was('ar').replace('timeline: "من 2 إلى 10 أيام عمل"', 'timeline: "من 3 إلى 10 أيام عمل"')}  timelineDays:\n    min: 3\n    max: 10\n`,
  );
  expect(readSite(root, 'content/en/services/company-formation.yaml')).toBe(
    `${was('en').replace('timeline: "2-10 working days"', 'timeline: "3-10 working days"')}  timelineDays:\n    min: 3\n    max: 10\n`,
  );
});

test('a stale translation: the source’s change is shown, the English updated and marked as translated', async ({ page }) => {
  execFileSync(sahelBinary(), ['translations', 'mark', '--all', '--root', root], { stdio: 'ignore' });
  git(root, 'add', '-A');
  gitCommit(root, 'Translations recorded');
  await open(page);
  await page.getByRole('link', { name: 'المقال الأول' }).click();
  const ar = pane(page, 'العربية');
  const en = pane(page, 'English');
  const translation = en.getByRole('region', { name: 'الترجمة' });
  await expect(translation).toContainText('الترجمة محدَّثة.');
  await expect(ar.getByRole('region', { name: 'الترجمة' })).toHaveCount(0);

  const before = 'مرحباً **بالعالم**. راجع [الباقات](/ar/pricing).';
  const after = 'مرحباً **بالعالم**. راجع [الباقات](/ar/pricing) قبل أن تقدّم طلبك.';
  await typeOverLine(page, ar, 'مرحباً', [after]);
  await save(page);

  await page.reload();
  await expect(translation).toContainText('متأخرة عن المصدر', SLOW);
  await expect(translation).toContainText('تغيّر المصدر بعد ترجمة هذا الجزء.');
  const diff = translation.getByRole('group', { name: 'ما تغيّر في المصدر:' });
  await expect(diff.locator('.diff-del')).toContainText([before]);
  await expect(diff.locator('.diff-add')).toContainText([after]);

  await typeOverLine(page, en, 'Hello', ['Hello **world**. See [pricing](/en/pricing) before you apply.']);
  await save(page);
  await translation.getByRole('button', { name: 'علّمه بأنه مترجَم' }).click();
  await expect(status(page)).toHaveText('سُجّلت ترجمة «English» بأنها محدَّثة.', SLOW);
  await expect(translation).toContainText('الترجمة محدَّثة.');
  await expect(translation.getByRole('button')).toHaveCount(0);
  await page.reload();
  await expect(translation).toContainText('الترجمة محدَّثة.', SLOW);
  expect(git(root, 'status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([
    ' M content/ar/blog/first-post.md',
    ' M content/en/blog/first-post.md',
    ' M content/translations.toml',
  ]);
});

test('a blank required title blocks the save, is said at the field, and the draft survives a reload', async ({ page }) => {
  await open(page);
  await page.getByRole('link', { name: 'المقال الأول' }).click();
  const ar = pane(page, 'العربية');
  const title = ar.getByLabel(/^العنوان/);
  const titleMessages = ar.locator('#pane-ar-title-msg');
  await expect(title).toHaveValue('المقال الأول');
  await title.fill('');
  await expect(titleMessages).toContainText('هذا الحقل مطلوب.');
  await ar.getByLabel(/^المقتطف/).fill('مقتطف جديد لم يُحفظ.');
  await save(page, 'لم يُحفظ شيء: صحّح المشكلات المشار إليها في النموذج. تغييراتك محفوظة في المسودة.');
  // sahel's own word, in Arabic, at the title (and not at the field below it).
  await expect(titleMessages).toContainText('`title`: القيمة فارغة');
  await expect(titleMessages).toContainText('للإصلاح: قيمة `title`: نص غير فارغ');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAttribute('aria-describedby', 'pane-ar-title-msg');
  await expect(ar.locator('[aria-invalid="true"]')).toHaveCount(1);
  const onDisk = git(root, 'show', 'HEAD:content/ar/blog/first-post.md');
  expect(readSite(root, 'content/ar/blog/first-post.md')).toBe(onDisk);

  await page.reload();
  await expect(page.getByRole('note')).toContainText('استُعيدت تغييراتك غير المحفوظة من', SLOW);
  await expect(title).toHaveValue('');
  await expect(ar.getByLabel(/^المقتطف/)).toHaveValue('مقتطف جديد لم يُحفظ.');
  await expect(titleMessages).toContainText('`title`: القيمة فارغة', SLOW);
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  expect(readSite(root, 'content/ar/blog/first-post.md')).toBe(onDisk);
  expect(git(root, 'status', '--porcelain')).toBe('');

  // Discarded, the entry is as on disk again.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('note').getByRole('button', { name: 'تجاهل المسودة' }).click();
  await expect(title).toHaveValue('المقال الأول');
  await expect(page.getByText('حُفظت كل التغييرات')).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0, SLOW);
});

test('a file changed on disk while open is not overwritten: both versions show until one is chosen', async ({ page }) => {
  await open(page);
  await page.getByRole('link', { name: 'المقال الأول' }).click();
  const en = pane(page, 'English');
  await expect(en.getByLabel(/^العنوان/)).toHaveValue('First post');
  const file = 'content/en/blog/first-post.md';
  const original = readSite(root, file);
  const theirs = original.replace('title: "First post"', 'title: "First post, as a colleague wrote it"');
  writeSite(root, file, theirs);

  await en.getByLabel(/^المقتطف/).fill('The first post, with a new excerpt.');
  const mine = original.replace('excerpt: "The first fixture post."', 'excerpt: "The first post, with a new excerpt."');
  await save(page, 'عدّل شخص آخر هذا العنصر أثناء تحريرك له');
  const conflicts = page.getByRole('region', { name: 'عدّل شخص آخر هذا العنصر أثناء تحريرك له' });
  await expect(conflicts).toContainText('لم يُحفظ شيء. اختر لكل لغة النسخة التي تريد الإبقاء عليها.');
  const english = conflicts.getByRole('group', { name: 'English' });
  await expect(english).toContainText('النسخة الموجودة الآن على القرص (نسختهم)');
  await expect(english).toContainText('نسختك');
  expect(await english.getByTestId('theirs-en').textContent()).toBe(theirs);
  expect(await english.getByTestId('yours-en').textContent()).toBe(mine);
  await expect(conflicts.getByRole('group', { name: 'العربية' })).toHaveCount(0);
  expect(readSite(root, file)).toBe(theirs);

  await english.getByRole('button', { name: 'أبقِ نسختي' }).click();
  await expect(status(page)).toHaveText('تم الحفظ.', SLOW);
  await expect(conflicts).toHaveCount(0);
  expect(readSite(root, file)).toBe(mine);
});

test('commit and publish to the remote; a refused push brings their changes in, then publishes', async ({ page }) => {
  const bare = join(root, '..', 'remote.git');
  execFileSync('git', ['init', '--quiet', '--bare', '-b', 'main', bare]);
  git(root, 'remote', 'add', 'origin', bare);
  git(root, 'push', '--quiet', '-u', 'origin', 'main');
  const remoteLog = () => git(root, '--git-dir', bare, 'log', '--format=%an|%s', 'main').trim().split('\n');

  // An edit saved, then committed by a new editor (git knows no author here) and published.
  await open(page, '#/entry/posts/second-post');
  await pane(page, 'English').getByLabel(/^المقتطف/).fill('The second post, in short.');
  await save(page);
  await page.getByRole('link', { name: 'التغييرات والنشر' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'التغييرات والنشر' })).toBeVisible();
  await expect(page.getByText('الفرع: main')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 2, name: 'ملف واحد متغيّر' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'content/en/blog/second-post.md' })).toContainText('معدَّل');
  await expect(page.getByRole('group', { name: 'الفروق' })).toContainText('excerpt: "The second post, in short."');
  const commit = async (message: string) => {
    await page.getByLabel('صِف تغييراتك').fill(message);
    await page.getByRole('button', { name: 'اعتماد التغييرات' }).click();
    await expect(status(page)).toHaveText(/^اعتُمدت التغييرات \([0-9a-f]{10}\)\.$/, SLOW);
    await expect(page.getByText('لا تغييرات منذ آخر اعتماد.')).toBeVisible(SLOW);
  };
  await page.getByRole('button', { name: 'اعتماد التغييرات' }).click();
  await expect(page.getByRole('alert')).toHaveText('صِف تغييراتك أولًا.');
  await page.getByLabel('صِف تغييراتك').fill('مقتطف المقال الثاني');
  await page.getByRole('button', { name: 'اعتماد التغييرات' }).click();
  await expect(page.getByRole('alert')).toHaveText('أدخل اسمك وبريدك الإلكتروني أولًا.');
  await page.getByLabel('الاسم', { exact: true }).fill('سارة المحررة');
  await page.getByLabel('البريد الإلكتروني').fill('sara@fixture.example');
  await commit('مقتطف المقال الثاني');
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(status(page)).toHaveText('تم النشر.', SLOW);
  expect(remoteLog()).toEqual(['سارة المحررة|مقتطف المقال الثاني', 'Fixture Maker|The fixture site']);

  // A colleague publishes first, from another clone.
  const other = join(root, '..', 'other');
  git(root, 'clone', '--quiet', bare, other);
  writeSite(other, 'content/en/faq.yaml', readSite(other, 'content/en/faq.yaml').replace('When are you open?', 'When is the office open?'));
  git(other, 'add', '-A');
  gitCommit(other, 'FAQ wording', 'A Colleague');
  git(other, 'push', '--quiet');

  await page.goto(`${editor!.url}#/entry/posts/first-post`);
  await pane(page, 'English').getByLabel(/^المقتطف/).fill('The first post, in short.');
  await save(page);
  await page.getByRole('link', { name: 'التغييرات والنشر' }).click();
  await commit('مقتطف المقال الأول');
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'رُفض النشر' });
  await expect(refused).toContainText('رُفض النشر: نشر شخص آخر تغييرات غير موجودة هنا بعد. لم يُستبدل شيء.', SLOW);
  expect(remoteLog()[0]).toBe('A Colleague|FAQ wording');
  await refused.getByRole('button', { name: 'اجلب تغييراتهم' }).click();
  await expect(status(page)).toHaveText('تم النشر.', SLOW);
  await expect(refused).toHaveCount(0);
  const log = remoteLog();
  expect(log[0]).toMatch(/^سارة المحررة\|Merge /);
  expect(log.slice(1).sort()).toEqual(['A Colleague|FAQ wording', 'Fixture Maker|The fixture site', 'سارة المحررة|مقتطف المقال الأول', 'سارة المحررة|مقتطف المقال الثاني'].sort());
  expect(readSite(root, 'content/en/faq.yaml')).toContain('When is the office open?');
  expect(git(root, 'status', '--porcelain')).toBe('');
});

test('the English interface: the home in English, left to right, and sahel’s message at a field in English', async ({ page }) => {
  await open(page);
  const switcher = page.getByRole('group', { name: 'لغة المحرّر' });
  await expect(switcher.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');
  await switcher.getByRole('button', { name: 'English' }).click();
  const html = page.locator('html');
  const inEnglish = async () => {
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page).toHaveTitle('Site editor');
    await expect(page.getByRole('group', { name: 'Editor language' }).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Content', 'Changes and publishing']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content');
    await expect(page.getByText('Choose an entry to edit it in every language of the site.')).toBeVisible();
    await expect(page.getByLabel('Search titles')).toBeVisible();
    await expect(page.getByLabel('Only entries that need translating')).toBeVisible();
    const posts = page.getByRole('region', { name: /^Blog posts/ });
    await expect(posts.getByRole('heading', { level: 2 })).toHaveText('Blog posts (2 entries)');
    await expect(posts.getByRole('link', { name: 'New entry in “Blog posts”' })).toBeVisible();
    await expect(posts.getByRole('columnheader')).toHaveText(['Entry', 'العربية', 'English']);
    const row = posts.getByRole('row').filter({ has: page.getByRole('link', { name: 'First post' }) });
    await expect(row.getByRole('cell')).toHaveText(['★ Source', '? Not recorded']);
    await expect(page.getByRole('region', { name: /^Services/ }).getByRole('link', { name: 'Company formation' })).toBeVisible();
  };
  await inEnglish();
  // The choice is kept.
  await page.reload();
  await inEnglish();

  await page.getByRole('link', { name: 'Company formation' }).click();
  const ar = pane(page, 'العربية');
  const en = pane(page, 'English');
  // The Arabic pane stays right to left; the editor's own words in it are English.
  await expect(ar).toHaveAttribute('dir', 'rtl');
  await expect(ar.locator('label[for="pane-ar-title"]')).toHaveAttribute('lang', 'en');
  await expect(ar.locator('label[for="pane-ar-title"]')).toHaveText('Title (required)');
  const days = en.getByRole('group', { name: 'Timeline in days' });
  await days.getByLabel('Least (required)').fill('2');
  await days.getByLabel('Most (required)').fill('7');
  const messages = days.locator('.field-messages');
  await expect(messages).toContainText('`timelineDays` says 2 to 7 working days, but `timeline` ("2-10 working days") does not write 7', SLOW);
  await expect(messages).toContainText('Help: make `min` and `max` the numbers the `timeline` text gives, or correct the text');
  await expect(messages).toHaveAttribute('lang', 'en');
  await expect(days.getByLabel('Least (required)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.check-state')).toHaveText('Checked: 1 error, no warnings.');
});

test('the editor’s page: no CSP refusal, and no serious axe finding on its views', async ({ page }) => {
  await open(page);
  const csp = (await page.request.get(editor!.url)).headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  const axe = async (view: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    const found = results.violations
      .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && v.id !== 'scrollable-region-focusable')
      .map((v) => `${view}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
    expect(found).toEqual([]);
  };
  await axe('home');
  await page.getByRole('link', { name: 'المقال الأول' }).click();
  await expect(preview(page).locator('h1')).toHaveText('المقال الأول', SLOW);
  await axe('entry');
  await page.getByRole('link', { name: 'كل المحتوى' }).click();
  await page.getByRole('link', { name: 'عنصر جديد في «المقالات»' }).click();
  await axe('new');
  await page.getByRole('link', { name: 'التغييرات والنشر' }).click();
  await expect(page.getByText('الفرع: main')).toBeVisible(SLOW);
  await axe('changes');
  await page.getByRole('group', { name: 'لغة المحرّر' }).getByRole('button', { name: 'English' }).click();
  await page.getByRole('link', { name: 'Content', exact: true }).click();
  await page.getByRole('link', { name: 'Company formation' }).click();
  await expect(pane(page, 'English').getByLabel('Title (required)')).toHaveValue('Company formation');
  await axe('entry, in English');
});
