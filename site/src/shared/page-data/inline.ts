import { defaultLang, direction, isLanguage } from '@/shared/languages';
import type { Head, HeadTag, RouteData } from '@/shared/page-data';

/**
 * The route data the document inlines for hydration. It leaves out what the document already
 * carries (`RouteData::inline_json` in `src/page_data.rs`): the head, whose tags the shell wrote
 * into `<head>`, and a post's body, which is in the pre-rendered markup.
 */
export type InlineRouteData = Omit<RouteData, 'head'> & { head?: Head };

/** The id of the element holding a post's body (`BlogPostScreen`). */
export const POST_BODY_ID = 'post-body';

/**
 * The head as the document shell wrote it (`templates/page.html`): the tags between the
 * viewport and theme-color `<meta>`s, in order, and the JSON-LD blocks.
 */
export function readHead(doc: Document): Head {
  const tags: HeadTag[] = [];
  let el = doc.head.querySelector('meta[name="viewport"]')?.nextElementSibling ?? null;
  while (el && !(el.localName === 'meta' && el.getAttribute('name') === 'theme-color')) {
    const tag = el.localName;
    if (tag === 'title') tags.push({ tag, attrs: [], text: el.textContent ?? '' });
    else if (tag === 'meta' || tag === 'link') tags.push({ tag, attrs: [...el.attributes].map((a): [string, string] => [a.name, a.value]) });
    el = el.nextElementSibling;
  }
  const jsonLd = [...doc.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null') as unknown);
  const root = doc.documentElement;
  // A language the table lacks (a document from another build) reads as the default language.
  if (!isLanguage(root.lang)) return { lang: defaultLang(), dir: direction(defaultLang()), tags, jsonLd };
  return { lang: root.lang, dir: root.dir === 'rtl' || root.dir === 'ltr' ? root.dir : direction(root.lang), tags, jsonLd };
}

/** The whole route data of the first page: the inlined part, and the rest read from the document. */
export function completeInlineData(inline: InlineRouteData, doc: Document): RouteData {
  const head = inline.head ?? readHead(doc);
  const { page } = inline;
  if (page.kind === 'blogPost' && typeof page.post.html !== 'string') {
    const html = doc.getElementById(POST_BODY_ID)?.innerHTML ?? '';
    return { ...inline, head, page: { ...page, post: { ...page.post, html } } };
  }
  return { ...inline, head };
}
