// The first page's data is inlined without what the document carries (its head, a post's
// body); the client reads those back. Fixtures: documents and page-data files from a build of
// the shipped site (asset links removed): what the client puts together must be exactly what
// `page-data.json` holds for the same route.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
