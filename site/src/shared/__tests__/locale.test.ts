import { describe, expect, it } from 'vitest';
import { langPrefix, nextLanguage } from '@/shared/locale';

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
