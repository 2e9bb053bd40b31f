// The first evaluation set's questions (eval-set.json, issue 37) and its judge, shared by
// eval.test.ts and the learned layer's training (train.ts), which learns from them too.
import type { Passage } from '../answerer';
import type { Example } from '../learned';

export const REFUSE = 'refuse';

export interface Case {
  q: string;
  expect: string[];
  kind?: string;
}

/** Whether an answer (a passage id and page, or null for a refusal) is one the case accepts. */
export function accepted(c: Case, answer: { id: string; url: string } | null): boolean {
  if (!answer) return c.expect.includes(REFUSE);
  const page = answer.url.split('#')[0];
  return c.expect.some((e) => e !== REFUSE && (answer.id === e || answer.id.startsWith(`${e}:`) || page === e));
}


/**
 * The set's questions as the learned layer's examples: each with a passage of the index it
 * accepts, or null for a refusal. Where it accepts a whole page, the passage is the ranking's
 * answer when it is on that page (the page's first passage is its summary, seldom the fact
 * asked), else the first passage it accepts.
 */
export function evalExamples(cases: Case[], passages: Passage[], ranking: (question: string) => Passage | null): Example[] {
  const out: Example[] = [];
  for (const c of cases) {
    if (c.expect.includes(REFUSE)) {
      out.push([c.q, null]);
      continue;
    }
    const ranked = ranking(c.q);
    const passage = ranked && accepted(c, ranked) ? ranked : passages.find((p) => accepted(c, { id: p.id, url: p.url }));
    if (passage) out.push([c.q, passage.id]);
  }
  return out;
}
