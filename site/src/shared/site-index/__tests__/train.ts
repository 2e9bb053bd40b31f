// The learned layer's training (issue 54; see learned.ts). Its examples are the questions the
// answerer may be tuned on: the tuning half of the blind set (each with the passage the judge
// calls right) and the first evaluation set (eval-set.json, each with a passage it accepts). The
// two thresholds that decide what the layer may do are the ones that, on those questions, give
// the most right answers less WRONG_COST times the wrong ones. Each question is answered with
// its own example left out, so the figures are those of questions the layer did not learn
// (leave-one-out). The blind set's held-out half and the fresh set are never read.
import { answerQuestion, buildSearchIndex, searchPassages, type AssistantIndex, type LocalAnswer } from '../answerer';
import { learnedLayer, trainClassifier, withLearned, type ExampleFile, type Nearest } from '../learned';
import { halfOf, judge, tuningExamples, type BlindQuestion } from './blind';
import { accepted, evalExamples, type Case } from './eval-set';

/** A confident wrong answer costs this many right ones (the issue: "never confidently wrong"). */
export const WRONG_COST = 3;
/** The thresholds tried, null (never) first: of equal merit, the layer that does less wins. */
export const ANSWER_AT = [null, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4];
export const DOUBT_AT = [null, 0.6, 0.5, 0.4, 0.3, 0.2];
export const DOUBT_BY = [0.2, 0.15, 0.1, 0.05, 0];

/** Right and wrong answers on a set of questions. */
export interface Figures {
  right: number;
  wrong: number;
}

export interface Training {
  file: ExampleFile;
  /** With the chosen thresholds, and with no layer: on the blind set's tuning half, and on the evaluation set. */
  blind: Figures;
  evaluation: Figures;
  ranking: { blind: Figures; evaluation: Figures };
}

const merit = (f: Figures) => f.right - WRONG_COST * f.wrong;

/**
 * `suggested`: the questions the assistant's screen suggests, which must keep a confident answer
 * (thresholds that would offer one with the question back are not chosen).
 */
export function train(lang: string, index: AssistantIndex, set: BlindQuestion[], cases: Case[], heldOut: BlindQuestion[], suggested: string[]): Training {
  const search = buildSearchIndex(index);
  // A question in both sets is learned once; one that a held-out set also asks, word for word
  // ("tell me a joke"), is not learned, so that those sets' figures stay of unseen questions.
  const seen = new Set([...set.filter((q) => halfOf(q.id) === 'held-out'), ...heldOut].map((q) => q.question));
  const examples = [...tuningExamples(set, index), ...evalExamples(cases, index.passages, (q) => answerQuestion(search, q)?.passage ?? null)].filter(([q]) => !seen.has(q) && seen.add(q));
  const layer = learnedLayer(
    trainClassifier(examples, index.passages, (term) => search.df.has(term)),
    null,
    null,
  );
  /** A question answered by the ranking, and the passage the layer finds nearest without its own example. */
  const read = (question: string) => ({
    answer: answerQuestion(search, question),
    near: layer.nearest(question, searchPassages(search, question, 20), (item) => item.question === question) as Nearest | null,
  });
  const blind = set.filter((q) => halfOf(q.id) === 'tuning').map((q) => ({ q, ...read(q.question) }));
  const evaluation = cases.map((c) => ({ c, ...read(c.q) }));
  const suggestions = suggested.map(read);

  const figures = (answerOf: (r: { answer: LocalAnswer | null; near: Nearest | null }) => LocalAnswer | null) => {
    const b: Figures = { right: 0, wrong: 0 };
    for (const r of blind) {
      const outcome = judge(r.q, answerOf(r));
      if (outcome === 'wrong') b.wrong++;
      else if (outcome === 'right' && r.q.expected) b.right++;
    }
    // The evaluation set judges the passage of any answer, offered or asserted (eval.test.ts).
    const e: Figures = { right: 0, wrong: 0 };
    for (const r of evaluation) {
      const answer = answerOf(r);
      if (!answer) continue;
      if (accepted(r.c, { id: answer.passage.id, url: answer.passage.url })) e.right++;
      else e.wrong++;
    }
    return { blind: b, evaluation: e };
  };
  type Choice = { answerAt: number | null; doubtAt: number | null; doubtBy: number; blind: Figures; evaluation: Figures };
  let best: Choice | null = null;
  for (const answerAt of ANSWER_AT) {
    for (const doubtAt of DOUBT_AT) {
      for (const doubtBy of doubtAt === null ? [0] : DOUBT_BY) {
        const thresholds = { answerAt, doubtAt, doubtBy };
        if (suggestions.some((r) => !withLearned(search.passages, r.answer, r.near, thresholds)?.confident)) continue;
        const f = figures((r) => withLearned(search.passages, r.answer, r.near, thresholds));
        if (!best || merit(f.blind) + merit(f.evaluation) > merit(best.blind) + merit(best.evaluation)) best = { ...thresholds, ...f };
      }
    }
  }
  return {
    file: { lang, answerAt: best!.answerAt, doubtAt: best!.doubtAt, doubtBy: best!.doubtBy, examples },
    blind: best!.blind,
    evaluation: best!.evaluation,
    ranking: figures((r) => r.answer),
  };
}

