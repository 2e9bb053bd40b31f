import { defaultLang, isLanguage } from './languages';
import type { Lang } from './page-data';

/** The language named by a path's first segment, or null when that segment is not a language of the table. */
export function langPrefix(pathname: string): Lang | null {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLanguage(first) ? first : null;
}

/** The language of a path: its first segment when that is a language, else the default language. */
export function langFromPath(pathname: string): Lang {
  return langPrefix(pathname) ?? defaultLang();
}

/**
 * The language after navigating to `pathname` while `current` is on screen: the path's prefix
 * when it names a language, else the current language is kept.
 */
export function nextLanguage(current: Lang, pathname: string): Lang {
  return langPrefix(pathname) ?? current;
}

/** Arabic-Indic (٠-٩) and Extended Arabic-Indic (۰-۹) digits → 0-9, so any keyboard works. */
export function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}
