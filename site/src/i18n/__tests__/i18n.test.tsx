import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStrings, createTranslator, loadCatalogue, registerCatalogue, translatorFor, type MessageKey } from '@/i18n';
import { FSI, PDI } from '@/i18n/isolate';
import { languages } from '@/shared/languages';
import arAssistant from '@/i18n/ar/assistant.json';
import arCommon from '@/i18n/ar/common.json';
import arContact from '@/i18n/ar/contact.json';
import enAssistant from '@/i18n/en/assistant.json';
import enCommon from '@/i18n/en/common.json';
import enContact from '@/i18n/en/contact.json';
import arFaq from '@/i18n/ar/faq.json';
import arHandoff from '@/i18n/ar/handoff.json';
import arService from '@/i18n/ar/service.json';
import enFaq from '@/i18n/en/faq.json';
import enHandoff from '@/i18n/en/handoff.json';
import enService from '@/i18n/en/service.json';

/** All of a language's strings: the catalogue and the screens' own files. */
const all = (common: object, ...screens: object[]) => {
  const tree = structuredClone(common) as Record<string, Record<string, unknown>>;
  for (const s of screens) for (const [k, v] of Object.entries(s)) tree[k] = { ...tree[k], ...(v as object) };
  return tree;
};
const ar = all(arCommon, arContact, arAssistant, arService, arFaq, arHandoff);
const en = all(enCommon, enContact, enAssistant, enService, enFaq, enHandoff);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every dot path to a string, a plural string once, without its suffix. */
function leaves(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix.replace(PLURAL_SUFFIX, '')];
  return [...new Set(Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k)))];
}
/** Every dot path to a string, as written (plural forms each). */
function paths(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k));
}

describe('the interface strings', () => {
  it('have the same keys in Arabic and English, none empty', () => {
    expect(leaves(ar).sort()).toEqual(leaves(en).sort());
    for (const [key, text] of [...paths(ar), ...paths(en)]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();
    const byKey = (tree: object) => {
      const out = new Map<string, string[]>();
      for (const [key, text] of paths(tree)) {
        const base = key.replace(PLURAL_SUFFIX, '');
        // Every form of a plural string but the ones that name the count in words (zero, one, two).
        if (key !== base && !/_(few|many|other)$/.test(key)) continue;
        out.set(base, [...new Set([...(out.get(base) ?? []), ...placeholders(text)])].sort());
      }
      return out;
    };
    const arabic = byKey(ar);
    for (const [key, names] of byKey(en)) expect(arabic.get(key), key).toEqual(names);
  });

  it('looks keys up by path and fills {{placeholders}}', () => {
    const { t, has } = createTranslator('en');
    expect(t('nav.home')).toBe('Home');
    // String values in first-strong isolates (isolate.test.ts), numbers not.
    expect(t('footer.copyright', { year: 2031, company: 'Nahj' })).toBe(`© 2031 ${FSI}Nahj${PDI}. All rights reserved.`);
    expect(t('footer.hours', { days: 'Daily', opens: '9', closes: '8', isolate: false })).toBe('Daily, 9 to 8');
    expect(has('chatbot.tooltip')).toBe(true);
    expect(has('chatbot.nope')).toBe(false);
  });

  it("keeps screen-only strings out of every page's catalogue", () => {
    // The screens' modules add them (features/contact/__tests__/strings.test.ts).
    expect(leaves(enCommon).some((k) => k.startsWith('contact.'))).toBe(false);
    expect(leaves(enCommon).filter((k) => k.startsWith('chatbot.')).sort()).toEqual(['chatbot.open', 'chatbot.tooltip']);
  });

  it('shows the key itself for a string no language has, and an empty text for a missing value', () => {
    const { t } = createTranslator('en', { en: { a: { b: 'Hello {{name}}!' } } });
    expect(t('x.y' as MessageKey)).toBe('x.y');
    expect(t('a.b' as MessageKey, {})).toBe('Hello !');
    expect(t('a.b' as MessageKey, { name: 'Sara' })).toBe(`Hello ${FSI}Sara${PDI}!`);
  });

  it('falls back along the configured chain for a key a language lacks', () => {
    expect(languages().map((l) => [l.code, l.fallback])).toEqual([['ar', ['en']], ['en', ['ar']]]);
    const strings = {
      ar: { nav: { home: 'الرئيسية' }, onlyArabic: 'عربي' },
      en: { nav: { home: 'Home', blog: 'Blog' }, count_one: '{{count}} item', count_other: '{{count}} items' },
    };
    const arabic = createTranslator('ar', strings);
    const english = createTranslator('en', strings);
    expect(arabic.t('nav.home')).toBe('الرئيسية');
    expect(arabic.t('nav.blog')).toBe('Blog');
    expect(arabic.has('nav.blog')).toBe(true);
    expect(english.t('onlyArabic' as MessageKey)).toBe('عربي');
    // A plural string the language lacks takes the fallback language's form of the count.
    expect(arabic.t('count' as MessageKey, { count: 1 })).toBe('1 item');
    expect(arabic.t('count' as MessageKey, { count: 3 })).toBe('3 items');
    // Without a fallback language holding it, the key.
    expect(createTranslator('ar', { ar: strings.ar }).t('nav.blog')).toBe('nav.blog');
  });

  it('gives a call with values the same string every time, and never another call’s', () => {
    // Each call is compared with a translator over the same strings that has seen no call yet.
    const strings = {
      ar: { a: { hi: 'أهلاً {{name}} ({{n}})', n_zero: 'لا شيء', n_one: 'واحد', n_two: 'اثنان', n_few: '{{count}} قليلة', n_many: '{{count}} كثيرة', n_other: '{{count}} أخرى' } },
      en: { a: { hi: 'Hi {{name}} ({{n}})', n_one: '{{count}} thing', n_other: '{{count}} things' } },
    };
    const names = ['سارة', 'Sara', '","n":1', '["a.hi",{}]', 'a\u2028b', '\u2067x\u2069', '😀', ''];
    const values: Record<string, unknown>[] = [];
    for (const name of names) for (const n of [0, 1, 2, 3, 11, 100, 1.5, -0]) values.push({ name, n }, { n, name }, { name, n, isolate: false }, { count: n });
    // Not remembered (any value that is not a string or a finite number), still answered.
    values.push({ name: undefined, n: 1 }, { count: Number.NaN }, { count: Infinity }, { name: { toString: () => 'obj' }, n: 2 });
    for (const lang of ['ar', 'en'] as const) {
      const { t } = createTranslator(lang, strings);
      for (let round = 0; round < 2; round++) {
        for (const v of values) {
          const key = ('count' in v ? 'a.n' : 'a.hi') as MessageKey;
          const fresh = createTranslator(lang, strings).t(key, v as never);
          expect(t(key, v as never), `${lang} ${key} ${JSON.stringify(v)}`).toBe(fresh);
        }
      }
      expect(t('a.hi' as MessageKey, { name: 'سارة', n: 2 })).not.toBe(t('a.hi' as MessageKey, { name: 'Sara', n: 2 }));
    }
    // More calls than it remembers: every one still right.
    const { t } = createTranslator('en', strings);
    for (let i = 0; i < 2500; i++) expect(t('a.hi' as MessageKey, { name: `n${i % 1300}`, n: i })).toBe(`Hi ${FSI}n${i % 1300}${PDI} (${i})`);
  });

  it('renders a value holding markup as text, in text and in attributes (React escapes; i18next does not escape again)', () => {
    const { t } = createTranslator('en');
    const company = '<script>alert("x")</script> & Sons';
    const { container } = render(<a aria-label={t('nav.logoLabel', { company, isolate: false })}>{t('footer.copyright', { year: 2031, company })}</a>);
    expect(container.querySelector('script')).toBeNull();
    const link = container.querySelector('a')!;
    expect(link.textContent).toBe(`© 2031 ${FSI}${company}${PDI}. All rights reserved.`);
    expect(link.getAttribute('aria-label')).toBe(`${company}, home page`);
    expect(container.innerHTML).toContain('&lt;script&gt;alert("x")&lt;/script&gt; &amp; Sons');
  });

  it('finds strings added after a key was looked up', () => {
    const { t, has } = registerCatalogue('ar', arCommon);
    const key = 'cacheProbe.greeting' as MessageKey;
    expect([t(key), has(key)]).toEqual([key, false]);
    addStrings({ ar: { cacheProbe: { greeting: 'أهلاً {{name}}' } }, en: { cacheProbe: { greeting: 'Hi {{name}}' } } });
    expect(has(key)).toBe(true);
    expect(t(key, { name: 'سارة' })).toBe(`أهلاً ${FSI}سارة${PDI}`);
    // A string added again replaces the one looked up before.
    addStrings({ ar: { cacheProbe: { greeting: 'مرحباً' } }, en: { cacheProbe: { greeting: 'Hello' } } });
    expect(t(key)).toBe('مرحباً');
    expect(t('nav.home')).toBe(arCommon.nav.home);
  });

  it('loads a language once and keeps it', async () => {
    const first = await loadCatalogue('en');
    expect(await loadCatalogue('en')).toBe(first);
    expect(translatorFor('en')).toBe(first);
  });
});
