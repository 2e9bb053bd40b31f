import { MemoryRouter } from 'react-router-dom';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TimelineBar } from '@/features/service-tools/timeline-bar';
import { LanguageProvider } from '@/shared/language/language-provider';
import { PageDataProvider } from '@/shared/page-data/page-data-provider';
import { withThreeLanguages } from '@/__tests__/languages';
import { renderWithApp, routeData } from '@/__tests__/test-utils';

function serverMarkup(lang: 'ar' | 'en', min: number, max: number): string {
  const path = `/${lang}/services/tax/`;
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <PageDataProvider initial={routeData(path)}>
        <LanguageProvider>
          <TimelineBar min={min} max={max} />
        </LanguageProvider>
      </PageDataProvider>
    </MemoryRouter>,
  );
}

const attr = (html: string, marker: string, name: string) => new RegExp(`<[^>]*${marker}[^>]*>`).exec(html)?.[0].match(new RegExp(` ${name}="([^"]*)"`))?.[1];

describe('the timeline bar', () => {
  it('carries no style attribute (the CSP refuses inline style): the range is drawn with SVG attributes', () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const [min, max] of [[2, 7], [5, 15], [1, 1], [3, 3]]) {
        const html = serverMarkup(lang, min!, max!);
        expect(html, `${lang} ${min}-${max}`).not.toMatch(/\sstyle=/);
        expect(html).not.toContain('<style');
      }
    }
  });

  it('fills day min to day max of the scale, from the right in Arabic', () => {
    // 5 to 15 working days on a scale of 15: the range starts after 4 days (26.667%).
    const en = serverMarkup('en', 5, 15);
    expect(attr(en, 'data-timeline-fill', 'x')).toBe('26.667%');
    expect(attr(en, 'data-timeline-fill', 'width')).toBe('73.333%');
    const ar = serverMarkup('ar', 5, 15);
    expect(attr(ar, 'data-timeline-fill', 'x')).toBe('0%');
    expect(attr(ar, 'data-timeline-fill', 'width')).toBe('73.333%');
    // 2 to 7 on a scale of 10: the figures under the range's ends, the scale's end at the track's.
    const en7 = serverMarkup('en', 2, 7);
    expect(attr(en7, 'data-timeline-min', 'x')).toBe('10%');
    expect(attr(en7, 'data-timeline-max', 'x')).toBe('70%');
    expect(attr(en7, 'data-timeline-scale', 'x')).toBe('100%');
    const ar7 = serverMarkup('ar', 2, 7);
    expect(attr(ar7, 'data-timeline-min', 'x')).toBe('90%');
    expect(attr(ar7, 'data-timeline-max', 'x')).toBe('30%');
    expect(attr(ar7, 'data-timeline-scale', 'x')).toBe('0%');
  });
});

describe('the timeline bar in a language with other digits', () => {
  withThreeLanguages();

  it('writes its figures and its sentence in the language\'s digits (Farsi: arabext)', () => {
    renderWithApp(<TimelineBar min={2} max={7} />, { path: '/fa/services/tax/' });
    expect(document.querySelector('[data-timeline-min]')?.textContent).toBe('۲');
    expect(document.querySelector('[data-timeline-max]')?.textContent).toBe('۷');
    expect(document.querySelector('[data-timeline-bar] .sr-only')?.textContent).toMatch(/۲.*۷/);
    expect(document.querySelector('[data-timeline-bar]')?.textContent).not.toMatch(/[0-9]/);
  });
});
