// The contact screen's strings travel in its chunk, not in every page's catalogue: loading the
// module adds them to both languages (the test setup registered the catalogues without them).
import { describe, expect, it } from 'vitest';
import { translatorFor } from '@/i18n';
import arContact from '@/i18n/ar/contact.json';
import enContact from '@/i18n/en/contact.json';

describe("the contact screen's strings", () => {
  it('are served once its module has loaded, in both languages', async () => {
    expect(translatorFor('ar')!.has('contact.submit')).toBe(false);
    await import('../strings');
    expect(translatorFor('ar')!.t('contact.submit')).toBe(arContact.contact.submit);
    expect(translatorFor('en')!.t('contact.submit')).toBe(enContact.contact.submit);
    expect(translatorFor('en')!.t('nav.home')).toBe('Home'); // the catalogue is still whole
  });
});
