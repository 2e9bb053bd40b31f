// The date a service page is printed on, in the page's language: the table's locale and digits
// (`Intl.DateTimeFormat`), computed in the browser when the page is printed.
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { renderWithApp, routeData } from '@/__tests__/test-utils';
import type { Service } from '@/shared/page-data';
import { ServiceRoute } from '../service-screen';

const SERVICE: Service = {
  id: 'tax',
  title: 'Tax registration',
  summary: '',
  section: 'tax-finance',
  govIcons: [],
  icon: 'calculator',
  isPackage: false,
  content: { description: '', servicesOffered: [], requirements: [], timeline: '', timelineDays: null, notes: [] },
};

afterEach(() => vi.useRealTimers());

function printedOn(lang: string): string {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-04T10:00:00Z'));
  const path = `/${lang}/services/tax/`;
  const data = routeData(path, { kind: 'service', service: SERVICE });
  renderWithApp(<ServiceRoute data={data} lang={lang} />, { path, page: data.page });
  act(() => void window.dispatchEvent(new Event('beforeprint')));
  // The heading's lines: the company's name, then the date.
  return document.querySelector('[data-print-heading] p:nth-of-type(2)')?.textContent ?? '';
}

describe('the printed-on date', () => {
  it.each([
    // The shipped site's text (English used `en-GB` before the table; `en-AE` writes the same).
    // The date is in the page's own language, not isolated (i18n/isolate.ts).
    ['en', 'Printed on 4 March 2025'],
    ['ar', '4 مارس 2025'],
  ])('%s: %s', (lang, expected) => {
    expect(printedOn(lang)).toContain(expected);
  });

  describe('in Farsi', () => {
    withThreeLanguages();

    it('is written in Extended Arabic-Indic digits (the table\'s `arabext`)', () => {
      const text = printedOn('fa');
      expect(text).toMatch(/[۰-۹]/);
      expect(text).not.toMatch(/[0-9٠-٩]/);
    });
  });
});
