// The site's languages (issue 34, "Languages are data"): the table the site declares in
// `site.toml` (default `site/languages.default.json`), in order, which the build hands to Vite
// (`site/vite-plugins/languages.ts`) and Vite to the app as `__SAHEL_LANGUAGES__`. Every
// language-dependent choice of the app comes from here: a path's prefix, `dir`, the page font,
// the locale and digits of dates and numbers, the strings' fallbacks, the language switch.
import type { Lang } from './page-data';

export interface Language {
  /** BCP 47, also the path prefix (`/ar/`). */
  code: Lang;
  /** The language's own name (the language switch). */
  name: string;
  dir: 'rtl' | 'ltr';
  /** For `Intl` dates and numbers (`ar-AE`). */
  locale: string;
  /** An `Intl` numbering system: `latn`, `arab`, `arabext`. */
  digits: string;
  /** The page font's key: the class `font-<key>` (styles.css). */
  font: string;
  /** The default language (exactly one): a path without a prefix is in it. */
  default: boolean;
  /** Where its missing strings come from, in order (resolved when the strings are bundled). */
  fallback: Lang[];
}

let table: readonly Language[] = __SAHEL_LANGUAGES__;

/** The table, in its order. */
export function languages(): readonly Language[] {
  return table;
}

/** The default language's code. */
export function defaultLang(): Lang {
  return (table.find((l) => l.default) ?? table[0]!).code;
}

/** Whether `code` is a language of the table. */
export function isLanguage(code: string | null | undefined): code is Lang {
  return table.some((l) => l.code === code);
}

/** The table's row for `lang` (the default language's for a code the table lacks). */
export function language(lang: Lang): Language {
  return table.find((l) => l.code === lang) ?? table.find((l) => l.default) ?? table[0]!;
}

export function direction(lang: Lang): 'rtl' | 'ltr' {
  return language(lang).dir;
}

/** The page font's class: `font-` and the table's key. */
export function fontClass(lang: Lang): string {
  return `font-${language(lang).font}`;
}

/** The locale for `Intl` in `lang`, with its digits: `ar-AE-u-nu-latn`. */
export function intlLocale(lang: Lang): string {
  const { locale, digits } = language(lang);
  return new Intl.Locale(locale, { numberingSystem: digits }).toString();
}

/** Each numbering system's ten digits, 0 to 9 (strings: the server's V8 snapshot cannot hold a live Intl object). */
const DIGITS = new Map<string, string[]>();

/** `value` with its digits 0-9 in the language's (`digits`): `12` → `۱۲` in `arabext`. */
export function localDigits(lang: Lang, value: number | string): string {
  const text = String(value);
  const system = language(lang).digits;
  if (system === 'latn') return text;
  let ten = DIGITS.get(system);
  if (!ten) {
    const format = new Intl.NumberFormat(`en-u-nu-${system}`, { useGrouping: false });
    ten = Array.from({ length: 10 }, (_, d) => format.format(d));
    DIGITS.set(system, ten);
  }
  const digits = ten;
  return text.replace(/[0-9]/g, (d) => digits[Number(d)]!);
}

/**
 * Replaces the table (tests only: the app's table is the build's). Returns a function that
 * puts the previous one back.
 */
export function setLanguageTable(next: readonly Language[]): () => void {
  const previous = table;
  table = next;
  return () => {
    table = previous;
  };
}

/** Whether `href` is a path of this site's pages: `/<a language of the table>` then `/`, `?`, `#` or its end. */
export function isSitePath(href: string): boolean {
  const match = /^\/([^/?#]+)(?:[/?#]|$)/.exec(href);
  return match !== null && isLanguage(match[1]);
}
