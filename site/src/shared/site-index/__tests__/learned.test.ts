// @vitest-environment node
// The answerer's learned layer (learned.ts) over the real content index: what it learns from an
// example carries over to other spellings and dialects of the question; it changes answers only
// as its thresholds allow; it is the same read in tasks as at once; hostile input is read
// without a throw.
import { describe, expect, it } from 'vitest';
import { answerQuestion, buildSearchIndex, searchPassages, type AssistantIndex, type LocalAnswer } from '../answerer';
import ar from '../../../../../tests/contracts/assistant-index.ar.json';
import en from '../../../../../tests/contracts/assistant-index.en.json';
import {
  answerFeatures,
  isExampleFile,
  learnedFromFile,
  learnedLayer,
  likelihood,
  loadLearned,
  modelAnswer,
  type AnswerModel, trainClassifier, trainClassifierInTasks, withLearned, type Example, type ExampleFile } from '../learned';
import arExamples from '../examples/ar.json';
import enExamples from '../examples/en.json';
import '../arabizi';
import arStrings from '../../../i18n/ar/assistant.json';
import enStrings from '../../../i18n/en/assistant.json';

const AR = buildSearchIndex(ar as AssistantIndex);
const EN = buildSearchIndex(en as AssistantIndex);
const known = (search: typeof AR) => (term: string) => search.df.has(term);
const AR_LAYER = learnedFromFile(arExamples, AR)!;
const EN_LAYER = learnedFromFile(enExamples, EN)!;

describe('the learned layer', () => {
  it('carries an example over to other spellings and dialects of the question', () => {
    // One example: the Gulf «وين مكتبكم» asks for the office's address (the contact passage).
    const c = trainClassifier([['وين مكتبكم بالضبط؟', 'contact']], AR.passages, known(AR));
    const layer = learnedLayer(c, 0.5, null);
    for (const question of ['فين مكتبكم؟', 'وين مكتبكم', 'وين موقع مكتبكم']) {
      // No candidates from the ranking: the example and the passages alone.
      const near = layer.nearest(question, []);
      expect(near?.label, question).toBe('contact');
      expect(near!.score, question).toBeGreaterThan(0.4);
    }
    // Without the example, the nearest passage to «فين مكتبكم» is another one.
    const bare = learnedLayer(trainClassifier([], AR.passages, known(AR)), 0.5, null);
    expect(bare.nearest('فين مكتبكم؟', [])?.label).not.toBe('contact');
  });

  it('answers, from an example, a question the ranking could not answer', () => {
    const question = 'wat docs 4 work permit';
    expect(answerQuestion(EN, question)).toBeNull();
    const c = trainClassifier([['what documents do I need for a work permit', 'service:mohre-work-permits:requirements']], EN.passages, known(EN));
    const answer = answerQuestion(EN, question, learnedLayer(c, 0.5, null));
    expect(answer).toMatchObject({ passage: { id: 'service:mohre-work-permits:requirements' }, confident: true });
    expect(answer?.sources).toEqual([{ title: 'Work permits and employment contracts (MOHRE)', url: '/en/services/mohre-work-permits/' }]);
  });

  it('offers, rather than asserts, an answer it finds another passage nearer to', () => {
    // The ranking answers the working days with the corporate tax FAQ.
    const question = 'are you open on friday evening';
    expect(answerQuestion(EN, question)).toMatchObject({ passage: { id: 'faq:corporate-tax' }, confident: true });
    const c = trainClassifier([['are you open on friday', 'faq:working-hours']], EN.passages, known(EN));
    expect(answerQuestion(EN, question, learnedLayer(c, null, 0.3, 0.1))).toMatchObject({ passage: { id: 'faq:corporate-tax' }, confident: false });
    // Not when the answer's own passage is nearly as near (doubtBy).
    expect(answerQuestion(EN, question, learnedLayer(c, null, 0.3, 1))?.confident).toBe(true);
  });

  it.each([
    ['ar', AR, () => AR_LAYER, Object.values(arStrings.chatbot.suggestions)],
    ['en', EN, () => EN_LAYER, Object.values(enStrings.chatbot.suggestions)],
  ] as const)('keeps the confident answers of the questions the %s screen suggests', (_lang, search, layer, suggested) => {
    for (const question of suggested) {
      const answer = answerQuestion(search, question, layer());
      expect(answer?.confident, question).toBe(true);
      expect(answer?.passage.id, question).toBe(answerQuestion(search, question)?.passage.id);
    }
  });

  it('changes an answer only as its thresholds allow', () => {
    const answer: LocalAnswer = { passage: EN.passages.find((p) => p.id === 'faq:working-hours')!, sources: [], confident: true };
    const offered = { ...answer, confident: false };
    const near = { label: 'contact', score: 0.55 };
    // Never (null thresholds): the ranking's answer as it is.
    expect(withLearned(EN.passages, answer, near, { answerAt: null, doubtAt: null, doubtBy: 0 })).toBe(answer);
    // The ranking's confident answer is never replaced; near enough to doubt, it is offered.
    expect(withLearned(EN.passages, answer, near, { answerAt: 0.5, doubtAt: null, doubtBy: 0 })).toBe(answer);
    expect(withLearned(EN.passages, answer, near, { answerAt: 0.5, doubtAt: 0.5, doubtBy: 0 })).toEqual(offered);
    expect(withLearned(EN.passages, answer, near, { answerAt: null, doubtAt: 0.6, doubtBy: 0 })).toBe(answer);
    // No answer, or one only offered: near enough, the layer's passage, with its page as the source.
    for (const ranking of [null, offered]) {
      expect(withLearned(EN.passages, ranking, near, { answerAt: 0.5, doubtAt: null, doubtBy: 0 })).toMatchObject({
        passage: { id: 'contact' },
        sources: [{ url: '/en/contact/' }],
        confident: true,
      });
      expect(withLearned(EN.passages, ranking, near, { answerAt: 0.6, doubtAt: 0.1, doubtBy: 0 })).toBe(ranking);
    }
    // An offered answer the layer finds nearest is asserted.
    expect(withLearned(EN.passages, offered, { label: 'faq:working-hours', score: 0.9 }, { answerAt: 0.5, doubtAt: null, doubtBy: 0 })).toEqual(answer);
    // The same passage as the ranking's is no doubt; "none of the site's passages" is no answer.
    expect(withLearned(EN.passages, answer, { label: 'faq:working-hours', score: 0.9 }, { answerAt: null, doubtAt: 0.1, doubtBy: 0 })).toBe(answer);
    expect(withLearned(EN.passages, null, { label: null, score: 0.9 }, { answerAt: 0.1, doubtAt: 0.1, doubtBy: 0 })).toBeNull();
    // A label the index no longer holds is ignored.
    expect(withLearned(EN.passages, null, { label: 'service:gone:timeline', score: 0.9 }, { answerAt: 0.1, doubtAt: null, doubtBy: 0 })).toBeNull();
  });

  it('forgets an example whose passage the index no longer holds', () => {
    const examples: Example[] = [['where is your office', 'service:gone:summary'], ['where is your office', 'contact']];
    const c = trainClassifier(examples, EN.passages, known(EN));
    expect(c.items.filter((i) => i.question !== null).map((i) => i.label)).toEqual(['contact']);
  });

  it('is the same read in tasks as read at once', async () => {
    const file = arExamples as ExampleFile;
    const inTasks = learnedLayer(await trainClassifierInTasks(file.examples, AR.passages, known(AR)), file.answerAt, file.doubtAt, file.doubtBy, file.model);
    for (const question of ['وين مكتبكم؟', 'kam ta5od el ro5sa el togareya', 'شو الأوراق المطلوبة لتأشيرة العيلة؟', 'ما نسبة ضريبة الشركات؟']) {
      expect(answerQuestion(AR, question, inTasks), question).toEqual(answerQuestion(AR, question, AR_LAYER));
    }
  });

  it('reads hostile and odd input without a throw, and the same way twice', () => {
    const inputs = [
      '',
      '؟؟؟ !!! ...',
      '\u2066\u202Eوين\u202C مكتبكم\u2069\u2028?',
      '🙂🙂 where is ur office 🏢',
      'visa '.repeat(2000),
      'مكتب'.repeat(3000),
      'x'.repeat(20000),
      '\u0000\uFFFF\uD800',
    ];
    for (const input of inputs) {
      for (const [search, layer] of [
        [AR, AR_LAYER],
        [EN, EN_LAYER],
      ] as const) {
        const once = answerQuestion(search, input, layer);
        expect(answerQuestion(search, input, layer), input.slice(0, 20)).toEqual(once);
      }
    }
  });

  it('has no layer for a language without examples', async () => {
    await expect(loadLearned('fa', AR)).resolves.toBeNull();
  });

  it('loads a language\'s examples once and learns from them', async () => {
    const layer = await loadLearned('ar', AR);
    expect(layer).not.toBeNull();
    expect(await loadLearned('ar', AR)).toBe(layer);
    // «ما نسبة ضريبة الشركات…»: the ranking's confident answer is a passage on mainland and free
    // zone companies; the layer, which learned the question, offers it with the question back.
    const question = 'ما نسبة ضريبة الشركات في دولة الإمارات؟';
    expect(answerQuestion(AR, question)?.confident).toBe(true);
    expect(answerQuestion(AR, question, layer)?.confident).toBe(false);
  });
});

describe('the answer model', () => {
  const model: AnswerModel = { weights: [0, 0, 0, 0, 4], bias: -2, assertAt: 0.8, offerAt: 0.5 };
  const ranked = searchPassages(EN, 'How long does company formation take?', 20);
  const answer = answerQuestion(EN, 'How long does company formation take?');

  it('asserts, offers or declines the ranking\'s candidate by how likely it is right', () => {
    // The fifth feature is "the ranking answered": 4 - 2 → 0.88 likely; without an answer, 0.12.
    expect(likelihood(model, answerFeatures(ranked, answer, null)!.x)).toBeCloseTo(1 / (1 + Math.exp(-2)));
    expect(modelAnswer(model, ranked, answer, null)).toEqual(answer);
    expect(modelAnswer({ ...model, assertAt: 0.9 }, ranked, answer, null)).toEqual({ ...answer, confident: false });
    expect(modelAnswer({ ...model, assertAt: 0.9, offerAt: null }, ranked, answer, null)).toBeNull();
    // With no answer from the ranking, its best passage is the candidate, with its page as the source.
    const best = ranked[0]!.passage;
    expect(modelAnswer({ ...model, bias: 3 }, ranked, null, null)).toEqual({
      passage: best,
      sources: [{ title: best.title.split(' — ')[0], url: best.url }],
      confident: true,
    });
    expect(modelAnswer(model, ranked, null, null)).toBeNull();
    // Nothing ranked: nothing to answer with.
    expect(answerFeatures([], null, null)).toBeNull();
    expect(modelAnswer({ ...model, bias: 9 }, [], null, null)).toBeNull();
  });

  it('has as many weights as features', () => {
    for (const file of [arExamples, enExamples] as ExampleFile[]) {
      if (file.model) expect(file.model.weights).toHaveLength(answerFeatures(ranked, answer, null)!.x.length);
    }
  });
});

describe('an example file', () => {
  const good = enExamples as ExampleFile;

  it('that is malformed is not used: the ranking alone answers', () => {
    const bad: unknown[] = [
      null,
      'text',
      { ...good, examples: 'none' },
      { ...good, examples: [['a question', 42]] },
      { ...good, answerAt: 'high' },
      { ...good, doubtBy: null },
      { ...good, answerAt: Number.NaN },
      { ...good, model: { weights: [1, 2], bias: 0, assertAt: 0.5, offerAt: null } },
      { ...good, model: { weights: new Array(15).fill(Number.POSITIVE_INFINITY), bias: 0, assertAt: 0.5, offerAt: null } },
      { ...good, model: { weights: new Array(15).fill(0), bias: 0, assertAt: 0.5 } },
    ];
    for (const file of bad) {
      expect(isExampleFile(file), JSON.stringify(file)?.slice(0, 80)).toBe(false);
      expect(learnedFromFile(file, EN)).toBeNull();
    }
    expect(isExampleFile(good)).toBe(true);
    expect(isExampleFile(arExamples)).toBe(true);
  });

  it('whose layer fails on a question leaves it to the ranking', () => {
    const c = trainClassifier([], EN.passages, known(EN));
    // A model whose likelihood throws (its weights are not numbers, past the file's check).
    const broken = learnedLayer(c, null, null, 0, { weights: null as unknown as number[], bias: 0, assertAt: 0.5, offerAt: null });
    const question = 'How long does company formation take?';
    expect(answerQuestion(EN, question, broken)).toEqual(answerQuestion(EN, question));
  });
});
