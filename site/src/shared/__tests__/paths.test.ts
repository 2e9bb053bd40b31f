// @vitest-environment node
import { describe, expect, it } from 'vitest';
import contract from '../../../../tests/contracts/paths.json';
import { languages } from '@/shared/languages';
import { langFromPath } from '@/shared/locale';
import type { Lang } from '@/shared/page-data';
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

// The contract with Rust: `tests/contracts/paths.json`, written by the Rust side (cargo test;
// SAHEL_UPDATE_CONTRACTS=1 rewrites it) with the path of every route kind in both languages.
describe('the paths Rust writes (tests/contracts/paths.json)', () => {
  interface ContractRoute {
    kind: string;
    id?: string | number;
    lang: Lang;
    path: string;
    pageData: string;
  }
  const routes = contract as ContractRoute[];
  const name = (route: ContractRoute) => `${route.kind}${route.id === undefined ? '' : ` ${route.id}`} (${route.lang})`;

  /** The paths.ts function of each kind it builds; `homeAlias` and `blogPage` come from Rust only. */
  const BUILDERS: Record<string, (lang: Lang, id: string) => string> = {
    home: paths.home,
    about: paths.about,
    services: (lang) => paths.services(lang),
    service: paths.service,
    pricing: paths.pricing,
    faq: paths.faq,
    blog: paths.blog,
    blogPost: paths.blogPost,
    contact: paths.contact,
    privacy: paths.privacy,
    terms: paths.terms,
    assistantChat: paths.assistantChat,
  };
  const RUST_ONLY = ['blogPage', 'homeAlias'];

  it('covers every kind paths.ts builds, in both languages, and no kind it does not know', () => {
    for (const kind of Object.keys(BUILDERS)) {
      expect(routes.filter((route) => route.kind === kind).map((route) => route.lang).sort(), kind).toEqual(['ar', 'en']);
    }
    expect([...new Set(routes.map((route) => route.kind))].filter((kind) => !(kind in BUILDERS)).sort()).toEqual(RUST_ONLY);
  });

  it.each(routes.filter((route) => route.kind in BUILDERS).map((route) => [name(route), route] as const))('builds the path of %s', (_, route) => {
    expect(BUILDERS[route.kind]!(route.lang, String(route.id ?? ''))).toBe(route.path);
  });

  it.each(routes.map((route) => [name(route), route] as const))('finds the page data of %s', (_, route) => {
    expect(paths.pageData(route.path)).toBe(route.pageData);
  });

  it.each(routes.map((route) => [name(route), route] as const))('switches %s to the same page in the other language', (_, route) => {
    const to = languages().find((l) => l.code !== route.lang)!.code;
    const kind = route.kind === 'homeAlias' ? 'home' : route.kind;
    const counterpart = routes.find((other) => other.lang === to && other.kind === kind && (kind === 'home' || other.id === route.id));
    expect(counterpart, `the ${to} ${kind}`).toBeDefined();
    expect(switchLanguagePath(route.path, to)).toBe(counterpart!.path);
  });
});
