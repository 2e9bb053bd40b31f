// @vitest-environment node
// Every string value put into an interface string sits in a first-strong isolate (FSI … PDI,
// i18n/isolate.ts), applied by the one i18next setup (i18n/index.ts) in every language;
// tests/e2e/bidi-isolation.spec.ts checks the order Chromium draws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { createTranslator, translatorFor, type MessageKey } from '@/i18n';
import { FSI, PDI, isolate } from '@/i18n/isolate';
import { formatTime } from '@/shared/date-time';

const LRI = '\u2066';
const RLI = '\u2067';
const RLO = '\u202e';
const PDF = '\u202c';
const RLM = '\u200f';
const LS = '\u2028';
const PS = '\u2029';

/** Whether the text's isolates are balanced, and it is one isolate from its first character to its last. */
function oneIsolate(text: string): boolean {
  let open = 0;
  for (const [i, ch] of [...text].entries()) {
    if (ch === LRI || ch === RLI || ch === FSI) open += 1;
    else if (ch === PDI) {
      open -= 1;
      if (open < 0) return false;
      if (open === 0 && i !== [...text].length - 1) return false;
    }
  }
  return open === 0 && [LRI, RLI, FSI].includes(text[0]!);
}

describe('isolate', () => {
  it('puts Arabic, English, a phone number and a date in a first-strong isolate', () => {
    for (const value of ['تجديد الإقامة', 'golden visa', '+971 4 555 0100', '2025-05-19', 'C++', '10 سنوات']) {
      expect(isolate(value)).toBe(`${FSI}${value}${PDI}`);
    }
  });

  it('keeps an empty value empty', () => {
    expect(isolate('')).toBe('');
  });

  it('keeps emoji whole (a surrogate pair, a joined sequence, a flag)', () => {
    for (const value of ['😀', '👩‍👩‍👧', '🇦🇪', 'visa 😀 تأشيرة']) expect(isolate(value)).toBe(`${FSI}${value}${PDI}`);
  });

  it('keeps a line separator (U+2028, bidi class WS: the isolate goes on past it)', () => {
    expect(isolate(`a${LS}ب`)).toBe(`${FSI}a${LS}ب${PDI}`);
  });

  it('writes a paragraph separator (bidi class B, which ends every isolate) as a space', () => {
    expect(isolate(`a${PS}ب`)).toBe(`${FSI}a ب${PDI}`);
    expect(isolate('a\r\nb\nc\rd\u0085e\u001cf')).toBe(`${FSI}a b c d e f${PDI}`);
  });

  it('cannot be closed or left open by bidi controls in the value', () => {
    // A PDI with no isolate opened before it would close ours: dropped.
    expect(isolate(`abc${PDI} عربي`)).toBe(`${FSI}abc عربي${PDI}`);
    // An isolate left open would take our PDI: closed at the value's end (here the value is
    // then one isolate, kept as it is).
    expect(isolate(`${RLI}abc`)).toBe(`${RLI}abc${PDI}`);
    expect(isolate(`ب ${LRI}abc`)).toBe(`${FSI}ب ${LRI}abc${PDI}${PDI}`);
    // Balanced isolates inside stay as they are.
    expect(isolate(`a ${LRI}050 123 4567${PDI} ب`)).toBe(`${FSI}a ${LRI}050 123 4567${PDI} ب${PDI}`);
    // Embeddings, overrides and marks stay: our PDI ends them.
    expect(isolate(`${RLO}abc`)).toBe(`${FSI}${RLO}abc${PDI}`);
    expect(isolate(`x${PDF}${RLM}y`)).toBe(`${FSI}x${PDF}${RLM}y${PDI}`);
  });

  it('does not isolate twice a value that is one isolate already (the build isolates Latin runs of Arabic content)', () => {
    expect(isolate(`${LRI}+971 4 555 0100${PDI}`)).toBe(`${LRI}+971 4 555 0100${PDI}`);
    expect(isolate(isolate('Sara Ali'))).toBe(isolate('Sara Ali'));
    // Two isolates side by side are not one.
    expect(isolate(`${LRI}a${PDI}${LRI}b${PDI}`)).toBe(`${FSI}${LRI}a${PDI}${LRI}b${PDI}${PDI}`);
  });

  it('gives any value back as one balanced isolate, its text unchanged', () => {
    const alphabet = ['a', 'Z', ' ', '1', '+', '.', 'ب', 'ع', '٣', '😀', LRI, RLI, FSI, PDI, RLO, PDF, RLM, LS, PS, '\n', '\r', '\u0085'];
    const controls = /[\u2066-\u2069]/g;
    // eslint-disable-next-line no-control-regex
    const separators = /\r\n|[\n\r\u001c-\u001e\u0085\u2029]/g;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((chars) => chars.join('')), (value) => {
        const out = isolate(value);
        if (value === '') return out === '';
        return oneIsolate(out) && !separators.test(out) && out.replace(controls, '') === value.replace(separators, ' ').replace(controls, '');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('interpolated values', () => {
  it('are isolated in Arabic and English, around an Arabic or a Latin query', () => {
    const ar = createTranslator('ar');
    const en = createTranslator('en');
    expect(ar.t('search.noResults', { query: '+971 4 555 0100' })).toContain(`«${FSI}+971 4 555 0100${PDI}»`);
    expect(ar.t('search.noResultsDialog', { query: 'C++' })).toContain(`«${FSI}C++${PDI}»`);
    expect(en.t('search.noResults', { query: '10 سنوات' })).toBe(`Nothing found for “${FSI}10 سنوات${PDI}”. Try other words, or browse the sections below.`);
    expect(en.t('common.by', { author: 'فريق التحرير' })).toBe(`By ${FSI}فريق التحرير${PDI}`);
  });

  it('are not numbers: a count, a year, a status, in the language’s digits, with the plural form of the count', () => {
    const ar = createTranslator('ar');
    const en = createTranslator('en');
    expect(en.t('search.results', { count: 1 })).toBe('1 result');
    expect(en.t('search.results', { count: 3 })).toBe('3 results');
    expect(ar.t('search.results', { count: 3 })).toBe('3 نتائج');
    expect(ar.t('search.results', { count: 11 })).toBe('11 نتيجةً');
    expect(en.t('footer.copyright', { year: 2031, company: 'Nahj' })).toBe(`© 2031 ${FSI}Nahj${PDI}. All rights reserved.`);
    expect(en.t('common.rating', { rating: 5 })).toBe('Rated 5 out of 5');
  });

  it('with `isolate: false` are written as given (aria-label, mailto: subject), remembered apart', () => {
    const { t } = createTranslator('en');
    const isolated = `${FSI}+971 4 555 0100${PDI}`;
    expect(t('floating.call', { phone: '+971 4 555 0100', isolate: false })).toBe('Call us on +971 4 555 0100');
    expect(t('floating.call', { phone: '+971 4 555 0100' })).toBe(`Call us on ${isolated}`);
    // Asked again, in the other order: each from its own entry of t's memory.
    expect(t('floating.call', { phone: '+971 4 555 0100', isolate: false })).toBe('Call us on +971 4 555 0100');
    expect(t('floating.call', { phone: '+971 4 555 0100' })).toBe(`Call us on ${isolated}`);
  });

  it('leave a missing value empty', () => {
    const { t } = createTranslator('en', { en: { a: 'Hello {{name}}!' } });
    expect(t('a' as MessageKey, {})).toBe('Hello !');
    expect(t('a' as MessageKey, { name: '' })).toBe('Hello !');
  });

  it('are isolated in strings a site adds for a language of its own', () => {
    const { t } = createTranslator('en', { en: { greeting: 'Welcome, {{name}} ({{count}})' } });
    expect(t('greeting' as MessageKey, { name: 'سارة', count: 2 })).toBe(`Welcome, ${FSI}سارة${PDI} (2)`);
  });

  it('leave the opening hours’ times alone (the handoff’s WhatsApp text carries them), and isolate them in the footer’s line', () => {
    const ar = createTranslator('ar');
    const nine = formatTime(ar, '09:00');
    expect(nine).toBe('9 صباحاً');
    expect(ar.t('footer.hours', { days: 'يومياً', opens: nine, closes: formatTime(ar, '20:00') })).toBe(
      `${FSI}يومياً${PDI}، من ${FSI}9 صباحاً${PDI} حتى ${FSI}8 مساءً${PDI}`,
    );
  });
});

describe('in a third language (Farsi, from the table)', () => {
  withThreeLanguages();

  it('are isolated, and numbers are in its own digits, not isolated', () => {
    const fa = translatorFor('fa')!;
    expect(fa.t('search.noResults', { query: 'golden visa' })).toContain(`«${FSI}golden visa${PDI}»`);
    const count = fa.t('search.results', { count: 12 });
    expect(count).toMatch(/^۱۲ /);
    expect(count).not.toContain(FSI);
    expect(formatTime(fa, '09:30')).toBe('۹:۳۰ صبح');
  });
});
