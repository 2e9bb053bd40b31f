// Which screen a path shows. React Router's `<Routes>` flattened and ranked the route tree and
// compiled a regular expression per route on every render: a fifth of each page's render in a
// render worker, for a tree that is small and never changes. It is matched here directly, with
// React Router's rules (segments decoded, static segments in any case, any number of trailing
// slashes, the most specific route first); a test holds this against React Router's own
// `matchRoutes` on the same tree, for generated paths.
import type { ScreenKind } from './screen-types';

/** `/:lang/<segment>` (lower case). `/:lang/` itself is the home screen. */
const ONE_SEGMENT: ReadonlyMap<string, ScreenKind> = new Map([
  ['home', 'home'],
  ['about', 'about'],
  ['services', 'services'],
  ['pricing', 'pricing'],
  ['faq', 'faq'],
  ['blog', 'blog'],
  ['contact', 'contact'],
  ['privacy', 'privacy'],
  ['terms', 'terms'],
  ['assistant-chat', 'assistantChat'],
]);

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
  const [, first, second] = parts.map((part) => part.toLowerCase());
  switch (parts.length) {
    case 1:
      return 'home';
    case 2:
      return ONE_SEGMENT.get(first!) ?? null;
    case 3:
      if (first === 'services') return 'service';
      return first === 'blog' ? 'blogPost' : null;
    case 4:
      return first === 'blog' && second === 'page' ? 'blog' : null;
    default:
      return null;
  }
}
