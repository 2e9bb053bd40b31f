import { describe, expect, it } from 'vitest';
import { langFromPath } from '@/shared/locale';
import { normalizePath, paths, switchLanguagePath } from '@/shared/paths';

describe('the language of a path', () => {
  it.each([
    ['/ar/', 'ar'],
    ['/en/', 'en'],
    ['/en/blog/x/', 'en'],
    ['/en', 'en'],
    ['/fr/about/', 'ar'],
    ['/', 'ar'],
    ['/english/', 'ar'],
  ])('%s is %s', (path, lang) => {
    expect(langFromPath(path)).toBe(lang);
  });
});

describe('the language switch', () => {
  it.each([
    ['/en/home', 'ar', '/ar/'],
    ['/en/home/', 'ar', '/ar/'],
    ['/en/', 'ar', '/ar/'],
    ['/en', 'ar', '/ar/'],
    ['/ar/blog/golden-visa-guide/', 'en', '/en/blog/golden-visa-guide/'],
    ['/ar/blog/golden-visa-guide', 'en', '/en/blog/golden-visa-guide/'],
    ['/en/services/company-formation/', 'ar', '/ar/services/company-formation/'],
    ['/', 'en', '/en/'],
  ] as const)('%s → %s gives %s', (from, to, expected) => {
    expect(switchLanguagePath(from, to)).toBe(expected);
  });
});

describe('paths', () => {
  it('use one URL form with a trailing slash', () => {
    expect(paths.home('ar')).toBe('/ar/');
    expect(paths.blogPost('en', 'x')).toBe('/en/blog/x/');
    expect(paths.services('ar', 'tax-finance')).toBe('/ar/services/#tax-finance');
    expect(paths.pageData('/en/about')).toBe('/en/about/page-data.json');
    expect(normalizePath('/en//about')).toBe('/en/about/');
  });
});
