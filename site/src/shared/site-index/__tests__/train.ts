// The learned layer's training (issue 54; see learned.ts). Its examples are the questions the
// answerer may be tuned on: the tuning half of the blind set (each with the passage the judge
// calls right) and the first evaluation set (eval-set.json, each with a passage it accepts).
// What the layer may do is then chosen on those questions as what gives the most right answers
// less WRONG_COST times the wrong ones (and less one for each off-site question offered an
// answer rather than declined), of two ways:
// - thresholds on the nearness the classifier finds (answerAt, doubtAt, doubtBy);
// - an answer model: a logistic regression, over the ranking's candidate's features, of whether
//   it is right; its two thresholds are chosen on its out-of-fold likelihoods (five folds), and
//   its weights are then fitted on all the questions.
// Each question is read with its own example left out, so the nearness is that of a question
// the layer did not learn (leave-one-out); the thresholds and the model's weights are fitted on
// these questions, so their figures here are optimistic. The questions the screen suggests must
// keep their confident answers. The blind set's held-out half, the fresh set and the final set are
// read only to leave out the questions they also ask.
import { answerQuestion, buildSearchIndex, searchPassages, type AssistantIndex, type LocalAnswer } from '../answerer';
import {
  answerFeatures,
  CANDIDATES,
  learnedLayer,
  likelihood,
  modelAnswer,
  trainClassifier,
  withLearned,
  type AnswerModel,
  type ExampleFile,
  type Nearest,
  type RankedPassage,
} from '../learned';
import { normalizeText } from '../normalize';
import { halfOf, judge, tuningExamples, type BlindQuestion } from './blind';
import { accepted, evalExamples, REFUSE, type Case } from './eval-set';

/** A confident wrong answer costs this many right ones (the issue: "never confidently wrong"). */
export const WRONG_COST = 3;
/** An off-site question offered an answer (not declined) costs this much. */
const OFFERED_COST = 1;
/** The thresholds tried, null (never) first: of equal merit, the layer that does less wins. */
export const ANSWER_AT = [null, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4];
export const DOUBT_AT = [null, 0.6, 0.5, 0.4, 0.3, 0.2];
export const DOUBT_BY = [0.2, 0.15, 0.1, 0.05, 0];
const ASSERT_AT = [0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5];
const OFFER_AT = [null, 0.5, 0.4, 0.3, 0.2];
const FOLDS = 5;

/** Right and wrong answers, and off-site questions offered an answer, on a set of questions. */
export interface Figures {
  right: number;
  wrong: number;
  offered: number;
}

export interface Training {
  file: ExampleFile;
  /** With what was chosen, and with no layer: on the blind set's tuning half, and on the evaluation set. */
  blind: Figures;
  evaluation: Figures;
  ranking: { blind: Figures; evaluation: Figures };
}

export const merit = (f: Figures) => f.right - WRONG_COST * f.wrong - OFFERED_COST * f.offered;

/** One question as training reads it. */
interface Row {
  question: string;
  ranked: RankedPassage[];
  answer: LocalAnswer | null;
  near: Nearest | null;
  /** An answer's outcome: right, wrong, or neither (asked back, declined). */
  outcome: (answer: LocalAnswer | null) => 'right' | 'wrong' | 'offered' | null;
  /** Whether a confident answer with this passage would be right. */
  rightWith: (passage: RankedPassage['passage']) => boolean;
  blind: boolean;
}

/** A logistic regression, fitted by gradient descent with a little L2 (deterministic). */
function fit(x: number[][], y: number[]): Pick<AnswerModel, 'weights' | 'bias'> {
  const d = x[0]?.length ?? 0;
  const w = new Array<number>(d).fill(0);
  let b = 0;
  const rate = 0.5;
  const l2 = 0.001;
  for (let iteration = 0; iteration < 1500; iteration++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    x.forEach((xi, i) => {
      const err = likelihood({ weights: w, bias: b }, xi) - y[i]!;
      xi.forEach((v, j) => (gw[j]! += err * v));
      gb += err;
    });
    for (let j = 0; j < d; j++) w[j]! -= rate * (gw[j]! / x.length + l2 * w[j]!);
    b -= (rate * gb) / x.length;
  }
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  return { weights: w.map(round), bias: round(b) };
}

export function train(lang: string, index: AssistantIndex, set: BlindQuestion[], cases: Case[], heldOut: BlindQuestion[], suggested: string[]): Training {
  const search = buildSearchIndex(index);
  // A question that a held-out set also asks in the same words (normalised: "Tell me a joke!" is
  // "tell me a joke") is neither learned nor trained on, so that those sets' figures stay of
  // unseen questions; a question in both sets is learned once.
  const key = (q: string) => normalizeText(q);
  const held = new Set([...set.filter((q) => halfOf(q.id) === 'held-out'), ...heldOut].map((q) => key(q.question)));
  const tuning = set.filter((q) => halfOf(q.id) === 'tuning' && !held.has(key(q.question)));
  const usable = cases.filter((c) => !held.has(key(c.q)));
  const seen = new Set<string>();
  const examples = [...tuningExamples(tuning, index), ...evalExamples(usable, index.passages, (q) => answerQuestion(search, q)?.passage ?? null)].filter(
    ([q]) => !seen.has(key(q)) && seen.add(key(q)),
  );
  const layer = learnedLayer(
    trainClassifier(examples, index.passages, (term) => search.df.has(term)),
    null,
    null,
  );
  const read = (question: string) => {
    const ranked = searchPassages(search, question, CANDIDATES);
    return { question, ranked, answer: answerQuestion(search, question), near: layer.nearest(question, ranked, (item) => item.question === question) };
  };
  const rows: Row[] = [
    ...tuning.map((q) => ({
        ...read(q.question),
        blind: true,
        outcome: (a: LocalAnswer | null) => {
          const o = judge(q, a);
          return o === 'right' ? (q.expected ? 'right' : null) : o === 'wrong' ? 'wrong' : o === 'asked' && !q.expected ? 'offered' : null;
        },
        rightWith: (passage: RankedPassage['passage']) => judge(q, { passage, sources: [], confident: true }) === 'right',
      })),
    // The evaluation set judges the passage of any answer, offered or asserted (eval.test.ts).
    ...usable.map((c) => ({
      ...read(c.q),
      blind: false,
      outcome: (a: LocalAnswer | null) => (!a ? null : accepted(c, { id: a.passage.id, url: a.passage.url }) ? 'right' : 'wrong'),
      rightWith: (passage: RankedPassage['passage']) => !c.expect.includes(REFUSE) && accepted(c, { id: passage.id, url: passage.url }),
    })),
  ];
  const suggestions = suggested.map(read);

  const figures = (answerOf: (r: Row, i: number) => LocalAnswer | null) => {
    const blind: Figures = { right: 0, wrong: 0, offered: 0 };
    const evaluation: Figures = { right: 0, wrong: 0, offered: 0 };
    rows.forEach((r, i) => {
      const o = r.outcome(answerOf(r, i));
      if (o) (r.blind ? blind : evaluation)[o]++;
    });
    return { blind, evaluation };
  };
  const total = (f: { blind: Figures; evaluation: Figures }) => merit(f.blind) + merit(f.evaluation);

  type Choice = { file: Omit<ExampleFile, 'lang' | 'examples'>; blind: Figures; evaluation: Figures };
  let best: Choice | null = null;
  const consider = (file: Choice['file'], answerOf: (r: Row, i: number) => LocalAnswer | null, suggestionsOf: () => (LocalAnswer | null)[]) => {
    // Of equal merit, the first considered (the one that does less) wins.
    if (suggestionsOf().some((a) => !a?.confident)) return;
    const f = figures(answerOf);
    if (!best || total(f) > total(best)) best = { file, ...f };
  };

  // The thresholds.
  for (const answerAt of ANSWER_AT) {
    for (const doubtAt of DOUBT_AT) {
      for (const doubtBy of doubtAt === null ? [0] : DOUBT_BY) {
        const thresholds = { answerAt, doubtAt, doubtBy };
        const of = (r: { answer: LocalAnswer | null; near: Nearest | null }) => withLearned(search.passages, r.answer, r.near, thresholds);
        consider({ ...thresholds, model: null }, of, () => suggestions.map(of));
      }
    }
  }

  // The answer model: out-of-fold likelihoods choose its thresholds.
  const features = rows.map((r) => answerFeatures(r.ranked, r.answer, r.near));
  const labelled = rows.flatMap((r, i) => (features[i] ? [{ i, x: features[i]!.x, y: r.rightWith(features[i]!.candidate.passage) ? 1 : 0 }] : []));
  const outOfFold = new Map<number, number>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const trainOn = labelled.filter((_, k) => k % FOLDS !== fold);
    const model = fit(
      trainOn.map((l) => l.x),
      trainOn.map((l) => l.y),
    );
    labelled.forEach((l, k) => k % FOLDS === fold && outOfFold.set(l.i, likelihood(model, l.x)));
  }
  const weights = fit(
    labelled.map((l) => l.x),
    labelled.map((l) => l.y),
  );
  for (const assertAt of ASSERT_AT) {
    for (const offerAt of OFFER_AT.filter((o) => o === null || o < assertAt)) {
      const model: AnswerModel = { ...weights, assertAt, offerAt };
      // Each question answered as the model would with its out-of-fold likelihood.
      const of = (r: Row, i: number) => {
        const f = features[i];
        if (!f) return r.answer;
        const p = outOfFold.get(i)!;
        const confident = p >= assertAt;
        if (!confident && (offerAt === null || p < offerAt)) return null;
        return { passage: f.candidate.passage, sources: [], confident };
      };
      consider({ answerAt: null, doubtAt: null, doubtBy: 0, model }, of, () => suggestions.map((r) => modelAnswer(model, r.ranked, r.answer, r.near)));
    }
  }
  const chosen = best as Choice | null;
  if (!chosen) throw new Error(`${lang}: no way keeps the suggested questions' answers`);
  return {
    file: { lang, ...chosen.file, examples },
    blind: chosen.blind,
    evaluation: chosen.evaluation,
    ranking: figures((r) => r.answer),
  };
}
