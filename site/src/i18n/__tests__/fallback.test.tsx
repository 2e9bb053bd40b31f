// A language's strings lacking a key fall back along the chain, resolved when the catalogues are
// bundled (site/vite-plugins/strings-fallback.ts), so the page hydrates as the server rendered it
// although the browser has only the page's own language.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { createTranslator, translatorFor, TranslatorContext, useTranslation, type MessageKey, type Translator } from '@/i18n';
import { language } from '@/shared/languages';
import { withFallbacks } from '../../../vite-plugins/strings-fallback';

const AR_CATEGORIES = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;

describe('withFallbacks', () => {
  it('adds the keys a language lacks from its fallbacks, in order, its own strings winning', () => {
    const own = { nav: { home: 'الرئيسية' } };
    const merged = withFallbacks(own, [{ nav: { home: 'Home', blog: 'Blog' }, footer: { privacy: 'Privacy' } }, { nav: { faq: 'FAQ' } }], AR_CATEGORIES);
    expect(merged).toEqual({ nav: { home: 'الرئيسية', blog: 'Blog', faq: 'FAQ' }, footer: { privacy: 'Privacy' } });
    expect(own).toEqual({ nav: { home: 'الرئيسية' } }); // not changed
  });

  it("gives a plural string every form of the language, from the fallback's form or its _other", () => {
    const merged = withFallbacks({}, [{ home: { count_one: '{{count}} service', count_other: '{{count}} services' } }], AR_CATEGORIES);
    expect(merged).toEqual({
      home: {
        count_zero: '{{count}} services',
        count_one: '{{count}} service',
        count_two: '{{count}} services',
        count_few: '{{count}} services',
        count_many: '{{count}} services',
        count_other: '{{count}} services',
      },
    });
    // A form the language has stays.
    expect(withFallbacks({ n_one: 'one', n_other: 'other' }, [{ n_one: 'x', n_other: 'y' }], ['one', 'other'])).toEqual({ n_one: 'one', n_other: 'other' });
  });
});

function Heading() {
  const { t } = useTranslation();
  return <h2>{t('footer.quickLinks')}</h2>;
}
const page = (translator: Translator) => (
  <TranslatorContext.Provider value={translator}>
    <Heading />
  </TranslatorContext.Provider>
);

/** Renders on a "server" holding both languages, hydrates with the Arabic strings alone. */
async function hydrate(arabic: object, english: object) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(createTranslator('ar', { ar: arabic, en: english })));
  const server = container.innerHTML;
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  await act(async () => {
    hydrateRoot(container, page(createTranslator('ar', { ar: arabic })), { onRecoverableError: (e) => errors.push(e) });
  });
  consoleError.mockRestore();
  return { server, client: container.innerHTML, errors };
}

describe('a key missing in Arabic', () => {
  afterEach(() => vi.restoreAllMocks());
  const english = { footer: { quickLinks: 'Quick links', privacy: 'Privacy policy' } };
  const arabic = { footer: { privacy: 'سياسة الخصوصية' } };

  it('falls back to English on the server, and would not hydrate without the bundled fallback', async () => {
    expect(language('ar').fallback).toEqual(['en']);
    const { server, client, errors } = await hydrate(arabic, english);
    expect(server).toBe('<h2>Quick links</h2>');
    // The browser has no English strings: the key, and React reports the mismatch.
    expect(client).toBe('<h2>footer.quickLinks</h2>');
    expect(errors.length).toBeGreaterThan(0);
  });

  it('hydrates without a warning with the catalogue as bundled (its fallback strings in it)', async () => {
    const bundled = withFallbacks(arabic, language('ar').fallback.map(() => english), AR_CATEGORIES);
    const { server, client, errors } = await hydrate(bundled, english);
    expect(server).toBe('<h2>Quick links</h2>');
    expect(client).toBe(server);
    expect(errors).toEqual([]);
  });
});

describe('a key missing in a third language (Farsi: Arabic, then English)', () => {
  withThreeLanguages();

  it('falls back along the table\'s chain, in order', () => {
    const strings = {
      fa: { a: 'آ' },
      ar: { a: 'أ', b: 'ب' },
      en: { a: 'A', b: 'B', c: 'C' },
    };
    const { t, has } = createTranslator('fa', strings);
    expect([t('a' as MessageKey), t('b' as MessageKey), t('c' as MessageKey)]).toEqual(['آ', 'ب', 'C']);
    expect(has('c')).toBe(true);
    expect(t('d' as MessageKey)).toBe('d');
  });

  it('has, as registered for the tests (the bundler\'s way), the strings Farsi lacks from Arabic', () => {
    const fa = translatorFor('fa')!;
    expect(fa.t('nav.home')).toBe('خانه');
    expect(fa.t('nav.blog')).toBe(translatorFor('ar')!.t('nav.blog'));
  });
});
