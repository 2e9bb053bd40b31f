// The content index's request, which may start before the code that reads it has loaded: the
// search dialog's button starts it with the dialog's code, and `loadSearchIndex` takes it. One
// per language, kept by language (a request started on /en/ is never read as the Arabic index),
// and none once the language's index is loaded. This module is tiny and in the entry bundle;
// the index's reading and ranking are in `answerer.ts`, loaded on first use.
import type { Lang } from '@/shared/page-data';
import { paths } from '@/shared/paths';

const started = new Map<Lang, Promise<Response>>();
const loaded = new Set<Lang>();

/** Starts the language's index request, unless it is loaded or under way. */
export function startSiteIndexRequest(lang: Lang): void {
  if (loaded.has(lang) || started.has(lang)) return;
  const request = fetch(paths.siteIndex(lang));
  // A failed request is read (and reported) by whoever takes it.
  request.catch(() => undefined);
  started.set(lang, request);
}

/** The language's request if one was started and not yet taken (then it is taken). */
export function takeSiteIndexRequest(lang: Lang): Promise<Response> | undefined {
  const request = started.get(lang);
  started.delete(lang);
  return request;
}

/** Says that the language's index is loaded: no request is started for it again. */
export function siteIndexLoaded(lang: Lang): void {
  loaded.add(lang);
}

/** Forgets every request and loaded index (for tests). */
export function resetSiteIndexRequests(): void {
  started.clear();
  loaded.clear();
}
