// The site search's ranking: the assistant's index and normalisation (`features/assistant`),
// so a word is found as the assistant reads it (hamza forms, «ى»/«ي», «ة»/«ه», diacritics,
// Arabic-Indic digits, dialect words, Arabizi, typos), with results per page rather than per
// passage, grouped by kind, and each with a snippet whose matching words are marked.
// This module is the ranking's own chunk, which the search box loads with the index, on first use.
import { questionTerms, searchPassages, type Passage, type SearchIndex } from '@/shared/site-index/answerer';
import { tokens } from '@/shared/site-index/normalize';
import { searchable } from './query';

export { loadSearchIndex } from '@/shared/site-index/answerer';

/** The groups results are shown in. */
export type GroupKind = 'services' | 'faq' | 'posts';

/** A passage's kind → its group (the packages are read with the services). */
const GROUP_OF: Record<string, GroupKind> = { service: 'services', pricing: 'services', faq: 'faq', post: 'posts' };

/** A run of a snippet's text, marked when it matches the query. */
export interface Segment {
  text: string;
  mark: boolean;
}

export interface SearchResult {
  /** The passage shown (stable: `faq:working-hours`). */
  id: string;
  group: GroupKind;
  /** The page's title, or the question for an FAQ answer. */
  title: string;
  /** The page, with the passage's anchor if it has one. */
  url: string;
  snippet: Segment[];
}

export interface SearchGroup {
  kind: GroupKind;
  results: SearchResult[];
}

/** Passages ranked before they are grouped into pages. */
const PASSAGES_READ = 60;
/** Results shown, in all. */
export const MAX_RESULTS = 12;
/** The most a group shows, so one kind does not push the others out. */
const MAX_PER_GROUP = 6;
/** A snippet's length, in characters, around its first marked word. */
const SNIPPET_CHARS = 170;
/** How much of the snippet comes before the first marked word. */
const SNIPPET_LEAD = 50;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The part of a title shown for a page: "Company formation — timeline" → "Company formation". */
function resultTitle(passage: Passage): string {
  // A package keeps its name ("PRO packages and pricing — Growth"); an FAQ answer its question.
  if (passage.kind === 'pricing' || passage.kind === 'faq') return passage.title;
  return passage.title.split(' — ')[0]!.trim();
}

/** Services and posts are one result per page; each FAQ answer and package is its own. */
function resultKey(passage: Passage): string {
  return passage.kind === 'service' || passage.kind === 'post' ? passage.url.split('#')[0]! : passage.url;
}

/**
 * The text split into runs, the words that read as one of `terms` marked; then cut to about
 * SNIPPET_CHARS characters around the first marked word, at word edges, with "…" where it was cut.
 */
export function snippet(text: string, terms: Set<string>): Segment[] {
  const words = [...text.matchAll(WORD)];
  const marked = words.map((m) => tokens(m[0]).some((t) => terms.has(t.term) || (t.withoutAnd !== null && terms.has(t.withoutAnd))));
  const first = marked.indexOf(true);
  let start = 0;
  let end = text.length;
  if (text.length > SNIPPET_CHARS) {
    const at = first >= 0 ? words[first]!.index : 0;
    const from = Math.max(0, at - SNIPPET_LEAD);
    // From the first word that starts in the lead, to the last word that ends in the length.
    start = from === 0 ? 0 : (words.find((m) => m.index >= from)?.index ?? at);
    const fits = words.filter((m) => m.index + m[0].length <= start + SNIPPET_CHARS).pop();
    // No word ends within the length (one token longer than it): that word, whole.
    const whole = fits ?? words.find((m) => m.index >= start);
    end = whole ? whole.index + whole[0].length : text.length;
    // Only punctuation left: keep it rather than write "…" for it.
    if (!/[\p{L}\p{N}]/u.test(text.slice(end))) end = text.length;
  }
  const segments: Segment[] = [];
  const push = (piece: string, mark: boolean) => {
    if (!piece) return;
    const previous = segments[segments.length - 1];
    if (previous && previous.mark === mark) previous.text += piece;
    else segments.push({ text: piece, mark });
  };
  if (start > 0) push('… ', false);
  let at = start;
  words.forEach((m, i) => {
    const wordEnd = m.index + m[0].length;
    if (m.index < start || wordEnd > end) return;
    push(text.slice(at, m.index), false);
    push(m[0], marked[i]!);
    at = wordEnd;
  });
  push(text.slice(at, end), false);
  if (end < text.length) push(' …', false);
  return segments;
}

/**
 * The query's results, best first, at most MAX_RESULTS pages, grouped by kind: the groups in the
 * order of their best result, so the first result shown is the best one.
 */
export function searchSite(search: SearchIndex, query: string): SearchGroup[] {
  if (!searchable(query)) return [];
  const terms = questionTerms(search, query);
  const seen = new Set<string>();
  const groups = new Map<GroupKind, SearchResult[]>();
  let count = 0;
  for (const { passage } of searchPassages(search, query, PASSAGES_READ)) {
    if (count >= MAX_RESULTS) break;
    const group = GROUP_OF[passage.kind] ?? 'posts';
    const key = resultKey(passage);
    const list = groups.get(group) ?? [];
    if (seen.has(key) || list.length >= MAX_PER_GROUP) continue;
    seen.add(key);
    list.push({ id: passage.id, group, title: resultTitle(passage), url: passage.url, snippet: snippet(passage.text, terms) });
    groups.set(group, list);
    count++;
  }
  return [...groups].map(([kind, results]) => ({ kind, results }));
}
