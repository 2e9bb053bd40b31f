// The built-in answerer over the real content index (fixtures copied from the build's
// dist/{ar,en}/assistant-index.json).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerMarkdown,
  answerQuestion,
  buildSearchIndex,
  clearSearchIndexCache,
  escapeMarkdown,
  loadSearchIndex,
  MATCH_THRESHOLD,
  searchPassages,
  type AssistantIndex,
} from '../answerer';
import ar from './fixtures/ar-assistant-index.json';
import en from './fixtures/en-assistant-index.json';

const EN = buildSearchIndex(en as AssistantIndex);
const AR = buildSearchIndex(ar as AssistantIndex);
const FORMATION = '/en/services/company-formation/';

describe('the built-in answerer in English', () => {
  it('answers how long company formation takes with its timeline and links its page', () => {
    const answer = answerQuestion(EN, 'How long does company formation take?');
    expect(answer?.passage.id).toBe('service:company-formation:timeline');
    expect(answer?.passage.text).toContain('2-10 working days');
    expect(answer?.sources[0]).toEqual({ title: 'Company formation and trade licences', url: FORMATION });
    expect(answer!.sources.length).toBeLessThanOrEqual(3);
    expect(new Set(answer!.sources.map((s) => s.url)).size).toBe(answer!.sources.length);
  });

  it('understands other wordings of the same question', () => {
    for (const question of ['how long to set up a company', 'How long does company formation take', 'company formation: how long?']) {
      expect(answerQuestion(EN, question)?.passage.id, question).toBe('service:company-formation:timeline');
    }
  });

  it('finds the passages of other topics', () => {
    const cases: [string, string][] = [
      ['What are your working hours?', 'faq:working-hours'],
      ['Is the medical test mandatory?', 'faq:medical-test'],
      ['What do your PRO packages include?', 'service:pro-packages:offered'],
      ['What documents do I need for a family visa?', 'service:visas-residency:requirements'],
      ['How long does a family visa take', 'service:visas-residency:timeline'],
    ];
    for (const [question, id] of cases) expect(answerQuestion(EN, question)?.passage.id, question).toBe(id);
  });

  it('says nothing matched for nonsense and off-topic questions', () => {
    for (const question of ['asdkjh qwe zzz', 'what is the weather on mars', 'best pizza in town', 'tell me a joke', '???', '']) {
      expect(answerQuestion(EN, question), question).toBeNull();
      expect(searchPassages(EN, question)[0]?.score ?? 0).toBeLessThan(MATCH_THRESHOLD);
    }
  });
});

describe('the built-in answerer in Arabic', () => {
  it('answers how long company formation takes, however the question is spelt', () => {
    for (const question of [
      'كم يستغرق تأسيس الشركة؟',
      'كم يستغرق تاسيس شركه', // no hamza, taa marbuta written as haa
      'كم يَستغرِق تأسيسُ الشّركة', // with diacritics
      'كم يستغرق إنشاء شركة', // another word for it, with a different alef
      'كم يستغرق انشاء الشركات',
    ]) {
      const answer = answerQuestion(AR, question);
      expect(answer?.passage.id, question).toBe('service:company-formation:timeline');
      expect(answer?.passage.text).toBe('من 2 إلى 10 أيام عمل');
      expect(answer?.sources[0]?.url).toBe('/ar/services/company-formation/');
      expect(answer?.sources[0]?.title).toBe('تأسيس الشركات والرخص التجارية');
    }
  });

  it('matches Arabic-Indic digits as ASCII ones', () => {
    const withArabicDigits = searchPassages(AR, 'ضريبة الشركات ٩٪')[0];
    const withAsciiDigits = searchPassages(AR, 'ضريبة الشركات 9%')[0];
    expect(withArabicDigits?.passage.id).toBe(withAsciiDigits?.passage.id);
    expect(withArabicDigits?.score).toBeCloseTo(withAsciiDigits!.score);
  });

  it('finds the passages of other topics', () => {
    const cases: [string, string][] = [
      ['ما هي ساعات العمل لديكم؟', 'faq:working-hours'],
      ['هل الفحص الطبي إلزامي', 'faq:medical-test'],
      ['ماذا تشمل باقات المندوب الشهرية؟', 'service:pro-packages:offered'],
      ['ما المستندات المطلوبة لإقامة الأسرة؟', 'service:visas-residency:requirements'],
      ['كم يستغرق إصدار الهوية الإماراتية', 'service:emirates-id-medical:timeline'],
    ];
    for (const [question, id] of cases) expect(answerQuestion(AR, question)?.passage.id, question).toBe(id);
  });

  it('says nothing matched for nonsense and off-topic questions', () => {
    for (const question of ['سشيبلا ثقفغ', 'ما هو الطقس في المريخ', 'أفضل مطعم بيتزا', 'من فاز بكأس العالم', 'احكي لي نكتة']) {
      expect(answerQuestion(AR, question), question).toBeNull();
    }
  });
});

describe('answer text', () => {
  it('is the passage title in bold and its text, lists as bullets, with Markdown escaped', () => {
    expect(answerMarkdown({ id: 'faq:x', kind: 'faq', title: 'Fees *and* [costs]', text: 'See_this', url: '/en/faq/#x' })).toBe(
      '**Fees \\*and\\* \\[costs\\]**\n\nSee\\_this',
    );
    expect(answerMarkdown({ id: 'service:a:requirements', kind: 'service', title: 'A — documents', text: 'Passport; Photo', url: '/en/services/a/' })).toBe(
      '**A — documents**\n\n- Passport\n- Photo',
    );
    expect(escapeMarkdown('<b>\\')).toBe('<b>\\\\');
  });
});

describe('loadSearchIndex', () => {
  afterEach(() => clearSearchIndexCache());

  it('fetches the language index once and reuses it', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(en), { headers: { 'content-type': 'application/json' } }));
    const first = await loadSearchIndex('en', fetchMock);
    const second = await loadSearchIndex('en', fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/en/assistant-index.json');
    expect(second).toBe(first);
    expect(first.passages).toHaveLength(en.passages.length);
  });

  it('fetches again after a failure', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('nope', { status: 404 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(ar)));
    await expect(loadSearchIndex('ar', fetchMock)).rejects.toThrow(/404/);
    await expect(loadSearchIndex('ar', fetchMock)).resolves.toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
