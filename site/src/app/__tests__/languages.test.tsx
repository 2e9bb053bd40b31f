// The whole page, rendered by the server entry, for every language of a three-language table
// (Arabic, English, and Farsi: right-to-left, Extended Arabic-Indic digits, Vazirmatn): its
// direction, language and font come from the table, not from the language's code.
import { describe, expect, it } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { routeData } from '@/__tests__/test-utils';
import { render } from '@/entry-server';

const FONTS = ['font-cairo', 'font-poppins', 'font-vazirmatn'];

function page(path: string): HTMLElement {
  const html = render(path, routeData(path, { kind: 'contact' }));
  const root = document.createElement('div');
  root.innerHTML = html;
  return root.firstElementChild as HTMLElement;
}

describe('a page with the shipped two languages', () => {
  it.each([
    ['/ar/contact/', 'ar', 'rtl', 'font-cairo'],
    ['/en/contact/', 'en', 'ltr', 'font-poppins'],
  ])('%s is lang=%s dir=%s in %s', (path, lang, dir, font) => {
    const layout = page(path);
    expect([layout.lang, layout.dir]).toEqual([lang, dir]);
    expect(FONTS.filter((f) => layout.classList.contains(f))).toEqual([font]);
  });

  it('switches language with one link to the same page in the other language, as before', () => {
    const footer = page('/ar/contact/').querySelector('footer')!;
    expect(footer.querySelector('details')).toBeNull();
    const links = [...footer.querySelectorAll('a[hreflang]')];
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.getAttribute('href')).toBe('/en/contact/');
    expect(link.getAttribute('lang')).toBe('en');
    // No dir: the icon stays on the side it was (the link is laid out in the page's direction).
    expect(link.getAttribute('dir')).toBeNull();
    expect(link.getAttribute('aria-label')).toBe('Read this page in English');
    expect(link.textContent).toBe('English');
    expect(link.classList.contains('font-poppins')).toBe(true);
  });
});

describe('a page with three languages', () => {
  withThreeLanguages();

  it.each([
    ['/ar/contact/', 'ar', 'rtl', 'font-cairo'],
    ['/en/contact/', 'en', 'ltr', 'font-poppins'],
    ['/fa/contact/', 'fa', 'rtl', 'font-vazirmatn'],
  ])('%s is lang=%s dir=%s in %s', (path, lang, dir, font) => {
    const layout = page(path);
    expect([layout.lang, layout.dir]).toEqual([lang, dir]);
    expect(FONTS.filter((f) => layout.classList.contains(f))).toEqual([font]);
  });

  it('shows Farsi strings, and the ones Farsi lacks from its fallbacks (Arabic first)', () => {
    const layout = page('/fa/contact/');
    expect(layout.querySelector('footer nav h2')?.textContent).toBe('پیوندهای سریع');
    // Farsi has no `footer.mainServices`: Arabic's, the first of its chain.
    expect(layout.querySelector('footer')?.textContent).toContain('أبرز خدماتنا');
    // The opening hours in Farsi's own clock words, and numbers in its digits (arabext).
    expect(layout.querySelector('footer')?.textContent).toContain('۹ صبح');
    expect(layout.querySelector('footer')?.textContent).toContain('۸ بعدازظهر');
    expect(layout.querySelector('footer')?.textContent).toContain('۲۰۳۱'); // the copyright's {{year}}
    expect(layout.querySelector('footer')?.textContent).not.toContain('2031');
  });

  it('switches language with a menu of every language, each keeping the path', () => {
    const footer = page('/fa/contact/').querySelector('footer')!;
    const menu = footer.querySelector('details')!;
    expect(menu.querySelector('summary')?.textContent).toBe('زبان‌ها');
    const entries = [...menu.querySelectorAll('a')].map((a) => ({
      text: a.textContent,
      href: a.getAttribute('href'),
      lang: a.getAttribute('lang'),
      hrefLang: a.getAttribute('hreflang'),
      dir: a.getAttribute('dir'),
      current: a.getAttribute('aria-current'),
    }));
    expect(entries).toEqual([
      { text: 'العربية', href: '/ar/contact/', lang: 'ar', hrefLang: 'ar', dir: 'rtl', current: null },
      { text: 'English', href: '/en/contact/', lang: 'en', hrefLang: 'en', dir: 'ltr', current: null },
      { text: 'فارسی', href: '/fa/contact/', lang: 'fa', hrefLang: 'fa', dir: 'rtl', current: 'page' },
    ]);
  });
});
