// @vitest-environment node
// The app matches paths to screens itself (screen-for-path.ts); React Router's matchRoutes, on
// the route tree the page table describes (the tree the app used to give <Routes>), is the oracle.
import fc from 'fast-check';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGE_TABLE } from '@/shared/page-table';
import { screenForPath } from '../screen-for-path';
import type { ScreenKind } from '../screen-types';

/** The page table as React Router's tree (ids per route: React Router needs them unique). */
const TREE: RouteObject[] = [
  {
    path: '/:lang',
    children: [
      ...Object.entries(PAGE_TABLE).flatMap(([kind, page]) =>
        page.paths.map((path, i): RouteObject => (path === '' ? { index: true, id: `${kind}#${i}` } : { path, id: `${kind}#${i}` })),
      ),
      { path: '*', id: 'unknown-in-lang' },
    ],
  },
  { path: '*', id: 'unknown' },
];

const ALIASES: Record<string, ScreenKind | null> = {
  'unknown-in-lang': null,
  unknown: null,
};

/**
 * The screen React Router picks for `pathname`. It matches nothing at all (and <Routes> showed
 * an empty page) when a segment after the language holds a line separator (U+2028, U+2029, or
 * a decoded \n or \r): its catch-all pattern is `(.+)`, and `.` stops there. The app treats
 * such a path as any unknown path.
 */
function oracle(pathname: string): ScreenKind | null {
  const matches = matchRoutes(TREE, pathname);
  const id = matches?.at(-1)?.route.id;
  if (id === undefined) return null;
  return id in ALIASES ? ALIASES[id]! : (id.split('#')[0] as ScreenKind);
}

const SEGMENTS = [
  'ar', 'en', 'EN', 'Ar', 'fr', '', 'home', 'about', 'About', 'ABOUT', 'services', 'Services', 'pricing', 'faq',
  'blog', 'BLOG', 'page', 'Page', '2', '٣', 'contact', 'privacy', 'terms', 'assistant-chat', 'assistant_chat',
  'gdrfa-icp', 'تأشيرة-العمل', '%D8%AA%D8%A3%D8%B4%D9%8A%D8%B1%D8%A9', '%61bout', '%E0%A4%A', '%2F', 'a%2Fb', '..', '.',
  'post.html', 'emoji-🚀', '\u2028', '\u202e', ' ', 'x'.repeat(300),
];

describe('screenForPath', () => {
  it.each([
    ['/ar/', 'home'],
    ['/en', 'home'],
    ['/en/home/', 'home'],
    ['/ar/about/', 'about'],
    ['/en/services/', 'services'],
    ['/en/services/gdrfa-icp/', 'service'],
    ['/ar/blog/page/3/', 'blog'],
    ['/ar/blog/page/', 'blogPost'],
    ['/ar/blog/تأشيرة-العمل/', 'blogPost'],
    ['/en/assistant-chat/', 'assistantChat'],
    ['/en/ABOUT///', 'about'],
    ['/en/about/x/', null],
    ['/en//about/', null],
    ['/', null],
    ['/ar/\u2028/', null],
    ['/ar/%E2%80%A8/', null],
    ['/ar/blog/\u2028/', 'blogPost'],
  ])('%s → %s', (path, expected) => {
    expect(screenForPath(path)).toBe(expected);
    expect(oracle(path)).toBe(expected);
  });

  // React Router collapses a backslash next to a slash as if it were one (removeDoubleSlashes),
  // so `/%5C/` matched only its layout route and showed an empty page. Here it is like any other
  // language segment the site does not have (`/fr/`): the home screen, which LanguageProvider
  // shows in the default language. Generated paths leave backslashes out for that reason (and
  // `%` from their random parts, so no `%5C` either: the encoded cases are in `SEGMENTS`).
  it('treats a language segment of backslashes like any other unknown language', () => {
    expect(screenForPath('/%5C/')).toBe(screenForPath('/fr/'));
    expect(screenForPath('/en/%5C/')).toBeNull();
  });

  it("agrees with React Router's matchRoutes on generated paths", () => {
    const path = fc
      .tuple(
        fc.array(fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ maxLength: 6 }).map((s) => s.replace(/[/?#\\%]/g, ''))), {
          maxLength: 6,
        }),
        fc.constantFrom('', '/', '//', '///'),
      )
      .map(([parts, end]) => `/${parts.join('/')}${end}`);
    fc.assert(
      fc.property(path, (p) => {
        expect(screenForPath(p)).toBe(oracle(p));
      }),
      { numRuns: 5000 },
    );
  });
});
