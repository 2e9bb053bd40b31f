import type { Head, HeadTag } from '@/shared/page-data';

/**
 * The selector that finds the element a tag replaces: its tag name and the attributes that
 * name it (`name`, `property`, `rel`, `hreflang`, `type`), not those that carry its value
 * (`content`, `href`, `title`).
 */
export function selectorFor(tag: HeadTag): string {
  const value = new Set(['content', 'href', 'title']);
  return (
    tag.tag +
    tag.attrs
      .filter(([name]) => !value.has(name))
      .map(([name, v]) => `[${name}="${CSS.escape(v)}"]`)
      .join('')
  );
}

function create(tag: HeadTag): Element {
  const el = document.createElement(tag.tag);
  for (const [name, value] of tag.attrs) el.setAttribute(name, value);
  if (tag.text !== undefined) el.textContent = tag.text;
  return el;
}

/**
 * Applies the head Rust computed for the next page: the same tags the document shell writes
 * for a direct load of it, in the same order and at the same place. The elements replaced are
 * those of the previous page's tags (and any of the next page's kinds), so a tag only one of
 * the pages has (`robots`, an hreflang link) comes and goes with it.
 */
export function applyHead(head: Head, previous?: Head): void {
  document.documentElement.lang = head.lang;
  document.documentElement.dir = head.dir;
  const selectors = [...new Set([...(previous?.tags ?? []), ...head.tags].map(selectorFor))];
  const old = [...document.head.querySelectorAll(selectors.join(','))];
  // The new tags go where the old ones were: before what followed the last of them.
  const anchor = old.at(-1)?.nextSibling ?? null;
  const parent = anchor?.parentNode ?? document.head;
  for (const tag of head.tags) parent.insertBefore(create(tag), anchor);
  for (const el of old) el.remove();
  // JSON-LD is data, not script: replacing it needs no CSP exception.
  const blocks = [...document.head.querySelectorAll('script[type="application/ld+json"]')];
  const after = blocks.at(-1)?.nextSibling ?? null;
  for (const block of head.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(block);
    (after?.parentNode ?? document.head).insertBefore(script, after);
  }
  blocks.forEach((el) => el.remove());
}
