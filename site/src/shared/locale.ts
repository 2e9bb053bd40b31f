import type { Lang } from './page-data';

/** The one locale table: direction per language. */
export const DIRECTION: Record<Lang, 'rtl' | 'ltr'> = { ar: 'rtl', en: 'ltr' };

export const DEFAULT_LANG: Lang = 'ar';

/** The language named by a path's first segment, or null when that segment is not `ar` or `en`. */
export function langPrefix(pathname: string): Lang | null {
  const first = pathname.split('/').filter(Boolean)[0];
  return first === 'en' || first === 'ar' ? first : null;
}

/** The language of a path: its first segment when that is `ar` or `en`, else Arabic. */
export function langFromPath(pathname: string): Lang {
  return langPrefix(pathname) ?? DEFAULT_LANG;
}

/**
 * The language after navigating to `pathname` while `current` is on screen: the path's prefix
 * when it names a language, else the current language is kept.
 */
export function nextLanguage(current: Lang, pathname: string): Lang {
  return langPrefix(pathname) ?? current;
}

export function otherLang(lang: Lang): Lang {
  return lang === 'ar' ? 'en' : 'ar';
}
