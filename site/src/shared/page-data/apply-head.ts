import type { Head } from '@/shared/page-data';

/** Applies the head data Rust computed (the same fields the document shell wrote). */
export function applyHead(head: Head): void {
  document.title = head.title;
  document.documentElement.lang = head.lang;
  document.documentElement.dir = head.dir;
  setMeta('name', 'description', head.description);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:url', head.canonical);
  setMeta('property', 'og:locale', head.ogLocale);
  setMeta('property', 'og:locale:alternate', head.ogLocaleAlternate);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.append(canonical);
  }
  canonical.href = head.canonical;
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((el) => el.remove());
  for (const alt of head.alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alt.hreflang;
    link.href = alt.href;
    document.head.append(link);
  }
  setMeta('name', 'twitter:title', head.title);
  setMeta('name', 'twitter:description', head.description);
  // JSON-LD is data, not script: replacing it needs no CSP exception.
  document.head.querySelectorAll('script[type="application/ld+json"]').forEach((el) => el.remove());
  for (const block of head.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(block);
    document.head.append(script);
  }
}

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}
