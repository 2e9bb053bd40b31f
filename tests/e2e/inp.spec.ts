// Taps answered fast (issue 52): Interaction to Next Paint on a mid-range phone (375 px, touch,
// Chromium at 4× CPU slowdown, as Lighthouse's mobile run) for the mobile menu, the language
// switch, the search dialog, the assistant and the contact form, in both languages: each at most
// 100 ms, the median of 5. And hydration at the same slowdown does no long task over 50 ms, on
// every kind of page. Latencies are Chromium's own (Event Timing entries, grouped by
// interactionId as web-vitals does: an interaction is its longest entry), measured on real input.
// Each figure is printed (one line per interaction and language: the five runs and their median)
// and written to test-results/inp.json, with the worst interaction of each run taken apart (the
// wait before its handlers, their time, the scripts of its frame). INP_DEBUG=1 prints those too.
// The file's tests run one after another in one worker, whatever the config's count (below):
// two Chromiums at 4× slowdown on a 2-core machine slow each other's taps by 30-60 ms. About 3
// minutes; figures taken on a busy machine are higher, hence the medians.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { appStrings, gotoHydrated } from './helpers';
import {
  EVENT_THRESHOLD,
  idle,
  mainThreadWork,
  measure,
  median,
  openPhone,
  quiet,
  saveFigures,
  scriptsDuring,
  typeKeys,
  worstOf,
  type Measured,
  type Phone,
} from './inp-helpers';

// In order, in one worker (not `serial`: a test over budget does not skip the ones after it).
test.describe.configure({ mode: 'default' });

/** Interaction to Next Paint's budget, in ms (web.dev's "good" is 200 ms; ours is stricter). */
const INP_BUDGET = 100;
/** A long task's budget during hydration, in ms (what the browser counts as a long task). */
const TASK_BUDGET = 50;
const RUNS = 5;
const LANGS = ['ar', 'en'] as const;
type Lang = (typeof LANGS)[number];
/** Every test here is tagged: `--grep @perf` runs them alone, `--grep-invert @perf` leaves them out. */
const PERF = { tag: '@perf' };
/**
 * The interactions' tests are also `@inp`: the test command runs them as a budget check
 * (`scripts/test-all.sh`, with two retries: a busy machine can push one median over; a real
 * regression fails all three). The hydration test is a measurement only: React's hydration of
 * a page is one task of 120-400 ms at 4× slowdown (see the issue's note).
 */
const INP = { tag: ['@perf', '@inp'] };
/** INP_DEBUG=1 prints each run's worst interaction: its events and the scripts that ran. */
const DEBUG = process.env.INP_DEBUG === '1';

// The interface's words, from the app's strings files (not copies of them).
type Common = typeof import('../../site/src/i18n/en/common.json');
type Contact = typeof import('../../site/src/i18n/en/contact.json');
type Assistant = typeof import('../../site/src/i18n/en/assistant.json');
function words(lang: Lang) {
  const common = appStrings<Common>(lang, 'common');
  const { contact } = appStrings<Contact>(lang, 'contact');
  const { chatbot } = appStrings<Assistant>(lang, 'assistant');
  return {
    openMenu: common.nav.openMenu,
    closeMenu: common.nav.closeMenu,
    mainNav: common.nav.main,
    search: common.nav.searchLabel,
    otherLanguage: common.footer.languageLabel,
    conversation: chatbot.messagesLabel,
    send: chatbot.send,
    question: chatbot.suggestions.formation,
    fields: { fullName: contact.fullName, phone: contact.phone, email: contact.email, message: contact.message },
  };
}
const T = { ar: words('ar'), en: words('en') };
// What is typed, a key press per character (Arabic keys on the Arabic pages): a word of a query,
// and a few characters in each of the contact form's fields.
const TYPED = {
  ar: { query: 'إقامة', fullName: 'سارة', phone: '0501', email: 'sa@x', message: 'رخصة' },
  en: { query: 'visa', fullName: 'Sara', phone: '0501', email: 'sa@x', message: 'Visa' },
} as const;
const FIELDS = ['fullName', 'phone', 'email', 'message'] as const;
const other = (lang: Lang): Lang => (lang === 'ar' ? 'en' : 'ar');

/**
 * Runs `visit` on a first visit on a phone (a new context, 4× CPU slowdown: `openPhone`), `runs`
 * times, closing each.
 */
async function visits(browser: Browser, baseURL: string | undefined, runs: number, visit: (phone: Phone, run: number) => Promise<void>): Promise<void> {
  for (let run = 0; run < runs; run += 1) {
    const phone = await openPhone(browser, baseURL);
    try {
      await visit(phone, run);
    } finally {
      await phone.context.close();
    }
  }
}

/** Opens `url` as a visitor reaches for it: hydrated, and idle. */
async function ready(page: Page, url: string): Promise<void> {
  await gotoHydrated(page, url);
  await idle(page);
}

/** Runs of one interaction, measured with `measure` (the worst interaction of each). */
class Runs {
  readonly runs: Measured[] = [];
  constructor(
    readonly lang: Lang,
    readonly what: string,
  ) {}

  async add(page: Page, action: () => Promise<void>): Promise<void> {
    this.push(await measure(page, action));
  }

  push(measured: Measured): void {
    if (DEBUG) console.log(`  ${this.lang} ${this.what}: ${measured.latency} ms: ${measured.detail}`);
    this.runs.push(measured);
  }

  /** Prints, saves and checks the median (softly: every figure is reported). */
  async report(): Promise<void> {
    const values = this.runs.map((r) => r.latency);
    const mid = median(values);
    const ok = mid <= INP_BUDGET;
    const shown = values.map((v) => (v <= EVENT_THRESHOLD ? `≤${v}` : String(v))).join(', ');
    const keys = this.runs.flatMap((r) => r.all);
    const typical = keys.length > this.runs.length ? `; median of its ${keys.length} interactions ${median(keys)} ms` : '';
    console.log(`INP ${this.lang} ${this.what}: ${shown} ms, median ${mid} ms (budget ${INP_BUDGET} ms) ${ok ? 'ok' : 'OVER'}${typical}`);
    await saveFigures('interactions', {
      [`${this.lang}: ${this.what}`]: {
        runs: values,
        median: mid,
        budget: INP_BUDGET,
        ok,
        ...(keys.length > this.runs.length ? { keys: median(keys) } : {}),
        worst: this.runs.map((r) => r.detail),
      },
    });
    expect.soft(mid, `${this.lang}: ${this.what}: median of ${values.join(', ')} ms`).toBeLessThanOrEqual(INP_BUDGET);
  }
}

// The tests go longest first (each for both languages).

// One page of each kind, by its path after the language.
const PAGE_KINDS = {
  home: '',
  service: 'services/company-formation/',
  'blog post': 'blog/golden-visa-guide/',
  services: 'services/',
  blog: 'blog/',
  pricing: 'pricing/',
  faq: 'faq/',
  about: 'about/',
  contact: 'contact/',
  search: 'search/',
  'assistant chat': 'assistant-chat/',
} as const;

// Each page loaded as a first visit (a new context: no HTTP cache and no code compiled by an
// earlier load, as Lighthouse loads it) until hydrated and idle: the longest task from the
// document's start, and the scripts that ran in it (from the long animation frame around it).
for (const lang of LANGS) {
  test(`${lang}: hydration at 4× CPU slowdown does no long task over ${TASK_BUDGET} ms, on any kind of page`, PERF, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const figures: Record<string, object> = {};
    for (const [kind, path] of Object.entries(PAGE_KINDS)) {
      const url = `/${lang}/${path}`;
      await visits(browser, baseURL, 1, async ({ page }) => {
        await ready(page, url);
        const { longTasks, frames } = await mainThreadWork(page);
        const longest = longTasks.reduce((a, b) => (b.duration > a.duration ? b : a), { start: 0, duration: 0 });
        const ok = longest.duration <= TASK_BUDGET;
        const scripts = scriptsDuring(frames, longest.start, longest.start + longest.duration);
        // Each long task with the longest script of its frame, if the frame says.
        const all = longTasks.map((task) => {
          const top = scriptsDuring(frames, task.start, task.start + task.duration)[0];
          return `${Math.round(task.duration)}${top ? ` (${top.replace(/ \d+ ms$/, '')})` : ''}`;
        });
        console.log(
          `Long tasks ${lang} ${kind} (${url}): longest ${Math.round(longest.duration)} ms (budget ${TASK_BUDGET} ms) ${ok ? 'ok' : 'OVER'}` +
            `; all: ${all.join(', ') || 'none'}${scripts.length > 0 ? `; in the longest: ${scripts.join('; ')}` : ''}`,
        );
        figures[`${lang}: ${kind}`] = { url, longest: Math.round(longest.duration), budget: TASK_BUDGET, ok, tasks: all, scripts };
        expect.soft(longest.duration, `${url}: the longest task`).toBeLessThanOrEqual(TASK_BUDGET);
      });
    }
    await saveFigures('hydration', figures);
  });
}

for (const lang of LANGS) {
  const t = T[lang];
  const typed = TYPED[lang];

  // Five times on one page (the fields emptied between): a few characters typed in each field,
  // the worst key of them all.
  test(`${lang}: typing in the contact form`, INP, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const keys = new Runs(lang, 'type in the contact form (worst key)');
    await visits(browser, baseURL, 1, async ({ page, cdp }) => {
      await ready(page, `/${lang}/contact/`);
      const fields = FIELDS.map((name) => [name, page.getByRole('textbox', { name: t.fields[name], exact: true })] as const);
      for (let run = 0; run < RUNS; run += 1) {
        const measured: Measured[] = [];
        for (const [name, field] of fields) {
          await field.tap();
          await expect(field).toBeFocused();
          // A phone scrolls the focused field above its keyboard. Without that, keys typed in a
          // field at the bottom edge of the unscrolled page (the e-mail's, at 375×800) are
          // reported by headless Chromium 1–3 s late though they paint at once: their entries
          // end at the next scroll (not with a plain page; seen with this app's header).
          await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
          measured.push(await measure(page, () => typeKeys(page, cdp, typed[name])));
          await expect(field).toHaveValue(typed[name]);
        }
        keys.push(worstOf(measured));
        for (const [, field] of fields) await field.fill('');
        await page.evaluate(() => window.scrollTo(0, 0));
        await quiet(page);
      }
    });
    await keys.report();
  });
}

for (const lang of LANGS) {
  const t = T[lang];

  // Five first visits: the floating button opens the assistant (a page of the app), then a
  // question is sent with the button.
  test(`${lang}: opening the assistant and sending a question`, INP, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const [opened, sent] = [new Runs(lang, 'open the assistant'), new Runs(lang, 'send a question')];
    await visits(browser, baseURL, RUNS, async ({ page }) => {
      await ready(page, `/${lang}/about/`);
      const input = page.getByRole('textbox');
      await opened.add(page, async () => {
        await page.locator('[data-floating="assistant"]').tap();
        await expect(page).toHaveURL(new RegExp(`/${lang}/assistant-chat/$`));
        await expect(input).toBeVisible();
      });
      await input.fill(t.question);
      const send = page.getByRole('button', { name: t.send });
      await send.scrollIntoViewIfNeeded();
      await quiet(page);
      const log = page.getByRole('log', { name: t.conversation });
      await sent.add(page, async () => {
        await send.tap();
        await expect(log.locator('ol > li')).toHaveCount(3); // the greeting, the question, the answer
        await expect(log).toHaveAttribute('aria-busy', 'false');
      });
    });
    await opened.report();
    await sent.report();
  });
}

for (const lang of LANGS) {
  const t = T[lang];
  const typed = TYPED[lang];

  // Five first visits: the dialog's first opening (its code and the index load then), then a
  // word typed in it.
  test(`${lang}: opening the search dialog and typing a word`, INP, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const [opened, keys] = [new Runs(lang, 'open the search dialog'), new Runs(lang, `type "${typed.query}" in the search (worst key)`)];
    await visits(browser, baseURL, RUNS, async ({ page, cdp }) => {
      await ready(page, `/${lang}/about/`);
      const input = page.getByRole('dialog').getByRole('combobox');
      await opened.add(page, async () => {
        await page.getByRole('link', { name: t.search }).tap();
        await expect(input).toBeFocused();
      });
      await keys.add(page, async () => {
        await typeKeys(page, cdp, typed.query);
        await expect(page.locator(`[data-search-results][data-query="${typed.query}"]`)).toBeVisible();
      });
    });
    await opened.report();
    await keys.report();
  });
}

for (const lang of LANGS) {
  // To the other language and back, five times on one page: each switch from this language is
  // measured (the first fetches the other language's strings; the later ones have them).
  test(`${lang}: the language switch`, INP, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const switched = new Runs(lang, 'switch the language');
    await visits(browser, baseURL, 1, async ({ page }) => {
      await ready(page, `/${lang}/`);
      const link = (from: Lang) => page.locator('footer').getByRole('link', { name: T[from].otherLanguage });
      const go = async (from: Lang) => {
        await link(from).tap();
        await expect(page.locator('html')).toHaveAttribute('lang', other(from));
        await expect(link(other(from))).toBeVisible();
      };
      for (let run = 0; run < RUNS; run += 1) {
        // Scrolled down to the footer first, as a visitor does before reaching for the link.
        await link(lang).scrollIntoViewIfNeeded();
        await quiet(page);
        await switched.add(page, () => go(lang));
        await go(other(lang));
        await quiet(page);
      }
    });
    await switched.report();
  });
}

for (const lang of LANGS) {
  const t = T[lang];

  // Opened and closed five times on one page.
  test(`${lang}: opening and closing the mobile menu`, INP, async ({ browser, baseURL }) => {
    test.setTimeout(45_000);
    const [opened, closed] = [new Runs(lang, 'open the mobile menu'), new Runs(lang, 'close the mobile menu')];
    await visits(browser, baseURL, 1, async ({ page }) => {
      await ready(page, `/${lang}/`);
      const menu = page.getByRole('navigation', { name: t.mainNav });
      for (let run = 0; run < RUNS; run += 1) {
        await opened.add(page, async () => {
          await page.getByRole('button', { name: t.openMenu }).tap();
          await expect(menu).toBeVisible();
        });
        await closed.add(page, async () => {
          await page.getByRole('button', { name: t.closeMenu }).tap();
          await expect(menu).toBeHidden();
        });
      }
    });
    await opened.report();
    await closed.report();
  });
}
