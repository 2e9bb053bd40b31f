// The answerer's learned layer (issue 54): a nearest-neighbour classifier over questions that
// visitors ask, each labelled with the passage of the content index that answers it, or with
// none (the site does not answer it). A question is compared with every example, and with every
// passage's own title and text, by the cosine of their features: the question's word stems (as
// the answerer reads them: dialect verbs, Arabizi in Arabic letters) and the stems' character
// 3- and 4-grams, weighted by how rare they are. The n-grams let a misspelling, a dialect
// spelling or another form of a word still meet it, so the layer carries over to words it never
// saw; the examples teach it how visitors put what the passages say («وين مكتبكم» asks for the
// address). Its nearness is added to the ranking's (see `nearestPassage`).
//
// The examples and what decides what the layer may do (its thresholds, or an answer model's
// weights and thresholds) are data: examples/<lang>.json, written by `npm run train:assistant`
// from the questions the answerer may be tuned on: the tuning half of the blind set and the
// first evaluation set (see tests/assistant-blind/README.md and __tests__/train.ts). A language
// without that file has no learned layer: the answerer is then the ranking alone.
import { pageTitle, type LocalAnswer, type Passage } from './answerer';
import { tokens } from './normalize';

/** A question and the id of the passage that answers it; null: the site does not answer it. */
export type Example = [question: string, passage: string | null];

/** A language's learned layer, as examples/<lang>.json holds it (see Learned for the thresholds). */
export interface ExampleFile {
  lang: string;
  answerAt: number | null;
  doubtAt: number | null;
  doubtBy: number;
  /** The answer model, when training found it better than the thresholds (see AnswerModel). */
  model: AnswerModel | null;
  examples: Example[];
}

type Vector = Map<string, number>;

export interface Item {
  /** The passage it stands for, or null for a question the site does not answer. */
  label: string | null;
  vector: Vector;
  /** The example's question; null for a passage's own words. */
  question: string | null;
}

export interface Classifier {
  items: Item[];
  idf: Map<string, number>;
  /** The weight of a feature no item holds. */
  unseen: number;
  known: (term: string) => boolean;
}

/**
 * A language's learned layer: the classifier, and what it may do (both chosen by training, as
 * the values that give the most right answers less three times the wrong ones; null: never).
 * - `answerAt`: where the ranking has no confident answer, a passage at least this near (see
 *   `nearestPassage`) is the answer.
 * - `doubtAt`: when another passage than the ranking's confident answer is at least this near,
 *   the ranking's answer is only offered, with the question back (LocalAnswer.confident),
 *   if it is also nearer than the answer's passage by `doubtBy` at least.
 */
export interface Learned {
  /** The passage nearest to a question (see `nearestPassage`). */
  nearest: (question: string, ranked: RankedPassage[], skip?: (item: Item) => boolean) => Nearest | null;
  /** The answer to a question, from the ranking's passages (the best CANDIDATES) and its answer (see `withLearned`, `modelAnswer`). */
  answer: (passages: Passage[], question: string, ranked: RankedPassage[], answer: LocalAnswer | null, skip?: (item: Item) => boolean) => LocalAnswer | null;
  answerAt: number | null;
  doubtAt: number | null;
  doubtBy: number;
  model: AnswerModel | null;
}

/** How many of the ranking's best passages the layer weighs (training reads as many). */
export const CANDIDATES = 20;

/** The learned layer of a classifier and its thresholds, or its answer model. */
export function learnedLayer(classifier: Classifier, answerAt: number | null, doubtAt: number | null, doubtBy = 0, model: AnswerModel | null = null): Learned {
  const thresholds = { answerAt, doubtAt, doubtBy };
  return {
    nearest: (question, ranked, skip) => nearestPassage(classifier, question, ranked, skip),
    answer: (passages, question, ranking, answer, skip) => {
      // The ranking's best passages only: the rest are too far from the question to weigh.
      const ranked = ranking.slice(0, CANDIDATES);
      try {
        const near = nearestPassage(classifier, question, ranked, skip);
        return model ? modelAnswer(model, ranked, answer, near) : withLearned(passages, answer, near, thresholds);
      } catch {
        // A layer that fails on a question leaves it to the ranking.
        return answer;
      }
    },
    ...thresholds,
    model,
  };
}

/**
 * The answer model: how likely the ranking's candidate (its answer, or its best passage when it
 * has none) is the right answer, by a logistic regression over the candidate's features (see
 * `answerFeatures`), trained on the questions the answerer may be tuned on (__tests__/train.ts).
 * A candidate at least `assertAt` likely is the answer; at least `offerAt`, it is offered with
 * the question back; less, the assistant says the site does not hold the answer.
 */
export interface AnswerModel {
  weights: number[];
  bias: number;
  assertAt: number;
  offerAt: number | null;
}

/** The kinds of passage a candidate may be (a feature each). */
const KINDS = ['faq', 'service', 'post', 'pricing', 'contact'];
/** How many features `answerFeatures` gives: 10, and one per kind. */
const FEATURE_COUNT = 10 + KINDS.length;

/** The ranking's candidate for the answer, and its features for the answer model. */
export function answerFeatures(ranked: RankedPassage[], answer: LocalAnswer | null, near: Nearest | null): { candidate: RankedPassage; x: number[] } | null {
  const candidate = answer ? ranked.find((h) => h.passage.id === answer.passage.id) : ranked[0];
  if (!candidate) return null;
  const other = ranked.find((h) => h !== candidate);
  const id = candidate.passage.id;
  const kind = candidate.passage.kind ?? '';
  const x = [
    candidate.coverage,
    Math.log1p(candidate.score) / 3,
    other && candidate.rank > 0 ? Math.min(other.rank / candidate.rank, 2) : 0,
    candidate === ranked[0] ? 1 : 0,
    answer ? 1 : 0,
    answer?.confident ? 1 : 0,
    near?.label === id ? 1 : 0,
    near?.score ?? 0,
    near?.of?.(id) ?? 0,
    near && near.label === null ? near.score : 0,
    ...KINDS.map((k) => (kind === k ? 1 : 0)),
  ];
  return { candidate, x };
}

/** The logistic function of a model's weighted features. */
export function likelihood(model: Pick<AnswerModel, 'weights' | 'bias'>, x: number[]): number {
  let z = model.bias;
  x.forEach((v, i) => (z += v * (model.weights[i] ?? 0)));
  return 1 / (1 + Math.exp(-z));
}

/** The answer the model gives (see AnswerModel). */
export function modelAnswer(model: AnswerModel, ranked: RankedPassage[], answer: LocalAnswer | null, near: Nearest | null): LocalAnswer | null {
  const features = answerFeatures(ranked, answer, near);
  // No candidate: nothing ranked, or the ranking's answer beyond the passages handed over.
  if (!features) return answer;
  const p = likelihood(model, features.x);
  const confident = p >= model.assertAt;
  if (!confident && (model.offerAt === null || p < model.offerAt)) return null;
  const { passage } = features.candidate;
  const sources = answer?.passage.id === passage.id ? answer.sources : [{ title: pageTitle(passage), url: passage.url }];
  return { passage, sources, confident };
}

/**
 * The ranking's answer, with what the learned layer found nearest. Where the ranking has no
 * confident answer (none, or one it only offers), the layer's passage is the answer when it is
 * near enough (`answerAt`); a confident answer of the ranking is never replaced (training found
 * that replacing one broke more answers of the evaluation set than it mended), but it is only
 * offered, with the question back, when the layer finds another passage near (`doubtAt`).
 */
export function withLearned(
  passages: Passage[],
  answer: LocalAnswer | null,
  near: Nearest | null,
  { answerAt, doubtAt, doubtBy }: Pick<Learned, 'answerAt' | 'doubtAt' | 'doubtBy'>,
): LocalAnswer | null {
  if (!near?.label) return answer;
  if (answerAt !== null && near.score >= answerAt && !answer?.confident) {
    if (near.label === answer?.passage.id) return { ...answer, confident: true };
    const passage = passages.find((p) => p.id === near.label);
    if (passage) return { passage, sources: [{ title: pageTitle(passage), url: passage.url }], confident: true };
  }
  // Doubt: another passage is near, and nearer than the answer's by doubtBy at least.
  if (answer?.confident && doubtAt !== null && near.label !== answer.passage.id && near.score >= doubtAt && near.score - (near.of?.(answer.passage.id) ?? 0) >= doubtBy) {
    return { ...answer, confident: false };
  }
  return answer;
}

/** The languages' example files, each a chunk of its own loaded with the assistant's index. */
const EXAMPLE_FILES = import.meta.glob<ExampleFile>('./examples/*.json', { import: 'default' });

/** An index as the learned layer reads it: its passages, and whether it holds a term. */
export interface IndexedPassages {
  passages: PassageText[];
  df: Map<string, number>;
}

const isThreshold = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));

/**
 * Whether a file is an example file this code can use (the shape `npm run train:assistant`
 * writes, with finite numbers, and a model of as many weights as the features): a file that is
 * not is not used, and the assistant answers with the ranking alone.
 */
export function isExampleFile(file: unknown): file is ExampleFile {
  const f = file as ExampleFile;
  if (!f || typeof f !== 'object' || typeof f.lang !== 'string' || !Array.isArray(f.examples)) return false;
  if (!isThreshold(f.answerAt) || !isThreshold(f.doubtAt) || !isThreshold(f.doubtBy) || f.doubtBy === null) return false;
  if (!f.examples.every((e) => Array.isArray(e) && typeof e[0] === 'string' && (e[1] === null || typeof e[1] === 'string'))) return false;
  const m = f.model;
  if (m === null) return true;
  return (
    !!m &&
    Array.isArray(m.weights) &&
    m.weights.length === FEATURE_COUNT &&
    m.weights.every((w) => typeof w === 'number' && Number.isFinite(w)) &&
    typeof m.bias === 'number' &&
    Number.isFinite(m.bias) &&
    typeof m.assertAt === 'number' &&
    isThreshold(m.assertAt) &&
    isThreshold(m.offerAt)
  );
}

/** The layer of a classifier trained on a file's examples, with the file's thresholds or model. */
const layerOf = (file: ExampleFile, classifier: Classifier) => learnedLayer(classifier, file.answerAt, file.doubtAt, file.doubtBy, file.model);

/** A language's learned layer from its example file, read at once (tests and training); null for a file it cannot use. */
export function learnedFromFile(file: unknown, index: IndexedPassages): Learned | null {
  if (!isExampleFile(file)) return null;
  return layerOf(file, trainClassifier(file.examples, index.passages, (term) => index.df.has(term)));
}

const loaded = new Map<string, Promise<Learned | null>>();

/**
 * The language's learned layer over its index, read once per page load (in tasks, see
 * trainClassifierInTasks); null for a language without examples. A failed load is forgotten,
 * so the next question tries again (and is answered by the ranking alone meanwhile).
 */
export function loadLearned(lang: string, index: IndexedPassages): Promise<Learned | null> {
  let promise = loaded.get(lang);
  if (!promise) {
    const load = EXAMPLE_FILES[`./examples/${lang}.json`];
    promise = load
      ? load().then(async (file) => {
          // A file of another language's examples teaches nothing about this one.
          if (!isExampleFile(file) || file.lang !== lang) return null;
          return layerOf(file, await trainClassifierInTasks(file.examples, index.passages, (term) => index.df.has(term)));
        })
      : Promise.resolve(null);
    promise.catch(() => loaded.delete(lang));
    loaded.set(lang, promise);
  }
  return promise;
}

/** A whole word counts this much more than one of its n-grams. */
const WORD_WEIGHT = 3;
const GRAM_SIZES = [3, 4];
/** A question's words beyond this many are not read (as in the ranking). */
const MAX_TERMS = 24;
/** A word's n-grams are read from this many of its letters at most (a pasted 1 MB "word" is not one). */
const MAX_WORD = 40;
/** A passage's own words count this much of a visitor's question: they are written, not asked. */
const PASSAGE_WEIGHT = 0.8;
/** The ranking's share of a passage's nearness (its rank over the best one's, times its coverage). */
const RANKING_WEIGHT = 0.4;

function grams(term: string): string[] {
  const padded = `<${term}>`;
  const out: string[] = [];
  for (const n of GRAM_SIZES) for (let i = 0; i + n <= padded.length; i++) out.push(padded.slice(i, i + n));
  return out;
}

/** A text's features and their counts, before weighting. */
function features(text: string, known?: (term: string) => boolean): Vector {
  const f: Vector = new Map();
  const add = (key: string, weight: number) => f.set(key, (f.get(key) ?? 0) + weight);
  for (const token of tokens(text, known).slice(0, MAX_TERMS)) {
    add(`=${token.term}`, WORD_WEIGHT);
    for (const g of grams(token.term.slice(0, MAX_WORD))) add(g, 1);
    if (token.withoutAnd) add(`=${token.withoutAnd}`, WORD_WEIGHT / 2);
  }
  return f;
}

/** The features weighted by rarity, to unit length. */
function weigh(raw: Vector, idf: Map<string, number>, unseen: number): Vector {
  const v: Vector = new Map();
  let norm = 0;
  for (const [key, count] of raw) {
    const w = Math.sqrt(count) * (idf.get(key) ?? unseen);
    v.set(key, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [key, w] of v) v.set(key, w / norm);
  return v;
}

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [key, w] of small) {
    const o = large.get(key);
    if (o) sum += w * o;
  }
  return sum;
}

/** A passage as the classifier reads it. */
export interface PassageText {
  id: string;
  title: string;
  text: string;
}

/**
 * Items read, and weighed, per task in `trainClassifierInTasks`: at 4× CPU slowdown, 40 items
 * read in one task took 50-110 ms (a long task after hydration, on the assistant's page); 10
 * take under 30, and weighing is about a sixth of reading.
 */
const ITEMS_PER_TASK = 10;
const WEIGHED_PER_TASK = 60;

/** The training, as steps: it yields after every ITEMS_PER_TASK items read, and returns the classifier. */
function* train(examples: Example[], passages: PassageText[], known: (term: string) => boolean): Generator<void, Classifier> {
  const ids = new Set(passages.map((p) => p.id));
  const raw: { label: string | null; raw: Vector; question: string | null }[] = [];
  const read = (label: string | null, text: string, question: string | null) =>
    raw.push({ label, raw: question === null ? features(text) : features(text, known), question });
  for (const [question, label] of examples) {
    // An example whose passage is gone (the content changed since training) teaches nothing.
    if (label !== null && !ids.has(label)) continue;
    if (read(label, question, question) % ITEMS_PER_TASK === 0) yield;
  }
  for (const p of passages) {
    if (read(p.id, `${p.title} ${p.text}`, null) % ITEMS_PER_TASK === 0) yield;
  }
  const df = new Map<string, number>();
  for (const { raw: r } of raw) for (const key of r.keys()) df.set(key, (df.get(key) ?? 0) + 1);
  const n = raw.length;
  const idf = new Map<string, number>();
  for (const [key, d] of df) idf.set(key, Math.log((n + 1) / (d + 1)) + 1);
  const unseen = Math.log(n + 1) + 1;
  const items: Item[] = [];
  for (const { label, raw: r, question } of raw) {
    if (items.push({ label, vector: weigh(r, idf, unseen), question }) % WEIGHED_PER_TASK === 0) yield;
  }
  return { items, idf, unseen, known };
}

/**
 * The classifier from a language's examples and its index's passages. `known` tells which
 * terms the index holds (a question's reading of dialect and Arabizi words depends on it).
 */
export function trainClassifier(examples: Example[], passages: PassageText[], known: (term: string) => boolean): Classifier {
  const steps = train(examples, passages, known);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Gives the page its turn: a message to itself, which (unlike a nested timeout, clamped to 4 ms
 * and more in a background tab) comes back as soon as the page has handled what waits.
 */
function yieldToPage(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** trainClassifier in tasks of ITEMS_PER_TASK items, yielding to the page between them. */
export async function trainClassifierInTasks(examples: Example[], passages: PassageText[], known: (term: string) => boolean): Promise<Classifier> {
  const steps = train(examples, passages, known);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldToPage();
  }
}

/** Each label's nearness to a question: the cosine with its nearest item. */
function labelScores(classifier: Classifier, question: string, skip?: (item: Item) => boolean): Map<string | null, number> {
  const q = weigh(features(question, classifier.known), classifier.idf, classifier.unseen);
  const best = new Map<string | null, number>();
  if (q.size === 0) return best;
  for (const item of classifier.items) {
    if (skip?.(item)) continue;
    const s = cosine(q, item.vector) * (item.question === null ? PASSAGE_WEIGHT : 1);
    if (s > (best.get(item.label) ?? 0)) best.set(item.label, s);
  }
  return best;
}

/** A passage the ranking found, its score, its rank and the share of the question's words it holds. */
export interface RankedPassage {
  passage: Passage;
  score: number;
  rank: number;
  coverage: number;
}

/** The passage (or none: null) nearest to a question, and how near (0–1). */
export interface Nearest {
  label: string | null;
  score: number;
  /** How near another passage is (0 for one neither the examples nor the ranking hold). */
  of?: (label: string) => number;
}

/**
 * The passage nearest to a question: each label's nearness to it (see `labelScores`), plus
 * the ranking's view of the same passage (its rank over the best one's, times its coverage,
 * RANKING_WEIGHT of it), over 1 + RANKING_WEIGHT. `skip` leaves items out (an example's own
 * question, when training measures the layer on the examples it learned from).
 */
export function nearestPassage(classifier: Classifier, question: string, ranked: RankedPassage[], skip?: (item: Item) => boolean): Nearest | null {
  const scores = labelScores(classifier, question, skip);
  const top = ranked[0]?.rank || 1;
  for (const { passage, rank, coverage } of ranked) scores.set(passage.id, (scores.get(passage.id) ?? 0) + RANKING_WEIGHT * (rank / top) * coverage);
  let best: { label: string | null; score: number } | null = null;
  // Ties keep the first label met: the examples' order, then the ranking's.
  for (const [label, score] of scores) if (!best || score > best.score) best = { label, score };
  const of = (label: string) => (scores.get(label) ?? 0) / (1 + RANKING_WEIGHT);
  return best && { label: best.label, score: best.score / (1 + RANKING_WEIGHT), of };
}
