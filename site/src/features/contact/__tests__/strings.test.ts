// @vitest-environment node
// The contact screen's strings travel in its chunk, not in every page's catalogue: loading the
// module adds them to both languages (the test setup registered the catalogues without them).
import { describe, expect, it } from 'vitest';
import { translatorFor } from '@/i18n';
import arContact from '@/i18n/ar/contact.json';
import enContact from '@/i18n/en/contact.json';
import { isDialable } from '../validate';

describe("the contact screen's strings", () => {
  it('are served once its module has loaded, in both languages', async () => {
    expect(translatorFor('ar')!.has('contact.submit')).toBe(false);
    await import('../strings');
    expect(translatorFor('ar')!.t('contact.submit')).toBe(arContact.contact.submit);
    expect(translatorFor('en')!.t('contact.submit')).toBe(enContact.contact.submit);
    expect(translatorFor('en')!.t('nav.home')).toBe('Home'); // the catalogue is still whole
  });

  it('give the Arabic phone example as two dialable numbers in left-to-right isolates, the same numbers as in English', () => {
    // Without the isolates, a right-to-left paragraph shows "050 123 4567" as "4567 123 050".
    const text = arContact.contact.errors.phone;
    const isolated = [...text.matchAll(/\u2066([^\u2066\u2069]*)\u2069/g)].map((m) => m[1]!);
    expect(isolated).toEqual(['+971 50 123 4567', '050 123 4567']);
    for (const number of isolated) {
      expect(isDialable(number), number).toBe(true);
      expect(enContact.contact.errors.phone).toContain(number);
    }
    // Outside the isolates, no digit: nothing else is left to the bidi algorithm.
    expect(text.replace(/\u2066[^\u2069]*\u2069/g, '')).not.toMatch(/\d/);
    // No left-to-right mark left over from an earlier fix: the isolates do the work.
    expect(text).not.toContain('\u200e');
  });
});
