// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createTranslator, forgetIntlObjects, type MessageKey } from '@/i18n';
import arCommon from '@/i18n/ar/common.json';
import arContact from '@/i18n/ar/contact.json';
import arService from '@/i18n/ar/service.json';
import enCommon from '@/i18n/en/common.json';
import enContact from '@/i18n/en/contact.json';
import enService from '@/i18n/en/service.json';

// Each Arabic plural category at its first count (zero, one, two, few, many, other) and 101.
const COUNTS = [0, 1, 2, 3, 11, 100, 101];
const arStrings = { ...arCommon, ...arContact, ...arService };
const enStrings = { ...enCommon, ...enContact, ...enService };
// Each language on its own: a missing form must show here, not be hidden by a fallback.
const ar = createTranslator('ar', { ar: arStrings });
const en = createTranslator('en', { en: enStrings });
const each = (t: typeof ar.t, key: MessageKey) => COUNTS.map((count) => t(key, { count }));
const FORM = /^(.*)_(zero|one|two|few|many|other)$/;

/** Every string of a catalogue that has plural forms (i18next's `key_<form>` suffixes), by its
 * dot path without the suffix, with its forms. */
function pluralStrings(node: unknown, prefix = ''): [string, Record<string, string>][] {
  if (node === null || typeof node !== 'object') return [];
  const found = new Map<string, Record<string, string>>();
  const nested: [string, Record<string, string>][] = [];
  for (const [k, v] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${k}` : k;
    const form = FORM.exec(path);
    const [, base, category] = form ?? [];
    if (typeof v === 'string' && base && category) found.set(base, { ...found.get(base), [category]: v });
    else nested.push(...pluralStrings(v, path));
  }
  return [...found, ...nested];
}

describe('counts in the interface strings', () => {
  it('choose the same forms after the plural rules are forgotten (as before a worker snapshot) and made again', () => {
    const t = createTranslator('ar', { ar: { n_zero: 'صفر', n_one: 'واحد', n_two: 'اثنان', n_few: 'قليل', n_many: 'كثير', n_other: 'آخر' } }).t;
    const forms = () => [0, 1, 2, 3, 11, 100].map((count) => t('n' as MessageKey, { count }));
    const before = forms();
    expect(before).toEqual(['صفر', 'واحد', 'اثنان', 'قليل', 'كثير', 'آخر']);
    forgetIntlObjects();
    expect(forms()).toEqual(before);
    expect(en.t('n' as MessageKey)).toBe('n');
  });

  it('take the Arabic form of each count: zero, one, two, few (3–10), many (11–99), other (100, 101)', () => {
    expect(each(ar.t, 'home.servicesCount')).toEqual(['لا خدمات', 'خدمة واحدة', 'خدمتان', '3 خدمات', '11 خدمةً', '100 خدمة', '101 خدمة']);
    expect(each(ar.t, 'contact.errors.nameShort')).toEqual([
      'يُرجى كتابة اسمك الكامل.',
      'يُرجى كتابة اسمك الكامل (حرف واحد على الأقل).',
      'يُرجى كتابة اسمك الكامل (حرفان على الأقل).',
      'يُرجى كتابة اسمك الكامل (3 أحرف على الأقل).',
      'يُرجى كتابة اسمك الكامل (11 حرفاً على الأقل).',
      'يُرجى كتابة اسمك الكامل (100 حرف على الأقل).',
      'يُرجى كتابة اسمك الكامل (101 حرف على الأقل).',
    ]);
    expect(each(ar.t, 'contact.errors.messageLong')).toEqual([
      'يُرجى ترك الرسالة فارغة.',
      'يُرجى ألّا تتجاوز الرسالة حرفاً واحداً.',
      'يُرجى ألّا تتجاوز الرسالة حرفين.',
      'يُرجى ألّا تتجاوز الرسالة 3 أحرف.',
      'يُرجى ألّا تتجاوز الرسالة 11 حرفاً.',
      'يُرجى ألّا تتجاوز الرسالة 100 حرف.',
      'يُرجى ألّا تتجاوز الرسالة 101 حرف.',
    ]);
  });

  it('count working days in the timeline bar with the Arabic form of each count', () => {
    expect(each(ar.t, 'serviceTools.timelineSame')).toEqual([
      'تُنجز عادةً في يوم العمل نفسه',
      'تستغرق عادةً يوم عمل واحداً',
      'تستغرق عادةً يومَي عمل',
      'تستغرق عادةً 3 أيام عمل',
      'تستغرق عادةً 11 يوم عمل',
      'تستغرق عادةً 100 يوم عمل',
      'تستغرق عادةً 101 يوم عمل',
    ]);
    const range = (min: number, count: number) => ar.t('serviceTools.timelineRange', { min, count });
    expect([range(1, 2), range(2, 7), range(5, 15), range(10, 100)]).toEqual([
      'تستغرق عادةً يوم عمل أو يومين',
      'تستغرق عادةً من 2 إلى 7 أيام عمل',
      'تستغرق عادةً من 5 إلى 15 يوم عمل',
      'تستغرق عادةً من 10 إلى 100 يوم عمل',
    ]);
  });

  it('take the English form of each count: one, other', () => {
    expect(each(en.t, 'home.servicesCount')).toEqual(['0 services', '1 service', '2 services', '3 services', '11 services', '100 services', '101 services']);
    expect(each(en.t, 'contact.errors.messageShort')).toEqual([
      'Please tell us a little more (at least 0 characters).',
      'Please tell us a little more (at least 1 character).',
      'Please tell us a little more (at least 2 characters).',
      'Please tell us a little more (at least 3 characters).',
      'Please tell us a little more (at least 11 characters).',
      'Please tell us a little more (at least 100 characters).',
      'Please tell us a little more (at least 101 characters).',
    ]);
  });

  it('give every Arabic string with a count all six forms, and each English one its two', () => {
    const arabic = pluralStrings(arStrings);
    expect(arabic.map(([key]) => key).sort()).toEqual(pluralStrings(enStrings).map(([key]) => key).sort());
    expect(arabic.length).toBeGreaterThanOrEqual(5);
    for (const [key, forms] of arabic) {
      expect(Object.keys(forms).sort(), key).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
      for (const form of ['few', 'many', 'other']) expect(forms[form], `${key}.${form}`).toContain('{{count}}');
    }
    for (const [key, forms] of pluralStrings(enStrings)) {
      expect(Object.keys(forms).sort(), key).toEqual(['one', 'other']);
    }
  });

  it("takes the language's `other` form for a form it lacks", () => {
    const t = createTranslator('ar', { ar: { x_other: '{{count}} عنصر', x_one: 'عنصر واحد' } }).t;
    expect(t('x' as MessageKey, { count: 2 })).toBe('2 عنصر');
    expect(t('x' as MessageKey, { count: 1 })).toBe('عنصر واحد');
  });

  it('has every form of a counted string tested at 0, 1, 2, 3, 11 and 100 in Arabic, each a different category', () => {
    const rules = new Intl.PluralRules('ar');
    expect([0, 1, 2, 3, 11, 100].map((n) => rules.select(n))).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    for (const [key] of pluralStrings(arStrings)) {
      const forms = [0, 1, 2, 3, 11, 100].map((count) => ar.t(key as MessageKey, { count }));
      expect(new Set(forms).size, `${key}: ${forms.join(' | ')}`).toBe(6);
      for (const text of forms) expect(text, key).not.toMatch(/\{\{|_(zero|one|two|few|many|other)$/);
    }
  });

  it('writes no number word where the count is a placeholder: every counted string is a plural', () => {
    // A string with {{count}} that is not plural forms would be right for some counts only.
    const flat = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => (FORM.test(k) ? [] : flat(v))) : [];
    for (const text of [...flat(arCommon), ...flat(arContact), ...flat(enCommon), ...flat(enContact)]) {
      expect(text).not.toMatch(/\{\{\s*(count|min|max)\s*\}\}/);
    }
  });
});
