// Every href of the site is built here, in the site's one URL form: a trailing slash
// (`/ar/`, `/en/blog/golden-visa-guide/`), which every static host serves with status 200.
import { isLanguage } from './languages';
import type { Lang } from './page-data';

export const paths = {
  home: (lang: Lang) => `/${lang}/`,
  about: (lang: Lang) => `/${lang}/about/`,
  services: (lang: Lang, anchor?: string) => `/${lang}/services/${anchor ? `#${anchor}` : ''}`,
  service: (lang: Lang, id: string) => `/${lang}/services/${id}/`,
  pricing: (lang: Lang) => `/${lang}/pricing/`,
  faq: (lang: Lang) => `/${lang}/faq/`,
  blog: (lang: Lang) => `/${lang}/blog/`,
  blogPost: (lang: Lang, slug: string) => `/${lang}/blog/${slug}/`,
  contact: (lang: Lang) => `/${lang}/contact/`,
  privacy: (lang: Lang) => `/${lang}/privacy/`,
  terms: (lang: Lang) => `/${lang}/terms/`,
  assistantChat: (lang: Lang) => `/${lang}/assistant-chat/`,
  pageData: (path: string) => `${withTrailingSlash(path)}page-data.json`,
};

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
