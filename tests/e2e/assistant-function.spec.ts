// The assistant with a function configured (dist-backend/): the request the function receives,
// an answer streamed as server-sent events, and the exact failure message, in both languages,
// with the question kept for a retry. The function is a local server started by each test.
import { expect, test } from '@playwright/test';
import { ANON_KEY, backendSite, routeBackend, startMockBackend, type MockBackend } from './backend';

const FAILURE = {
  en: 'Sorry, something went wrong. Please try again or contact one of our agents for assistance.',
  ar: 'عذراً، حدث خطأ ما. يُرجى المحاولة مرة أخرى أو التواصل مع أحد موظفينا للمساعدة.',
};
const QUESTION = { en: 'How long does company formation take?', ar: 'كم يستغرق تأسيس الشركة؟' };

let mock: MockBackend | undefined;
test.afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

test('the function gets the conversation, the language and local passages, and its answer streams in', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  mock = await startMockBackend((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write(`data: ${JSON.stringify({ content: 'Company formation usually takes ' })}\n\n`);
    // The rest comes only once the test has seen the first part on screen.
    void held.then(() => {
      res.write(`data: ${JSON.stringify({ content: '**2-10 working days**.' })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await routeBackend(page, mock.port);
  await page.goto(backendSite('/en/assistant-chat/'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const input = page.getByRole('textbox');
  await input.fill(QUESTION.en);
  await input.press('Enter');
  const log = page.getByRole('log');
  await expect(log.getByText('Company formation usually takes')).toBeVisible();
  await expect(log.getByText('2-10 working days')).toHaveCount(0);
  release();
  await expect(log.locator('strong', { hasText: '2-10 working days' })).toBeVisible();

  expect(mock.received).toHaveLength(1);
  const r = mock.received[0]!;
  expect(r.method).toBe('POST');
  expect(r.path).toBe('/functions/v1/assistant');
  expect(r.headers.apikey).toBe(ANON_KEY);
  expect(r.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  const body = JSON.parse(r.body) as { messages: { role: string; content: string }[]; language: string; context: { url: string; text: string }[] };
  expect(body.language).toBe('en');
  expect(body.messages.at(-1)).toEqual({ role: 'user', content: QUESTION.en });
  expect(body.context.length).toBeGreaterThan(0);
  expect(body.context.some((p) => p.text.includes('2-10'))).toBe(true);
});

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a failing function shows the exact failure message and keeps the question for a retry`, async ({ page }) => {
    let calls = 0;
    mock = await startMockBackend((_req, res) => {
      calls += 1;
      if (calls === 1) res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"model overloaded"}');
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ answer: 'It takes 2-10 working days.' }));
    });
    await routeBackend(page, mock.port);
    await page.goto(backendSite(`/${lang}/assistant-chat/`));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const input = page.getByRole('textbox');
    await input.fill(QUESTION[lang]);
    await input.press('Enter');
    const log = page.getByRole('log');
    await expect(log.getByText(FAILURE[lang])).toBeVisible();
    await expect(log.getByText(QUESTION[lang])).toBeVisible();
    await page.getByRole('button', { name: lang === 'en' ? 'Try again' : 'إعادة المحاولة' }).click();
    await expect(log.getByText('It takes 2-10 working days.')).toBeVisible();
    await expect(log.getByText(FAILURE[lang])).toHaveCount(0);
    expect(mock.received).toHaveLength(2);
  });
}
