// The blind evaluation of the answerer (issue 54): questions written by someone who saw only the
// site's pages (tests/assistant-blind/, see its README), never the index, the normalisation or
// the tables. They are split once, by a fixed hash of each question's id, into a tuning half
// (the only one anyone may read while changing the answerer) and a held-out half (only its
// figures are looked at). The judge compares the answer's passage with the passage the writer
// chose as the answer, word by word, so that the same fact said on another page (the FAQ and a
// service page) counts as right, and another fact of the right page does not.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalAnswer } from '../answerer';
import { normalizeText, stem } from '../normalize';

export interface BlindQuestion {
  id: string;
  lang: string;
  kind: string;
  question: string;
  /** The page and a verbatim excerpt that answers it, or null: the site does not answer it. */
  expected: { url: string; passage: string } | null;
}

export type Half = 'tuning' | 'held-out';
/**
 * What came of a question: answered right; the nearest passage offered with a question back
 * (not an answer: see LocalAnswer.confident), declined (no answer), or answered wrong.
 */
export type Outcome = 'right' | 'asked' | 'declined' | 'wrong';

const ROOT = join(__dirname, '../../../../..');

/** A language's blind set, as written (one JSON object per line). */
export function readBlindSet(lang: string, dir = 'tests/assistant-blind'): BlindQuestion[] {
  return readFileSync(join(ROOT, dir, `questions.${lang}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as BlindQuestion);
}

/**
 * The half a question belongs to, for ever: the first byte of the SHA-256 of its id, even for
 * tuning and odd for held out. It depends on nothing but the id, so no change to the answerer
 * or to the set's order moves a question from one half to the other.
 */
export function halfOf(id: string): Half {
  return createHash('sha256').update(id).digest()[0]! % 2 === 0 ? 'tuning' : 'held-out';
}

/** The distinct word stems of a text, as the answerer reads words. */
function stems(text: string): Set<string> {
  return new Set(
    normalizeText(text)
      .split(' ')
      .filter((w) => w.length > 1)
      .map(stem),
  );
}

/** The share of the expected passage's words the answer's passage holds (0–1). */
export function overlap(expected: string, answer: string): number {
  const want = stems(expected);
  if (want.size === 0) return 0;
  const have = stems(answer);
  return [...want].filter((w) => have.has(w)).length / want.size;
}

/** Most of the expected passage's words, on any page: the same fact said there. */
export const SAME_FACT = 0.6;
/** On the expected page itself, a passage holding a good part of the excerpt is the one meant. */
export const SAME_PAGE_FACT = 0.4;

const pageOf = (url: string) => url.split('#')[0]!;

/** The figures of a text (5, 375000, 2026), as the answerer reads digits. */
function figures(text: string): string[] {
  return normalizeText(text.replace(/(\d)[,٬](\d)/g, '$1$2')).match(/\d+/g) ?? [];
}

/**
 * Judges one answer (null: the assistant declined). Right: the answer holds most of the
 * expected passage's words (SAME_FACT), or a good part of them on the expected page or with
 * every figure of the expected passage (a package's "up to 5 transactions" said in a table row
 * of an article is the same fact).
 */
export function judge(q: BlindQuestion, answer: LocalAnswer | null): Outcome {
  if (!answer) return 'declined';
  if (!answer.confident) return 'asked';
  if (!q.expected) return 'wrong';
  const { passage } = answer;
  const text = `${passage.title} ${passage.text}`;
  const share = overlap(q.expected.passage, text);
  const samePage = pageOf(passage.url) === pageOf(q.expected.url);
  const want = figures(q.expected.passage);
  const have = new Set(figures(text));
  const sameFigures = want.length > 0 && want.every((f) => have.has(f));
  return share >= SAME_FACT || ((samePage || sameFigures) && share >= SAME_PAGE_FACT) ? 'right' : 'wrong';
}

export interface Tally {
  n: number;
  right: number;
  asked: number;
  /** Of those asked back, how many offered the right passage. */
  askedRight: number;
  declined: number;
  wrong: number;
}

export const emptyTally = (): Tally => ({ n: 0, right: 0, asked: 0, askedRight: 0, declined: 0, wrong: 0 });

/** Counts one question's outcome; `offeredRight`: an asked-back reply offered the right passage. */
export function add(t: Tally, outcome: Outcome, offeredRight = false) {
  t.n++;
  t[outcome]++;
  if (outcome === 'asked' && offeredRight) t.askedRight++;
}

/** "41/45 (91.1%)". */
export const share = (n: number, of: number) => `${n}/${of} (${of ? ((n / of) * 100).toFixed(1) : '—'}%)`;

/**
 * The learned layer's examples (issue 54): the tuning half's questions, each with the id of the
 * index passage that answers it (null: the site does not), for `examples/<lang>.json`. A
 * question's passage is the one the judge calls right, on the expected page before any other,
 * holding most of the expected passage; a question no passage answers is left out (its passage
 * was cut from the index, or spans two). The held-out half never enters.
 */
export function tuningExamples(set: BlindQuestion[], index: { passages: LocalAnswer['passage'][] }): [string, string | null][] {
  const out: [string, string | null][] = [];
  for (const q of set) {
    if (halfOf(q.id) !== 'tuning') continue;
    if (!q.expected) {
      out.push([q.question, null]);
      continue;
    }
    const { url, passage: excerpt } = q.expected;
    let best: { id: string; score: number } | null = null;
    for (const passage of index.passages) {
      if (judge(q, { passage, sources: [], confident: true }) !== 'right') continue;
      const score = (pageOf(passage.url) === pageOf(url) ? 1 : 0) + overlap(excerpt, `${passage.title} ${passage.text}`);
      if (!best || score > best.score) best = { id: passage.id, score };
    }
    if (best) out.push([q.question, best.id]);
  }
  return out;
}
