// The page table (`pages.json`): every page kind's paths and screen, and the collections of the
// site's own. Rust builds the route table, sitemap and cards from the same file; the app's path
// matcher, its links (`paths.ts`) and its screen loaders read it here. A kind declared there
// needs no other edit to be routed, linked and loaded.
import table from './pages.json';
import type { PageKind } from './page-data';

/** The page kinds that have a screen (as `app/routes/screen-types.ts` names them too). */
type ScreenKind = Exclude<PageKind, 'notFound'>;

export interface PageEntry {
  /** Path patterns after `/{lang}/` (`''`, `'services/:id'`), the canonical one first. */
  paths: string[];
  /** The screen's file in `app/routes/`, without `.tsx`. */
  module: string;
  /** The component it exports. */
  export: string;
  /** The collection a kind of the site's own lists. */
  collection?: string;
  /** Whether the sitemap lists the page (default: yes). */
  sitemap?: boolean;
}

/** Page kind → its entry (TypeScript checks that every kind of the page data has one). */
export const PAGE_TABLE: Record<ScreenKind, PageEntry> = table.pages;

/** `/{lang}/` and the kind's canonical path, its `:params` filled from `params`. */
export function pagePath(kind: ScreenKind, lang: string, params: Record<string, string> = {}): string {
  const pattern = PAGE_TABLE[kind].paths[0] ?? '';
  const rest = pattern
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? (params[s.slice(1)] ?? '') : s))
    .join('/');
  return rest === '' ? `/${lang}/` : `/${lang}/${rest}/`;
}
