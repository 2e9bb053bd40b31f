// The built-in answerer: ranks the passages of the content index the build writes to
// `/<lang>/assistant-index.json` (FAQ, services, pricing, blog sections) against a question with
// BM25, in the browser, with no server. This module is imported only by the assistant screen,
// so it lives in that screen's chunk, never in the entry bundle.
import type { Lang } from '@/shared/page-data';
import { tokenize } from './normalize';

/** One passage of the index, as src/assistant.rs writes it. */
export interface Passage {
  id: string;
  kind: string;
  title: string;
  text: string;
  /** The page (and anchor) the passage comes from: `/en/services/company-formation/`. */
  url: string;
}

export interface AssistantIndex {
  lang: Lang;
  passages: Passage[];
}

/** A page an answer links to. */
export interface Source {
  title: string;
  url: string;
}

export interface Hit {
  passage: Passage;
  score: number;
}

interface IndexedPassage {
  /** Term → weighted frequency (title terms count TITLE_WEIGHT times). */
  tf: Map<string, number>;
  length: number;
}

export interface SearchIndex {
  passages: Passage[];
  docs: IndexedPassage[];
  /** Term → number of passages holding it. */
  df: Map<string, number>;
  avgLength: number;
}

const K1 = 1.2;
const B = 0.75;
/** A word in a passage's title says more about its topic than one in its text. */
const TITLE_WEIGHT = 2;
/** An intent word itself ("take") still counts, but little. */
const INTENT_WORD_WEIGHT = 0.3;
/** A synonym added to a question counts this much of a typed word. */
const SYNONYM_WEIGHT = 0.9;
/** Other pages are linked from an answer when their passage scores this share of the best. */
const SOURCE_SCORE_SHARE = 0.75;

/**
 * The best passage must score at least this to be given as an answer. Calibrated on the real
 * index (see __tests__/answerer.test.ts): questions on the site's topics score about 5 to 15;
 * off-topic ones mostly match nothing, or one stray word of some passage, scoring under 4.5.
 */
export const MATCH_THRESHOLD = 4.5;

/**
 * Question words that name what is asked rather than the topic: "how long", "يستغرق" ask for a
 * timeline. They bring in the words the passages use for it ("timeline", "مدة الإنجاز"),
 * so "How long does company formation take?" finds the timeline of company formation rather
 * than any passage that says "take".
 */
const INTENTS: [string, string][] = [
  ['long take takes quick fast soon', 'timeline'],
  ['include includes cover covers', 'services offered'],
  ['يستغرق تستغرق وقت سرعة', 'مدة الإنجاز'],
  ['تشمل يشمل تتضمن يتضمن', 'الخدمات المقدمة'],
];

/** Other ways of saying what the passages say: added to the question, a little lighter. */
const SYNONYMS: [string, string][] = [
  ['setup set start establish incorporate', 'formation'],
  ['cost price much pay charge', 'price fees'],
  ['papers paperwork', 'documents required'],
  ['إنشاء فتح بدء أفتح أنشئ أؤسس', 'تأسيس'],
  ['سعر تكلفة تكاليف بكم أسعار', 'السعر الرسوم'],
  ['أوراق وثائق متطلبات', 'المستندات المطلوبة'],
];

/** Written as plain words above; tokenised once here, like the passages and the questions. */
function termTable(pairs: [string, string][]): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const [words, related] of pairs) {
    for (const term of tokenize(words)) table.set(term, tokenize(related));
  }
  return table;
}
const INTENT_TERMS = termTable(INTENTS);
const SYNONYM_TERMS = termTable(SYNONYMS);

function addTerms(tf: Map<string, number>, terms: string[], weight: number) {
  for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + weight);
}

/** Tokenises every passage once; the result answers any number of questions. */
export function buildSearchIndex(index: AssistantIndex): SearchIndex {
  const df = new Map<string, number>();
  const docs = index.passages.map((passage) => {
    const tf = new Map<string, number>();
    const title = tokenize(passage.title);
    const text = tokenize(passage.text);
    addTerms(tf, title, TITLE_WEIGHT);
    addTerms(tf, text, 1);
    for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    return { tf, length: title.length * TITLE_WEIGHT + text.length };
  });
  const total = docs.reduce((sum, doc) => sum + doc.length, 0);
  return { passages: index.passages, docs, df, avgLength: docs.length ? total / docs.length : 0 };
}

/** The question's terms and their weights: typed words 1, synonyms less. */
function questionTerms(question: string): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (term: string, weight: number) => terms.set(term, Math.max(terms.get(term) ?? 0, weight));
  for (const word of tokenize(question)) {
    const intent = INTENT_TERMS.get(word);
    intent?.forEach((term) => add(term, 1));
    add(word, intent ? INTENT_WORD_WEIGHT : 1);
    SYNONYM_TERMS.get(word)?.forEach((term) => add(term, SYNONYM_WEIGHT));
  }
  return terms;
}

/** The passages ranked by BM25 against the question, best first, at most `limit`. */
export function searchPassages(search: SearchIndex, question: string, limit = 5): Hit[] {
  const terms = questionTerms(question);
  const n = search.docs.length;
  const hits: Hit[] = [];
  search.docs.forEach((doc, i) => {
    let score = 0;
    for (const [term, weight] of terms) {
      const tf = doc.tf.get(term);
      if (!tf) continue;
      const df = search.df.get(term) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += weight * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / search.avgLength)));
    }
    if (score > 0) hits.push({ passage: search.passages[i]!, score });
  });
  // Ties keep the index's order (FAQ first), so a ranking is deterministic.
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** A passage's page title: "Company formation — timeline" → "Company formation". */
function pageTitle(passage: Passage): string {
  return passage.title.split(' — ')[0]!.trim();
}

export interface LocalAnswer {
  /** The passage answered with. */
  passage: Passage;
  /** Up to three distinct pages to read more on, the answer's own page first. */
  sources: Source[];
}

/** The best passage for a question and the pages it came from, or null when nothing matches well. */
export function answerQuestion(search: SearchIndex, question: string): LocalAnswer | null {
  const hits = searchPassages(search, question, 10);
  const best = hits[0];
  if (!best || best.score < MATCH_THRESHOLD) return null;
  const sources: Source[] = [];
  for (const { passage, score } of hits) {
    // Other pages are offered only when they are nearly as relevant as the answer's.
    if (sources.length === 3 || (passage !== best.passage && score < best.score * SOURCE_SCORE_SHARE)) break;
    if (!sources.some((s) => s.url.split('#')[0] === passage.url.split('#')[0])) {
      sources.push({ title: pageTitle(passage), url: passage.url });
    }
  }
  return { passage: best.passage, sources };
}

/** Escapes the characters the answer renderer reads as Markdown, so passage text stays text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_[\]()`#]/g, (c) => `\\${c}`);
}

/**
 * An answer's Markdown: the passage's title in bold, then its text; lists of services and
 * documents (joined with "; " in the index) as bullet lists.
 */
export function answerMarkdown(passage: Passage): string {
  const title = `**${escapeMarkdown(passage.title)}**`;
  const isList = /:(offered|requirements)$/.test(passage.id) && passage.text.includes('; ');
  const body = isList
    ? passage.text.split('; ').map((item) => `- ${escapeMarkdown(item)}`).join('\n')
    : escapeMarkdown(passage.text);
  return `${title}\n\n${body}`;
}

const cache = new Map<Lang, Promise<SearchIndex>>();

/**
 * The language's index, fetched once per page load and kept (a failed fetch is forgotten, so
 * the next question tries again).
 */
export function loadSearchIndex(lang: Lang, fetchImpl: typeof fetch = fetch): Promise<SearchIndex> {
  let promise = cache.get(lang);
  if (!promise) {
    promise = fetchImpl(`/${lang}/assistant-index.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`assistant index: HTTP ${response.status}`);
        return response.json() as Promise<AssistantIndex>;
      })
      .then(buildSearchIndex);
    promise.catch(() => cache.delete(lang));
    cache.set(lang, promise);
  }
  return promise;
}

/** Forgets the fetched indexes (for tests). */
export function clearSearchIndexCache() {
  cache.clear();
}
