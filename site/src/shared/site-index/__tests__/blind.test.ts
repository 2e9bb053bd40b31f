// @vitest-environment node
// The answerer on the blind sets (issue 54; see blind.ts and tests/assistant-blind/README.md),
// with its learned layer, as the assistant answers: the first set's tuning and held-out halves,
// the fresh held-out set written after the layer was built (tests/assistant-blind/fresh/), and
// the set kept for issue 54's final measurement (tests/assistant-blind/final/), measured once,
// on 3 December 2026, after the last change to the answerer.
// Prints, for each, the share answered right, declined and answered wrong, per kind of question,
// beside the ranking alone's; fails when a figure falls below the floor measured when it was
// last raised. Only the tuning half's misses are ever printed (BLIND_MISSES=1): the held-out
// questions are read as figures only, so that nobody tunes on them.
import { describe, expect, it } from 'vitest';
import { answerQuestion, buildSearchIndex, type AssistantIndex } from '../answerer';
import ar from '../../../../../tests/contracts/assistant-index.ar.json';
import en from '../../../../../tests/contracts/assistant-index.en.json';
import { add, emptyTally, halfOf, judge, readBlindSet, share, type Half, type Tally } from './blind';
import '../arabizi'; // Arabizi's reading, a chunk the app loads beside the index
import { learnedFromFile, type ExampleFile } from '../learned';
import arExamples from '../examples/ar.json';
import enExamples from '../examples/en.json';

/**
 * The floors: what the answerer reached on each part when they were last raised. A change that
 * answers fewer right, or more wrong, fails here. The issue's goals are 90% right, 97% of
 * off-site questions declined and 1% wrong at most; what is below them is in the closing note.
 */
type Part = Half | 'fresh' | 'final';
// The final set's, as measured once, on 3 December 2026 (tests/assistant-blind/final/README.md):
// Arabic 24/172 right, 25/28 declined, 4/200 wrong; English 78/170, 26/30, 11/200.
const FINAL_AR = { right: 0.139, declined: 0.89, wrong: 0.02 };
const FINAL_EN = { right: 0.458, declined: 0.866, wrong: 0.055 };
const FLOORS: Record<'ar' | 'en', Record<Part, { right: number; declined: number; wrong: number }>> = {
  // Measured on 3 December 2026, with the learned layer as trained (the issue's goals are far
  // above; see the closing note).
  ar: {
    tuning: { right: 0.283, declined: 0.74, wrong: 0.065 },
    'held-out': { right: 0.276, declined: 0.83, wrong: 0.07 },
    fresh: { right: 0.052, declined: 0.92, wrong: 0.01 },
    final: FINAL_AR,
  },
  en: {
    tuning: { right: 0.474, declined: 0.87, wrong: 0.062 },
    'held-out': { right: 0.437, declined: 0.95, wrong: 0.078 },
    fresh: { right: 0.382, declined: 0.8, wrong: 0.07 },
    final: FINAL_EN,
  },
};

const LANGS = [
  ['ar', ar as AssistantIndex, arExamples as ExampleFile],
  ['en', en as AssistantIndex, enExamples as ExampleFile],
] as const;

const pct = (n: number, of: number) => (of ? n / of : 0);

describe('the blind sets', () => {
  it('are split into halves of about the same size, by id alone', () => {
    for (const [lang] of LANGS) {
      const set = readBlindSet(lang);
      expect(set.length, lang).toBeGreaterThanOrEqual(300);
      expect(new Set(set.map((q) => q.id)).size, `${lang}: ids are unique`).toBe(set.length);
      const tuning = set.filter((q) => halfOf(q.id) === 'tuning').length;
      expect(Math.abs(tuning - set.length / 2), lang).toBeLessThan(set.length * 0.1);
      // Every kind is in both halves, so each half's figures per kind mean something.
      for (const kind of new Set(set.map((q) => q.kind))) {
        const of = set.filter((q) => q.kind === kind);
        expect(of.some((q) => halfOf(q.id) === 'tuning') && of.some((q) => halfOf(q.id) === 'held-out'), `${lang} ${kind}`).toBe(true);
      }
    }
  });
});

describe('the set kept for the final measurement (tests/assistant-blind/final/)', () => {
  // Whole and well formed (its figures, measured once, are below with the other parts').
  it.each(LANGS.map(([lang]) => lang))('is whole in %s', (lang) => {
    const set = readBlindSet(lang, 'tests/assistant-blind/final');
    expect(set.length).toBeGreaterThanOrEqual(200);
    expect(new Set(set.map((q) => q.id)).size).toBe(set.length);
    for (const q of set) {
      expect(q.lang, q.id).toBe(lang);
      expect(q.expected === null, q.id).toBe(q.kind === 'offtopic');
      if (q.expected) expect(q.expected.url.startsWith(`/${lang}/`), q.id).toBe(true);
    }
  });
});

describe.each(LANGS)('the answerer on the %s blind set', (lang, index, examples) => {
  const search = buildSearchIndex(index);
  const learned = learnedFromFile(examples, search);
  // The first set's two halves, the fresh held-out set (tests/assistant-blind/fresh/), written
  // after the layer was built, by another hand, from the pages alone, and the set kept for the
  // final measurement (tests/assistant-blind/final/), by a third: those two are all held out.
  const set = readBlindSet(lang);
  const fresh = readBlindSet(lang, 'tests/assistant-blind/fresh');
  const final = readBlindSet(lang, 'tests/assistant-blind/final');
  const results = [
    ...set.map((q) => ({ q, half: halfOf(q.id) as Part })),
    ...fresh.map((q) => ({ q, half: 'fresh' as Part })),
    ...final.map((q) => ({ q, half: 'final' as Part })),
  ].map(({ q, half }) => {
    // With the learned layer, as the assistant answers; a tuning question without its own
    // example (the classifier's nearness is then that of an unseen question, but the layer's
    // thresholds and model were fitted on the tuning half: its figures are optimistic).
    const answer = answerQuestion(search, q.question, learned, (item) => item.question === q.question);
    // An asked-back reply's passage, judged as if it were the answer.
    const offeredRight = answer !== null && !answer.confident && judge(q, { ...answer, confident: true }) === 'right';
    return { q, answer, outcome: judge(q, answer), offeredRight, half };
  });
  const lines: string[] = [];
  const totals = {} as Record<Part, { onSite: Tally; offSite: Tally }>;
  for (const half of ['tuning', 'held-out', 'fresh', 'final'] as const) {
    const of = results.filter((r) => r.half === half);
    const onSite = emptyTally();
    const offSite = emptyTally();
    const kinds = new Map<string, Tally>();
    for (const r of of) {
      add(r.q.expected ? onSite : offSite, r.outcome, r.offeredRight);
      const kind = kinds.get(r.q.kind) ?? emptyTally();
      add(kind, r.outcome, r.offeredRight);
      kinds.set(r.q.kind, kind);
    }
    totals[half] = { onSite, offSite };
    // The ranking alone on the same questions, for comparison: what the learned layer changed.
    const alone = { right: 0, declined: 0, wrong: 0 };
    for (const r of of) {
      const outcome = judge(r.q, answerQuestion(search, r.q.question));
      if (outcome === 'right' && r.q.expected) alone.right++;
      if (outcome === 'declined' && !r.q.expected) alone.declined++;
      if (outcome === 'wrong') alone.wrong++;
    }
    const wrong = onSite.wrong + offSite.wrong;
    lines.push(
      `  ${half}: right ${share(onSite.right, onSite.n)} of the site's questions (asked back ${onSite.asked}, ${onSite.askedRight} of them with the right passage), ` +
        `declined ${share(offSite.declined, offSite.n)} of the others (asked back ${offSite.asked}), wrong ${share(wrong, of.length)} of all`,
      `    (the ranking alone: right ${share(alone.right, onSite.n)}, declined ${share(alone.declined, offSite.n)}, wrong ${share(alone.wrong, of.length)})`,
    );
    for (const [kind, t] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(
        kind === 'offtopic'
          ? `    ${kind.padEnd(10)} declined ${share(t.declined, t.n)}, asked back ${t.asked}, answered ${t.wrong}`
          : `    ${kind.padEnd(10)} right ${share(t.right, t.n)}, asked back ${t.asked} (${t.askedRight} right), declined ${t.declined}, wrong ${t.wrong}`,
      );
    }
  }
  if (process.env.BLIND_MISSES) {
    for (const r of results.filter((r) => r.half === 'tuning' && r.outcome !== (r.q.expected ? 'right' : 'declined'))) {
      lines.push(
        `  miss ${r.q.id} [${r.q.kind}] ${r.outcome}: "${r.q.question}" → ${r.answer ? `${r.answer.passage.id} "${r.answer.passage.text.slice(0, 80)}"` : 'declined'}` +
          (r.q.expected ? `\n      expected ${r.q.expected.url}: "${r.q.expected.passage.slice(0, 100)}"` : ''),
      );
    }
  }
  console.log(`assistant blind evaluation (${lang}):\n${lines.join('\n')}`);

  it.each(['tuning', 'held-out', 'fresh', 'final'] as const)('holds its floors on the %s questions', (half) => {
    const { onSite, offSite } = totals[half];
    const floor = FLOORS[lang][half];
    expect(pct(onSite.right, onSite.n), `${lang} ${half}: right`).toBeGreaterThanOrEqual(floor.right);
    expect(pct(offSite.declined, offSite.n), `${lang} ${half}: declined`).toBeGreaterThanOrEqual(floor.declined);
    expect(pct(onSite.wrong + offSite.wrong, onSite.n + offSite.n), `${lang} ${half}: wrong`).toBeLessThanOrEqual(floor.wrong);
  });
});
