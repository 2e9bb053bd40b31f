// The assistant chat end to end with the built-in answerer (the default site has no backend):
// a question answered from the content index with a link to its page, in both languages; the
// conversation surviving a reload and client navigation; the suggested questions; the index
// loaded only on the assistant page; phone width; no console errors.
import { expect, test, type Page } from '@playwright/test';
import type AssistantStrings from '../../site/src/i18n/en/assistant.json';
import { appStrings, escapeRegExp, gotoHydrated } from './helpers';

// The interface's words come from the app's strings files (not copies of them); the content's
// (a timeline, a service's title, the hours) from the shipped content.
const assistantStrings = (lang: 'ar' | 'en') => appStrings<typeof AssistantStrings>(lang, 'assistant').chatbot;
const strings = { en: assistantStrings('en'), ar: assistantStrings('ar') };
const T = {
  en: {
    question: strings.en.suggestions.formation,
    timeline: '2-10 working days',
    serviceTitle: 'Company formation and trade licences',
    suggestion: strings.en.suggestions.hours,
    hours: /from 9 AM to 8 PM/,
    conversation: strings.en.messagesLabel,
    send: strings.en.send,
    offTopic: 'What is the weather on Mars?',
    agent: new RegExp(`^${escapeRegExp(strings.en.agentLink)}`),
  },
  ar: {
    question: strings.ar.suggestions.formation,
    timeline: 'من 2 إلى 10 أيام عمل',
    serviceTitle: 'تأسيس الشركات والرخص التجارية',
    suggestion: strings.ar.suggestions.hours,
    hours: /من الساعة 9 صباحاً حتى 8 مساءً/,
    conversation: strings.ar.messagesLabel,
    send: strings.ar.send,
    offTopic: 'كيف حال الطقس على المريخ؟',
    agent: new RegExp(`^${escapeRegExp(strings.ar.agentLink)}`),
  },
} as const;

/** Collects console errors and uncaught exceptions; the test checks the list is empty. */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

for (const lang of ['en', 'ar'] as const) {
  const t = T[lang];
  const url = `/${lang}/assistant-chat/`;
  const servicePath = `/${lang}/services/company-formation/`;

  test.describe(`${lang}: the assistant`, () => {
    test('says when it has no answer and offers WhatsApp as a full-size button', async ({ page }) => {
      const problems = watchErrors(page);
      await gotoHydrated(page, url);
      const input = page.getByRole('textbox');
      await input.fill(t.offTopic);
      await input.press('Enter');
      const agent = page.getByRole('log', { name: t.conversation }).getByRole('link', { name: t.agent });
      // The handoff carries the question the site could not answer, in the page's language.
      await expect(agent).toHaveAttribute('href', /^https:\/\/wa\.me\/971505550100\?text=/);
      const href = (await agent.getAttribute('href')) ?? '';
      const text = new URL(href).searchParams.get('text') ?? '';
      expect(text).toContain(t.offTopic);
      await expect(agent).toHaveAttribute('target', '_blank');
      const box = await agent.boundingBox();
      expect(box && box.height).toBeGreaterThanOrEqual(44);
      expect(problems).toEqual([]);
    });

    test('answers from the content index, links the page, and keeps the conversation', async ({ page }) => {
      const problems = watchErrors(page);
      await gotoHydrated(page, url);
      const log = page.getByRole('log', { name: t.conversation });
      const input = page.getByRole('textbox');

      await input.fill(t.question);
      await input.press('Enter');
      await expect(log.getByText(t.question)).toBeVisible();
      await expect(log.getByText(t.timeline)).toBeVisible();
      const link = log.getByRole('link', { name: t.serviceTitle });
      await expect(link).toHaveAttribute('href', servicePath);
      // Ready for the next question: the input is empty and still focused.
      await expect(input).toHaveValue('');
      await expect(input).toBeFocused();
      await expect(page.getByRole('button', { name: t.send })).toBeEnabled();

      // The conversation survives a reload...
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(log.getByText(t.question)).toBeVisible();
      await expect(log.getByText(t.timeline)).toBeVisible();

      // ...and client navigation: the answer's link opens the service page without a reload.
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      await log.getByRole('link', { name: t.serviceTitle }).click();
      await expect(page).toHaveURL(servicePath);
      await page.goBack();
      await expect(page).toHaveURL(url);
      await expect(log.getByText(t.timeline)).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

      expect(problems).toEqual([]);
    });

    test('a suggested question sends itself', async ({ page }) => {
      const problems = watchErrors(page);
      await gotoHydrated(page, url);
      await page.getByRole('button', { name: t.suggestion }).click();
      const log = page.getByRole('log', { name: t.conversation });
      await expect(log.getByText(t.hours)).toBeVisible();
      await expect(page.getByRole('textbox')).toBeFocused();
      expect(problems).toEqual([]);
    });

    test('fits a 320 px phone, with 44 px touch targets', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await gotoHydrated(page, url);
      for (const button of await page.getByRole('group').getByRole('button').all()) {
        expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await page.getByRole('textbox').fill(t.question);
      await page.getByRole('button', { name: t.send }).click();
      const log = page.getByRole('log', { name: t.conversation });
      await expect(log.getByText(t.timeline)).toBeVisible();
      expect((await log.getByRole('link', { name: t.serviceTitle }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

// The learned layer (issue 54), loaded with the index, on two questions it learned: in Arabic,
// the ranking's confident answer to the corporate tax rate is a passage on mainland and free zone
// companies, which the layer offers with the question back; in English, the ranking only offers
// the working hours to "can I send you a message outside working hours?", and the layer's answer
// model asserts them.
const tentative = (lang: 'ar' | 'en') => strings[lang].tentative.split('. ')[0]!;
const LEARNED = [
  { lang: 'ar', question: 'ما نسبة ضريبة الشركات في دولة الإمارات؟', shows: tentative('ar'), tentative: true },
  { lang: 'en', question: 'Can I send you a message outside working hours?', shows: T.en.hours, tentative: false },
] as const;
for (const { lang, question, shows, tentative: offered } of LEARNED) {
  test(`${lang}: the assistant answers with its learned layer`, async ({ page }) => {
    const problems = watchErrors(page);
    await gotoHydrated(page, `/${lang}/assistant-chat/`);
    const input = page.getByRole('textbox');
    await input.fill(question);
    await input.press('Enter');
    const log = page.getByRole('log', { name: T[lang].conversation });
    await expect(log.getByText(shows)).toBeVisible();
    await expect(log.getByText(tentative(lang))).toHaveCount(offered ? 1 : 0);
    expect(problems).toEqual([]);
  });
}

test('the content index loads only on the assistant page', async ({ page }) => {
  const indexRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('assistant-index.json')) indexRequests.push(new URL(request.url()).pathname);
  });
  await gotoHydrated(page, '/en/');
  await gotoHydrated(page, '/en/faq/');
  expect(indexRequests).toEqual([]);
  await gotoHydrated(page, '/en/assistant-chat/');
  await expect.poll(() => indexRequests).toEqual(['/en/assistant-index.json']);
});
