// The first page's data is inlined without what the document carries (its head, a post's
// body); the client reads those back. Fixtures: documents and page-data files from a build of
// the shipped site (asset links removed): what the client puts together must be exactly what
// `page-data.json` holds for the same route.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THREE_LANGUAGES, withThreeLanguages } from '@/__tests__/languages';
import { setLanguageTable } from '@/shared/languages';
import type { RouteData } from '@/shared/page-data';
import { completeInlineData, readHead, type InlineRouteData } from '../inline';

const FIXTURES = join(__dirname, 'fixtures');

function load(name: string): { doc: Document; inline: InlineRouteData; full: RouteData } {
  const html = readFileSync(join(FIXTURES, `${name}.html`), 'utf8');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const inline = JSON.parse(doc.getElementById('page-data')?.textContent ?? 'null') as InlineRouteData;
  const full = JSON.parse(readFileSync(join(FIXTURES, `${name}.page-data.json`), 'utf8')) as RouteData;
  return { doc, inline, full };
}

describe('inlined page data', () => {
  for (const name of ['ar-post', 'en-services']) {
    it(`${name}: leaves out the head, which the document holds`, () => {
      const { doc, inline, full } = load(name);
      expect(inline.head).toBeUndefined();
      expect(readHead(doc)).toEqual(full.head);
    });

    it(`${name}: completed from the document, equals page-data.json`, () => {
      const { doc, inline, full } = load(name);
      expect(completeInlineData(inline, doc)).toEqual(full);
    });
  }

  it("leaves out a post's body, and reads it back from the markup", () => {
    const { doc, inline, full } = load('ar-post');
    if (inline.page.kind !== 'blogPost' || full.page.kind !== 'blogPost') throw new Error('not a post');
    expect(inline.page.post).not.toHaveProperty('html');
    const data = completeInlineData(inline, doc);
    if (data.page.kind !== 'blogPost') throw new Error('not a post');
    expect(data.page.post.html).toBe(full.page.post.html);
    expect(data.page.post.html.length).toBeGreaterThan(1000);
  });

  it('stops at the shell’s own tags: hoisted and later elements are not part of the head', () => {
    const { doc, full } = load('en-services');
    const extra = doc.createElement('meta');
    extra.setAttribute('name', 'x-extension');
    doc.head.append(extra);
    expect(readHead(doc).tags).toEqual(full.head?.tags);
  });
});

describe('the language of the document', () => {
  const head = (lang: string, dir: string) =>
    readHead(new DOMParser().parseFromString(`<html lang="${lang}" dir="${dir}"><head><meta name="viewport"><meta name="theme-color"></head></html>`, 'text/html'));

  it('is read as written when the table has it', () => {
    expect([head('ar', 'rtl').lang, head('ar', 'rtl').dir]).toEqual(['ar', 'rtl']);
    expect([head('en', 'ltr').lang, head('en', 'ltr').dir]).toEqual(['en', 'ltr']);
  });

  it('falls back to the default language (and its direction) when the table lacks it', () => {
    expect([head('fa', 'rtl').lang, head('fa', 'rtl').dir]).toEqual(['ar', 'rtl']);
    expect([head('fr', 'ltr').lang, head('fr', 'ltr').dir]).toEqual(['ar', 'rtl']);
    expect([head('', '').lang, head('', '').dir]).toEqual(['ar', 'rtl']);
  });

  describe('with Farsi in the table', () => {
    withThreeLanguages();

    it('is Farsi, right to left', () => {
      expect([head('fa', 'rtl').lang, head('fa', 'rtl').dir]).toEqual(['fa', 'rtl']);
      expect([head('fa', '').lang, head('fa', '').dir]).toEqual(['fa', 'rtl']);
    });

    it('is the table default, not English, for an unknown language', () => {
      const restore = setLanguageTable(THREE_LANGUAGES.map((l) => ({ ...l, default: l.code === 'fa' })));
      try {
        expect([head('de', 'ltr').lang, head('de', 'ltr').dir]).toEqual(['fa', 'rtl']);
      } finally {
        restore();
      }
    });
  });
});
