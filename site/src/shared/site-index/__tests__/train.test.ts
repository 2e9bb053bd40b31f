// @vitest-environment node
// The learned layer's examples and thresholds (examples/<lang>.json) are what training on the
// tuning half gives (train.ts); `npm run train:assistant` rewrites them after the blind set, the
// content index or the answerer changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AssistantIndex } from '../answerer';
import ar from '../../../../../tests/contracts/assistant-index.ar.json';
import en from '../../../../../tests/contracts/assistant-index.en.json';
import { halfOf, readBlindSet } from './blind';
import { train } from './train';
import '../arabizi';

const LANGS = [
  ['ar', ar as AssistantIndex],
  ['en', en as AssistantIndex],
] as const;

describe.each(LANGS)('the learned layer of %s', (lang, index) => {
  const set = readBlindSet(lang);
  const training = train(lang, index, set);
  const path = join(__dirname, '..', 'examples', `${lang}.json`);
  // One example a line, so that a change to the set reads as a change to its lines.
  const { examples, ...head } = training.file;
  const text = `${JSON.stringify(head).slice(0, -1)},"examples":[\n${examples.map((e) => JSON.stringify(e)).join(',\n')}\n]}\n`;
  if (process.env.SAHEL_TRAIN_ASSISTANT) writeFileSync(path, text);
  console.log(
    `learned layer (${lang}): ${training.file.examples.length} examples, answerAt ${training.file.answerAt}, doubtAt ${training.file.doubtAt}; ` +
      `tuning half, one left out at a time: right ${training.right}, wrong ${training.wrong} (the ranking alone: ${training.ranking.right}, ${training.ranking.wrong})`,
  );

  it('is what training on the tuning half gives (npm run train:assistant rewrites it)', () => {
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('learned from the tuning half only', () => {
    const heldOut = new Set(set.filter((q) => halfOf(q.id) === 'held-out').map((q) => q.question));
    expect(training.file.examples.filter(([q]) => heldOut.has(q))).toEqual([]);
    expect(training.file.examples.length).toBeGreaterThan(set.length / 3);
  });

  it('does no worse than the ranking alone on questions it did not learn', () => {
    const merit = (f: { right: number; wrong: number }) => f.right - 3 * f.wrong;
    expect(merit(training)).toBeGreaterThanOrEqual(merit(training.ranking));
  });
});
