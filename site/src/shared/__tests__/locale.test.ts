// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { defaultLang, direction, fontClass, intlLocale, isLanguage, language } from '@/shared/languages';
import { langFromPath, langPrefix, nextLanguage } from '@/shared/locale';
import { switchLanguagePath } from '@/shared/paths';

describe('the language after a navigation', () => {
  it.each([
    // current, path, language after
    ['ar', '/en/', 'en'],
    ['ar', '/en/blog/golden-visa-guide/', 'en'],
    ['en', '/ar/services/', 'ar'],
    ['en', '/en/about/', 'en'],
    ['ar', '/ar', 'ar'],
    // a first segment that is not a language keeps the current language
    ['en', '/fr/about/', 'en'],
    ['en', '/', 'en'],
    ['ar', '/english/', 'ar'],
    ['en', '/AR/', 'en'],
  ] as const)('on %s, %s gives %s', (current, path, expected) => {
    expect(nextLanguage(current, path)).toBe(expected);
  });

  it('reads the prefix only from the first segment', () => {
    expect(langPrefix('/blog/en/')).toBeNull();
    expect(langPrefix('//en//about')).toBe('en');
  });
});

describe('the languages of the table', () => {
  it('only the table names a language: a prefix it lacks is a path in the default language', () => {
    expect(langPrefix('/fa/about/')).toBeNull();
    expect(langFromPath('/fa/about/')).toBe('ar');
    // ...and switching keeps it as a path segment.
    expect(switchLanguagePath('/fa/about/', 'en')).toBe('/en/fa/about/');
  });

  describe('with Farsi as a third language', () => {
    withThreeLanguages();

    it.each([
      ['/fa/', 'fa'],
      ['/fa/services/tax/', 'fa'],
      ['/en/', 'en'],
      ['/', 'ar'],
      ['/FA/', 'ar'],
    ])('%s is in %s', (path, lang) => {
      expect(langFromPath(path)).toBe(lang);
    });

    it('switches any language to any other, keeping the path', () => {
      for (const from of ['ar', 'en', 'fa']) {
        for (const to of ['ar', 'en', 'fa']) {
          expect(switchLanguagePath(`/${from}/services/tax/`, to)).toBe(`/${to}/services/tax/`);
          expect(switchLanguagePath(`/${from}/home/`, to)).toBe(`/${to}/`);
        }
      }
    });

    it('gives each language its direction, font and Intl locale from the table', () => {
      expect(['ar', 'en', 'fa'].map((l) => [direction(l), fontClass(l), intlLocale(l)])).toEqual([
        ['rtl', 'font-cairo', 'ar-AE-u-nu-latn'],
        ['ltr', 'font-poppins', 'en-AE-u-nu-latn'],
        ['rtl', 'font-vazirmatn', 'fa-IR-u-nu-arabext'],
      ]);
    });

    it('keeps the default language the table names', () => {
      expect(defaultLang()).toBe('ar');
      expect(language('xx').code).toBe('ar');
      expect(isLanguage('fa')).toBe(true);
      expect(isLanguage('')).toBe(false);
      expect(isLanguage(undefined)).toBe(false);
    });
  });
});
