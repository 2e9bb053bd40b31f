// Every href of the site is built here, in the site's one URL form: a trailing slash
// (`/ar/`, `/en/blog/golden-visa-guide/`), which every static host serves with status 200.
// The paths come from the page table (`pages.json`, through `pagePath`).
import { isLanguage } from './languages';
import type { Lang } from './page-data';
import { pagePath } from './page-table';

export { pagePath };

export const paths = {
  home: (lang: Lang) => pagePath('home', lang),
  about: (lang: Lang) => pagePath('about', lang),
  services: (lang: Lang, anchor?: string) => `${pagePath('services', lang)}${anchor ? `#${anchor}` : ''}`,
  service: (lang: Lang, id: string) => pagePath('service', lang, { id }),
  pricing: (lang: Lang) => pagePath('pricing', lang),
  faq: (lang: Lang) => pagePath('faq', lang),
  blog: (lang: Lang) => pagePath('blog', lang),
  blogPost: (lang: Lang, slug: string) => pagePath('blogPost', lang, { slug }),
  contact: (lang: Lang) => pagePath('contact', lang),
  privacy: (lang: Lang) => pagePath('privacy', lang),
  terms: (lang: Lang) => pagePath('terms', lang),
  assistantChat: (lang: Lang) => pagePath('assistantChat', lang),
  search: (lang: Lang, query?: string) => `${pagePath('search', lang)}${query ? `?q=${encodeURIComponent(wellFormed(query))}` : ''}`,
  /** The language's content index, which the assistant and the search read. */
  siteIndex: (lang: Lang) => `/${lang}/assistant-index.json`,
  pageData: (path: string) => `${withTrailingSlash(path)}page-data.json`,
};

/** The text with each lone surrogate (which `encodeURIComponent` throws on) as U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Links that leave the site: the chat app, the phone and e-mail. */
export const contactHrefs = {
  /**
   * `971505550100` or `+971 50 555 0100` → `https://wa.me/971505550100`; with `text`, the chat
   * opens with it typed (`?text=…`).
   */
  whatsapp: (number: string, text?: string) =>
    `https://wa.me/${number.replace(/\D/g, '')}${text === undefined ? '' : `?text=${encodeURIComponent(text)}`}`,
  /** `+971 4 555 0100` → `tel:+97145550100`. */
  tel: (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`,
  /** `mailto:<address>`; with a draft, `?subject=…&body=…` (encoded for every mail client, spaces as %20). */
  mailto: (email: string, draft?: { subject: string; body: string }) =>
    `mailto:${email}${draft ? `?subject=${encodeURIComponent(draft.subject)}&body=${encodeURIComponent(draft.body)}` : ''}`,
};

/** Text for a `tel:` link: spaces made non-breaking, so a number never wraps mid-way. */
export function noBreak(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/** `/en/about` → `/en/about/`. */
export function withTrailingSlash(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/** The canonical form of a path for page-data lookups: trailing slash, `/home/` kept. */
export function normalizePath(pathname: string): string {
  return withTrailingSlash(pathname.replace(/\/{2,}/g, '/'));
}

/**
 * The same page in another language: swap the prefix, keep the rest. The home alias and a
 * bare or slashed prefix collapse to the language root.
 */
export function switchLanguagePath(pathname: string, to: Lang): string {
  const segments = pathname.split('/').filter(Boolean);
  const hasPrefix = isLanguage(segments[0]);
  const rest = hasPrefix ? segments.slice(1) : segments;
  if (rest.length === 0 || (rest.length === 1 && rest[0] === 'home')) return paths.home(to);
  return `/${to}/${rest.join('/')}/`;
}
