// Which screen a path shows. React Router's `<Routes>` flattened and ranked the route tree and
// compiled a regular expression per route on every render: a fifth of each page's render in a
// render worker, for a tree that is small and never changes. It is matched here directly, with
// React Router's rules (segments decoded, static segments in any case, any number of trailing
// slashes, the most specific route first); a test holds this against React Router's own
// `matchRoutes` on the same tree, for generated paths. The paths are the page table's
// (`shared/pages.json`), so a page kind declared there is found here with nothing else to edit.
import { PAGE_TABLE } from '@/shared/page-table';
import type { ScreenKind } from './screen-types';

interface Pattern {
  kind: ScreenKind;
  /** Lower-case static segments; `null` for a `:param`. */
  segments: (string | null)[];
  /** React Router's ranking: 10 per static segment, 3 per parameter. */
  score: number;
}

const PATTERNS: Pattern[] = Object.entries(PAGE_TABLE).flatMap(([kind, page]) =>
  page.paths.map((path) => {
    const segments = path === '' ? [] : path.split('/').map((s) => (s.startsWith(':') ? null : s.toLowerCase()));
    const score = segments.reduce((sum, s) => sum + (s === null ? 3 : 10), 0);
    return { kind: kind as ScreenKind, segments, score };
  }),
);

/** The path's segments, decoded as React Router decodes them (all, or none if one cannot be). */
function segments(pathname: string): string[] {
  const raw = pathname.replace(/\/+$/, '').split('/').slice(1);
  try {
    return raw.map((s) => decodeURIComponent(s));
  } catch {
    return raw;
  }
}

/**
 * The screen of `pathname` (`/:lang`, `/:lang/about`, `/:lang/services/:id`,
 * `/:lang/blog/page/:page`, `/:lang/blog/:slug`...), or null for a path no screen shows.
 */
export function screenForPath(pathname: string): ScreenKind | null {
  const parts = segments(pathname);
  if (parts.length === 0 || parts.some((part) => part === '')) return null;
  const rest = parts.slice(1).map((part) => part.toLowerCase());
  let best: Pattern | null = null;
  for (const pattern of PATTERNS) {
    if (pattern.segments.length !== rest.length) continue;
    if (!pattern.segments.every((s, i) => s === null || s === rest[i])) continue;
    if (best === null || pattern.score > best.score) best = pattern;
  }
  return best?.kind ?? null;
}
