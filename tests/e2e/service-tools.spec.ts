// The service page's tools (issue 16): the document checklist (ticks kept across a reload, a
// clear control, the printed view), the WhatsApp handoff's prefilled message (decoded, both
// languages), the opening-hours note for Dubai time from a browser in another time zone, the
// timeline bar, and hydration without warnings.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { appStrings } from './helpers';

type ServiceStrings = typeof import('../../site/src/i18n/en/service.json');
/** The service page's heading over its documents, from the app's strings. */
const documentsRequired = appStrings<ServiceStrings>('en', 'service').common.requirements;

const SERVICE = 'tax-vat-corporate';
const LRI = '\u2066';
const PDI = '\u2069';

/** The page's problems: console errors (a hydration mismatch is logged as one) and page errors. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || (msg.type() === 'warning' && /hydrat|did not match|mismatch/i.test(msg.text()))) {
      problems.push(`${msg.type()}: ${msg.text()}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

async function open(page: Page, lang: 'ar' | 'en', id = SERVICE) {
  await page.goto(`/${lang}/services/${id}/`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** The `text` a wa.me link opens the chat with, decoded. */
async function whatsappText(page: Page, selector: string): Promise<string | null> {
  const href = await page.locator(selector).first().getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+/);
  return new URL(href!).searchParams.get('text');
}

/** Page clock at `time` Dubai (UTC+4) on a Wednesday. */
const dubai = (time: string) => new Date(`2026-11-25T${time}:00+04:00`);

test.describe('document checklist', () => {
  for (const lang of ['ar', 'en'] as const) {
    test(`${lang}: ticks survive a reload, stay per service, and clear`, async ({ page }) => {
      const problems = watchProblems(page);
      await open(page, lang);
      const boxes = page.locator('[data-checklist] input[type=checkbox]');
      await expect(boxes).toHaveCount(6);
      await boxes.nth(0).check();
      await boxes.nth(2).check();
      await expect(page.locator('[data-checklist-progress]')).toHaveText(lang === 'ar' ? '2 من 6 جاهزة' : '2 of 6 ready');

      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(boxes.nth(0)).toBeChecked();
      await expect(boxes.nth(1)).not.toBeChecked();
      await expect(boxes.nth(2)).toBeChecked();

      // Another service has its own list, unticked.
      await open(page, lang, 'company-formation');
      await expect(page.locator('[data-checklist] input[type=checkbox]:checked')).toHaveCount(0);

      await open(page, lang);
      await expect(boxes.nth(0)).toBeChecked();
      const clear = page.getByRole('button', { name: lang === 'ar' ? 'مسح العلامات' : 'Clear ticks' });
      await clear.focus();
      await expect(clear).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-checklist] input[type=checkbox]:checked')).toHaveCount(0);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('[data-checklist] input[type=checkbox]:checked')).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  }

  test('without JavaScript, the requirements are a plain pre-rendered list', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/en/services/${SERVICE}/`);
    const items = page.locator('[data-checklist] li');
    await expect(items).toHaveCount(6);
    await expect(items.first()).toHaveText('Trade licence copy');
    await expect(page.locator('[data-checklist] input')).toHaveCount(0);
    // The timeline bar is content, drawn by the server too.
    await expect(page.locator('[data-timeline-bar]')).toContainText('Usually 2 to 7 working days');
    await context.close();
  });

  test('keyboard: a checkbox is reached with Tab, ticked with Space, and shows its focus', async ({ page }) => {
    await open(page, 'en');
    const first = page.getByRole('checkbox', { name: 'Trade licence copy' });
    await page.getByRole('heading', { name: documentsRequired }).scrollIntoViewIfNeeded();
    // Tab from the element before the list until the first checkbox has focus.
    await page.locator('[data-checklist] h2').click();
    for (let i = 0; i < 6 && !(await first.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    const outline = await first.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
  });
});

test.describe('printed view', () => {
  for (const lang of ['ar', 'en'] as const) {
    test(`${lang}: the service, the date, the checklist and the company's contact lines; no chrome`, async ({ page }) => {
      await page.clock.setFixedTime(dubai('10:00'));
      await open(page, lang);
      await page.locator('[data-checklist] input[type=checkbox]').first().check();
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('header').first()).toBeHidden();
      await expect(page.locator('footer')).toBeHidden();
      await expect(page.locator('[data-floating="whatsapp"]')).toBeHidden();
      await expect(page.getByRole('button', { name: lang === 'ar' ? 'طباعة القائمة' : 'Print checklist' })).toBeHidden();
      await expect(page.locator('main h1')).toBeVisible();
      const heading = page.locator('[data-print-heading]');
      await expect(heading).toBeVisible();
      await expect(heading).toContainText(lang === 'ar' ? 'تاريخ الطباعة: 25 نوفمبر 2026' : 'Printed on 25 November 2026');
      const contact = page.locator('[data-print-contact]');
      await expect(contact).toBeVisible();
      await expect(contact).toContainText('+971');
      await expect(contact).toContainText('@');
      await expect(page.locator('[data-checklist] input[type=checkbox]').first()).toBeChecked();
      // Dark text on white: the title band is printable.
      const color = await page.locator('main h1').evaluate((el) => getComputedStyle(el).color);
      expect(color).toBe('rgb(15, 23, 42)');
      await page.screenshot({ path: `../../test-results/service-tools/print-${lang}.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      await expect(page.locator('[data-print-heading]')).toBeHidden();
    });
  }
});

test.describe('WhatsApp handoff', () => {
  test('en: every wa.me link names the service and the documents ticked and missing', async ({ page }) => {
    await page.clock.setFixedTime(dubai('10:00'));
    await open(page, 'en');
    const boxes = page.locator('[data-checklist] input[type=checkbox]');
    await boxes.nth(0).check();
    await boxes.nth(3).check();
    const expected = [
      "Hello, I'm reading about your service “VAT and corporate tax registration”.",
      '',
      'Documents I have (2 of 6):',
      '• Trade licence copy',
      "• The business's contact and bank account details",
      '',
      'Documents still missing:',
      '• Passport and Emirates ID copies of the owners and the authorised signatory',
      '• Memorandum of association or partnership documents',
      '• Turnover records or financial statements supporting the application',
      "• Proof of the authorised signatory's authority",
      '',
      'Could you help me get started?',
    ].join('\n');
    for (const selector of ['[data-handoff="service"]', 'header a[href^="https://wa.me/"]', '[data-floating="whatsapp"]', 'footer a[href^="https://wa.me/"]']) {
      await expect.poll(() => whatsappText(page, selector), { message: selector }).toBe(expected);
    }
    console.log(`decoded en message:\n${expected}`);
  });

  test('ar: the message in Arabic, Latin names isolated, and a polite out-of-hours line', async ({ page }) => {
    await page.clock.setFixedTime(dubai('21:30'));
    await open(page, 'ar', 'emirates-id-medical');
    const boxes = page.locator('[data-checklist] input[type=checkbox]');
    await boxes.nth(0).check();
    await expect.poll(() => whatsappText(page, '[data-handoff="service"]')).toContain('المستندات المتوفرة لديّ (1 من');
    const message = (await whatsappText(page, '[data-handoff="service"]'))!;
    const title = (await page.locator('main h1').textContent())!.trim();
    expect(message.startsWith(`مرحباً، أطّلع على خدمة «`)).toBe(true);
    expect(message).toContain('المستندات التي لا تزال تنقصني:');
    expect(message).toContain('هل يمكنكم مساعدتي في البدء؟');
    expect(message.endsWith('أعلم أنكم خارج أوقات العمل الآن، فلا بأس أن تردّوا عند بدء الدوام في الساعة 9 صباحاً.')).toBe(true);
    // Every Latin run in the message sits in an isolate, and the isolates balance.
    const outside = message.replace(new RegExp(`${LRI}[^${PDI}]*${PDI}`, 'g'), '');
    expect(outside).not.toMatch(/[A-Za-z]/);
    expect(message.split(LRI).length).toBe(message.split(PDI).length);
    expect(message.replace(/[\u2066\u2069]/g, '')).toContain(`«${title}»`);
    console.log(`decoded ar message:\n${message}`);
  });

  test('a box ticked while the handoff’s code is still on its way is in the message', async ({ page }) => {
    // A slow network: the handoff's chunk arrives a second after the page is hydrated, so the
    // tick below is published while the chunk loads. Every publication must land in order.
    await page.route(/\/assets\/runtime-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await open(page, 'en');
    const boxes = page.locator('[data-checklist] input[type=checkbox]');
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await expect.poll(() => whatsappText(page, '[data-handoff="service"]'), { timeout: 10_000 }).toContain('Documents I have (2 of 6)');
  });

  test('ar: a blog post’s links name the article', async ({ page }) => {
    await page.clock.setFixedTime(dubai('10:00'));
    await page.goto('/ar/blog/family-visa-steps/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const title = (await page.locator('main h1').textContent())!.trim();
    await expect.poll(() => whatsappText(page, 'header a[href^="https://wa.me/"]')).toContain('مرحباً، أقرأ مقالكم «');
    const message = (await whatsappText(page, 'header a[href^="https://wa.me/"]'))!;
    expect(message.replace(/[\u2066\u2069]/g, '')).toContain(`«${title}»`);
    console.log(`decoded ar article message:\n${message}`);
  });
});

test.describe('opening-hours note, Dubai time, from a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' });
  const cases = [
    ['08:59', 'closed'],
    ['09:00', 'open'],
    ['19:59', 'open'],
    ['20:00', 'closed'],
  ] as const;
  for (const [time, state] of cases) {
    test(`${time} Dubai: ${state}`, async ({ page }) => {
      const problems = watchProblems(page);
      await page.clock.setFixedTime(dubai(time));
      // The server's page carries no note (never a time on the server).
      const html = await (await page.request.get(`/en/services/${SERVICE}/`)).text();
      expect(html).not.toContain('Open now');
      expect(html).not.toContain('Closed now');
      await open(page, 'en');
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
      const note = page.locator('[data-hours-note]').first();
      await expect(note).toHaveText(state === 'open' ? 'Open now · we usually reply within minutes' : 'Closed now · we reply from 9 AM');
      await expect(page.locator('header a[href^="https://wa.me/"]')).toHaveAttribute('title', state === 'open' ? /Open now/ : /Closed now/);
      const message = await whatsappText(page, '[data-handoff="service"]');
      if (state === 'closed') expect(message).toContain("I know you're closed now, so a reply when you open at 9 AM is perfectly fine.");
      else expect(message).not.toContain('closed');

      await page.goto(`/ar/services/${SERVICE}/`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('[data-hours-note]').first()).toHaveText(
        state === 'open' ? 'متاحون الآن · نردّ عادةً خلال دقائق' : 'خارج أوقات العمل الآن · نردّ ابتداءً من الساعة 9 صباحاً',
      );
      expect(problems).toEqual([]);
    });
  }

  // The note (and the checklist's controls) fill space the server's markup already holds: the
  // boxes measure the same in the server's page (JavaScript off) and once the browser filled
  // them. (A whole-page layout-shift count would also see the Arabic web font swapping in.)
  for (const lang of ['ar', 'en'] as const) {
    for (const width of [375, 1280]) {
      test(`${lang} at ${width} px: the note and the checklist appear without moving the page`, async ({ browser }) => {
        const measure = async (javaScriptEnabled: boolean) => {
          const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 }, timezoneId: 'America/New_York' });
          const page = await context.newPage();
          if (javaScriptEnabled) await page.clock.setFixedTime(dubai('10:00'));
          await page.goto(`/${lang}/services/${SERVICE}/`);
          if (javaScriptEnabled) await expect(page.locator('[data-hours-note]').first()).toHaveAttribute('data-hours-note', 'open');
          const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!.height;
          const heights = { note: await box('[data-hours-note]'), checklist: await box('[data-checklist]') };
          await context.close();
          return heights;
        };
        const server = await measure(false);
        const hydrated = await measure(true);
        expect(hydrated.note).toBe(server.note);
        expect(Math.abs(hydrated.checklist - server.checklist)).toBeLessThan(1);
      });
    }
  }
});

test.describe('timeline and accessibility', () => {
  for (const lang of ['ar', 'en'] as const) {
    test(`${lang}: the bar has the content's numbers and text for screen readers; axe finds nothing`, async ({ page }) => {
      await page.clock.setFixedTime(dubai('10:00'));
      await open(page, lang);
      const bar = page.locator('[data-timeline-bar]');
      await expect(bar.locator('.sr-only')).toHaveText(lang === 'ar' ? 'تستغرق عادةً من 2 إلى 7 أيام عمل' : 'Usually 2 to 7 working days');
      await expect(bar.locator('[aria-hidden="true"]')).toContainText('2');
      await expect(bar.locator('[aria-hidden="true"]')).toContainText('7');
      await page.locator('[data-checklist] input[type=checkbox]').first().check();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    });
  }

  for (const lang of ['ar', 'en'] as const) {
    for (const width of [375, 1280]) {
      test(`${lang} at ${width} px: screenshot`, async ({ page }) => {
        await page.clock.setFixedTime(dubai('10:00'));
        await page.setViewportSize({ width, height: 900 });
        await open(page, lang);
        await page.locator('[data-checklist] input[type=checkbox]').nth(1).check();
        await expect(page.locator('[data-hours-note]').first()).toHaveAttribute('data-hours-note', 'open');
        await page.screenshot({ path: `../../test-results/service-tools/service-${lang}-${width}.png`, fullPage: true });
      });
    }
  }
});
