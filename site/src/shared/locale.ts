import type { Lang } from './page-data';

/** The one locale table: direction per language. */
export const DIRECTION: Record<Lang, 'rtl' | 'ltr'> = { ar: 'rtl', en: 'ltr' };

export const DEFAULT_LANG: Lang = 'ar';

/** The language of a path: its first segment when that is `ar` or `en`, else Arabic. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split('/').filter(Boolean)[0];
  return first === 'en' || first === 'ar' ? first : DEFAULT_LANG;
}

export function otherLang(lang: Lang): Lang {
  return lang === 'ar' ? 'en' : 'ar';
}
