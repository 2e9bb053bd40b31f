import type { Lang } from '@/shared/page-data';
import { normalizePath, paths } from '@/shared/paths';

export type NavKey = 'home' | 'about' | 'services' | 'pricing' | 'faq' | 'blog' | 'contact';

/** The header's seven items, in order. */
export const NAV_ITEMS: { key: NavKey; href: (lang: Lang) => string }[] = [
  { key: 'home', href: paths.home },
  { key: 'about', href: paths.about },
  { key: 'services', href: (lang) => paths.services(lang) },
  { key: 'pricing', href: paths.pricing },
  { key: 'faq', href: paths.faq },
  { key: 'blog', href: paths.blog },
  { key: 'contact', href: paths.contact },
];

/**
 * Whether a nav item is the current page (`page`), an ancestor of it (`true`: a service under
 * Services, a post under Blog), or neither. `/<lang>/home/` is the home page.
 */
export function navCurrent(key: NavKey, lang: Lang, pathname: string): 'page' | 'true' | undefined {
  const path = normalizePath(pathname);
  const target = NAV_ITEMS.find((item) => item.key === key)!.href(lang);
  if (key === 'home') return path === target || path === `/${lang}/home/` ? 'page' : undefined;
  if (path === target) return 'page';
  return path.startsWith(target) ? 'true' : undefined;
}
