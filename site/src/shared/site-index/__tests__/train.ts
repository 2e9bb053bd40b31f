// The learned layer's training (issue 54; see learned.ts): the tuning half of a language's blind
// set becomes its examples, and the two thresholds that decide what the layer may do are the
// ones that, on the tuning half, give the most right answers less WRONG_COST times the wrong
// ones. Each tuning question is answered with its own example left out, so the figures are
// those of questions the layer did not learn (leave-one-out). The held-out half is never read.
import { answerQuestion, buildSearchIndex, searchPassages, type AssistantIndex, type LocalAnswer } from '../answerer';
import { learnedLayer, trainClassifier, withLearned, type ExampleFile, type Nearest } from '../learned';
import { halfOf, judge, tuningExamples, type BlindQuestion } from './blind';

/** A confident wrong answer costs this many right ones (the issue: "never confidently wrong"). */
export const WRONG_COST = 3;
/** The thresholds tried, null (never) first: of equal merit, the layer that does less wins. */
export const ANSWER_AT = [null, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4];
export const DOUBT_AT = [null, 0.6, 0.5, 0.4, 0.3, 0.2];

export interface Training {
  file: ExampleFile;
  /** The tuning half's figures, leave-one-out, with the chosen thresholds and with no layer. */
  right: number;
  wrong: number;
  ranking: { right: number; wrong: number };
}

export function train(lang: string, index: AssistantIndex, set: BlindQuestion[]): Training {
  const examples = tuningExamples(set, index);
  const search = buildSearchIndex(index);
  const classifier = trainClassifier(examples, index.passages, (term) => search.df.has(term));
  const layer = learnedLayer(classifier, null, null);
  const tuning = set
    .filter((q) => halfOf(q.id) === 'tuning')
    .map((q) => {
      const ranked = searchPassages(search, q.question, 20);
      const near: Nearest | null = layer.nearest(q.question, ranked, (item) => item.question === q.question);
      return { q, answer: answerQuestion(search, q.question), near };
    });
  const tally = (answerOf: (r: (typeof tuning)[number]) => LocalAnswer | null) => {
    let right = 0;
    let wrong = 0;
    for (const r of tuning) {
      const outcome = judge(r.q, answerOf(r));
      if (outcome === 'wrong') wrong++;
      else if (outcome === 'right' && r.q.expected) right++;
    }
    return { right, wrong };
  };
  let best: { answerAt: number | null; doubtAt: number | null; right: number; wrong: number } | null = null;
  for (const answerAt of ANSWER_AT) {
    for (const doubtAt of DOUBT_AT) {
      const { right, wrong } = tally((r) => withLearned(search.passages, r.answer, r.near, { answerAt, doubtAt }));
      if (!best || right - WRONG_COST * wrong > best.right - WRONG_COST * best.wrong) best = { answerAt, doubtAt, right, wrong };
    }
  }
  return {
    file: { lang, answerAt: best!.answerAt, doubtAt: best!.doubtAt, examples },
    right: best!.right,
    wrong: best!.wrong,
    ranking: tally((r) => r.answer),
  };
}
