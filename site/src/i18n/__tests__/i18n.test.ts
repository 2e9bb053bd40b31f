import { describe, expect, it } from 'vitest';
import { addStrings, createTranslator, loadCatalogue, registerCatalogue, translatorFor, type MessageKey } from '@/i18n';
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

/** Every dot path to a string or a string's plural forms, for comparing the two catalogues. */
function leaves(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  if (typeof (node as { other?: unknown }).other === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('the interface strings', () => {
  it('have the same keys in Arabic and English, none empty', () => {
    expect(leaves(ar).sort()).toEqual(leaves(en).sort());
    for (const key of leaves(ar)) {
      expect(createTranslator('ar', ar).t(key as MessageKey).trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const tAr = createTranslator('ar', ar).t;
    const tEn = createTranslator('en', en).t;
    for (const key of leaves(en) as MessageKey[]) {
      expect(placeholders(tAr(key)), key).toEqual(placeholders(tEn(key)));
    }
  });

  it('looks keys up by path and fills {{placeholders}}', () => {
    const { t, has } = createTranslator('en', en);
    expect(t('nav.home')).toBe('Home');
    expect(t('footer.copyright', { year: 2031, company: 'Nahj' })).toBe('© 2031 Nahj. All rights reserved.');
    expect(t('footer.hours', { days: 'Daily', opens: '9', closes: '8' })).toBe('Daily, 9 to 8');
    expect(has('chatbot.tooltip')).toBe(true);
    expect(has('chatbot.nope')).toBe(false);
    expect(has('chatbot')).toBe(false); // a section is not a string
  });

  it("keeps screen-only strings out of every page's catalogue", () => {
    // The screens' modules add them (features/contact/__tests__/strings.test.ts).
    expect(leaves(enCommon).some((k) => k.startsWith('contact.'))).toBe(false);
    expect(leaves(enCommon).filter((k) => k.startsWith('chatbot.')).sort()).toEqual(['chatbot.open', 'chatbot.tooltip']);
  });

  it('shows the key itself for a missing string, and an empty text for a missing value', () => {
    const { t } = createTranslator('en', { a: { b: 'Hello {{name}}!' } });
    expect(t('x.y' as MessageKey)).toBe('x.y');
    expect(t('a.b' as MessageKey)).toBe('Hello {{name}}!');
    expect(t('a.b' as MessageKey, {})).toBe('Hello !');
  });

  it('finds strings added after a key was looked up (each key is looked up once, until strings are added)', () => {
    const { t, has } = registerCatalogue('ar', arCommon);
    const key = 'cacheProbe.greeting' as MessageKey;
    expect([t(key), has(key)]).toEqual([key, false]);
    expect(t(key)).toBe(key);
    addStrings({ ar: { cacheProbe: { greeting: 'أهلاً {{name}}' } }, en: { cacheProbe: { greeting: 'Hi {{name}}' } } });
    expect(has(key)).toBe(true);
    expect(t(key, { name: 'سارة' })).toBe('أهلاً سارة');
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
