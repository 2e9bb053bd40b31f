// The answerer's evaluation: realistic visitor questions (eval-set.json), a third of them off
// the site's topics, asked of the index of the shipped content. That index is written by the
// Rust side (`cargo test --test testsuite contracts::` writes tests/contracts/assistant-index.<lang>.json,
// byte for byte what the build emits, pretty-printed), since Vitest runs before the build.
// It prints top-1 accuracy and correct refusals per language and fails below the goals.
import { describe, expect, it } from 'vitest';
import { answerQuestion, buildSearchIndex, type AssistantIndex } from '../answerer';
import ar from '../../../../../tests/contracts/assistant-index.ar.json';
import en from '../../../../../tests/contracts/assistant-index.en.json';
import evalSet from './eval-set.json';

/** The goals (issue 16): right answers and correct refusals, in each language. */
const MIN_ACCURACY = 0.9;
const MIN_REFUSALS = 0.95;
const REFUSE = 'refuse';

interface Case {
  q: string;
  expect: string[];
}

/** Whether an answer (a passage id and page, or null for a refusal) is one the case accepts. */
function accepted(c: Case, answer: { id: string; url: string } | null): boolean {
  if (!answer) return c.expect.includes(REFUSE);
  const page = answer.url.split('#')[0];
  return c.expect.some((e) => e !== REFUSE && (answer.id === e || answer.id.startsWith(`${e}:`) || page === e));
}

const LANGS = [
  ['en', en as AssistantIndex, evalSet.en],
  ['ar', ar as AssistantIndex, evalSet.ar],
] as const;

describe('the evaluation set', () => {
  it('has at least 40 questions per language, a third of them off-topic, each with a valid expectation', () => {
    for (const [lang, index, cases] of LANGS) {
      expect(cases.length, lang).toBeGreaterThanOrEqual(40);
      const refusals = cases.filter((c) => c.expect.includes(REFUSE)).length;
      expect(refusals * 3, lang).toBeGreaterThanOrEqual(cases.length);
      const ids = index.passages.map((p) => p.id);
      const pages = new Set(index.passages.map((p) => p.url.split('#')[0]));
      for (const c of cases) {
        expect(c.expect.length, c.q).toBeGreaterThan(0);
        for (const e of c.expect) {
          // Every expectation names something the index holds, so a renamed page fails here.
          const known = e === REFUSE || pages.has(e) || ids.some((id) => id === e || id.startsWith(`${e}:`));
          expect(known, `${lang}: "${c.q}" expects ${e}, which the index does not hold`).toBe(true);
        }
      }
    }
  });
});

describe.each(LANGS)('the answerer on the %s evaluation set', (lang, index, cases) => {
  const search = buildSearchIndex(index);
  const answerable = cases.filter((c) => !c.expect.includes(REFUSE));
  const offTopic = cases.filter((c) => c.expect.includes(REFUSE));
  const results = cases.map((c) => {
    const answer = answerQuestion(search, c.q);
    return { c, answer: answer && { id: answer.passage.id, url: answer.passage.url }, ok: accepted(c, answer && { id: answer.passage.id, url: answer.passage.url }) };
  });
  const right = results.filter((r) => !r.c.expect.includes(REFUSE) && r.ok).length;
  const refused = results.filter((r) => r.c.expect.includes(REFUSE) && r.ok).length;
  const accuracy = right / answerable.length;
  const refusals = refused / offTopic.length;
  const misses = results.filter((r) => !r.ok).map((r) => `  "${r.c.q}": got ${r.answer?.id ?? 'a refusal'}, expected ${r.c.expect.join(' | ')}`);
  console.log(
    `assistant eval (${lang}): top-1 accuracy ${right}/${answerable.length} (${(accuracy * 100).toFixed(1)}%), ` +
      `correct refusals ${refused}/${offTopic.length} (${(refusals * 100).toFixed(1)}%)${misses.length ? `\n${misses.join('\n')}` : ''}`,
  );

  it(`answers at least ${MIN_ACCURACY * 100}% of the on-topic questions with an expected passage`, () => {
    expect(accuracy, misses.join('\n')).toBeGreaterThanOrEqual(MIN_ACCURACY);
  });

  it(`refuses at least ${MIN_REFUSALS * 100}% of the off-topic questions`, () => {
    expect(refusals, misses.join('\n')).toBeGreaterThanOrEqual(MIN_REFUSALS);
  });
});
