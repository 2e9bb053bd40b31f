import { describe, expect, it } from 'vitest';
import { createTranslator, forgetIntlObjects, type MessageKey } from '@/i18n';
import arCommon from '@/i18n/ar/common.json';
import arContact from '@/i18n/ar/contact.json';
import arService from '@/i18n/ar/service.json';
import enCommon from '@/i18n/en/common.json';
import enContact from '@/i18n/en/contact.json';
import enService from '@/i18n/en/service.json';

const COUNTS = [0, 1, 2, 3, 11, 100, 101];
const ar = createTranslator('ar', { ...arCommon, ...arContact, ...arService });
const en = createTranslator('en', { ...enCommon, ...enContact, ...enService });
const each = (t: typeof ar.t, key: MessageKey) => COUNTS.map((count) => t(key, { count }));

/** Every string of a catalogue that has plural forms, by its dot path. */
function pluralStrings(node: unknown, prefix = ''): [string, Record<string, string>][] {
  if (node === null || typeof node !== 'object') return [];
  if (typeof (node as { other?: unknown }).other === 'string') return [[prefix, node as Record<string, string>]];
  return Object.entries(node).flatMap(([k, v]) => pluralStrings(v, prefix ? `${prefix}.${k}` : k));
}

describe('counts in the interface strings', () => {
  it('choose the same forms after the plural rules are forgotten (as before a worker snapshot) and made again', () => {
    const t = createTranslator('ar', { n: { zero: 'صفر', one: 'واحد', two: 'اثنان', few: 'قليل', many: 'كثير', other: 'آخر' } }).t;
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
    const arabic = pluralStrings({ ...arCommon, ...arContact, ...arService });
    expect(arabic.map(([key]) => key).sort()).toEqual(pluralStrings({ ...enCommon, ...enContact, ...enService }).map(([key]) => key).sort());
    expect(arabic.length).toBeGreaterThanOrEqual(5);
    for (const [key, forms] of arabic) {
      expect(Object.keys(forms).sort(), key).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
      for (const form of ['few', 'many', 'other']) expect(forms[form], `${key}.${form}`).toContain('{{count}}');
    }
    for (const [key, forms] of pluralStrings({ ...enCommon, ...enContact, ...enService })) {
      expect(Object.keys(forms).sort(), key).toEqual(['one', 'other']);
    }
  });

  it('falls back to `other` without a count or for a form the language lacks', () => {
    const t = createTranslator('ar', { x: { other: '{{count}} عنصر', one: 'عنصر واحد' } }).t;
    expect(t('x' as MessageKey)).toBe('{{count}} عنصر');
    expect(t('x' as MessageKey, { count: 2 })).toBe('2 عنصر');
    expect(t('x' as MessageKey, { count: 1 })).toBe('عنصر واحد');
    expect(t('x' as MessageKey, { count: '1' })).toBe('1 عنصر');
  });

  it('writes no number word where the count is a placeholder: every counted string is a plural', () => {
    // A string with {{count}} that is not plural forms would be right for some counts only.
    const flat = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : node && typeof node === 'object' && !('other' in node) ? Object.values(node).flatMap(flat) : [];
    for (const text of [...flat(arCommon), ...flat(arContact), ...flat(enCommon), ...flat(enContact)]) {
      expect(text).not.toMatch(/\{\{\s*(count|min|max)\s*\}\}/);
    }
  });
});
