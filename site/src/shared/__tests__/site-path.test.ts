// @vitest-environment node
// Which links are this site's pages (the router follows them): any language of the table, as
// the first segment, and nothing else. Rich text and the assistant's answers both ask.
import { describe, expect, it } from 'vitest';
import { isSitePath, languages, setLanguageTable } from '../languages';

describe('isSitePath', () => {
  it.each(['/ar/', '/en', '/en/services/', '/ar?q=1', '/en#faq', '/ar/blog/تأشيرة/'])('%s is a page of the site', (href) => {
    expect(isSitePath(href)).toBe(true);
  });

  it.each(['/fr/', '//en/x', '/enx/', '/', '', 'en/', 'https://example.com/en/', '/ar\\x', '/%61r/'])('%s is not', (href) => {
    expect(isSitePath(href)).toBe(false);
  });

  it('follows the table, not a list of two codes', () => {
    for (const { code } of languages()) expect(isSitePath(`/${code}/`)).toBe(true);
    expect(isSitePath('/fa/')).toBe(false);
    const restore = setLanguageTable([...languages(), { ...languages()[0]!, code: 'fa' }]);
    try {
      expect(isSitePath('/fa/blog/')).toBe(true);
    } finally {
      restore();
    }
  });
});
