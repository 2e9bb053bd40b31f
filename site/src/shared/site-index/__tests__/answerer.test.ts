// @vitest-environment node
// The built-in answerer over the real content index: tests/contracts/assistant-index.<lang>.json,
// what the build writes to dist/<lang>/assistant-index.json (the contracts test keeps it so).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerMarkdown,
  answerQuestion,
  buildSearchIndex,
  buildSearchIndexInTasks,
  clearSearchIndexCache,
  escapeMarkdown,
  loadSearchIndex,
  MIN_COVERAGE,
  searchPassages,
  type AssistantIndex,
} from '../answerer';
import ar from '../../../../../tests/contracts/assistant-index.ar.json';
import en from '../../../../../tests/contracts/assistant-index.en.json';
import '../arabizi'; // Arabizi's reading, a chunk the app loads beside the index

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
      // A plan's list starts "Includes: …"; "Government fees are not included" is no list.
      ['What does the Growth plan include?', 'plan:growth'],
      ['What documents do I need for a family visa?', 'service:visas-residency:requirements'],
      ['How long does a family visa take', 'service:visas-residency:timeline'],
    ];
    for (const [question, id] of cases) expect(answerQuestion(EN, question)?.passage.id, question).toBe(id);
  });

  it('says nothing matched for nonsense and off-topic questions', () => {
    for (const question of ['asdkjh qwe zzz', 'what is the weather on mars', 'best pizza in town', 'tell me a joke', '???', '']) {
      expect(answerQuestion(EN, question), question).toBeNull();
      // Refused by the coverage condition: no passage holds most of the question's words.
      expect(searchPassages(EN, question)[0]?.coverage ?? 0, question).toBeLessThan(MIN_COVERAGE);
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

describe('the questions of issue 16, tried as a new visitor would', () => {
  it('answers the corporate tax rate with the FAQ that states 9%', () => {
    const answer = answerQuestion(EN, 'What is the corporate tax rate?');
    expect(answer?.passage.id).toBe('faq:corporate-tax');
    expect(answer?.passage.text).toContain('9%');
    const ar = answerQuestion(AR, 'كم نسبة ضريبة الشركات؟');
    expect(ar?.passage.id).toBe('faq:corporate-tax');
    expect(ar?.passage.text).toContain('9%');
  });

  it('answers whether the medical test is for everyone with the age of 18', () => {
    expect(answerQuestion(EN, 'Is the medical fitness test required for everyone?')?.passage.text).toMatch(/aged 18 and above/);
    expect(answerQuestion(AR, 'هل الفحص الطبي مطلوب للجميع؟')?.passage.text).toMatch(/18 عاماً/);
  });

  it('answers a one-word question with the service it names', () => {
    for (const [search, question] of [[EN, 'Ejari'], [EN, 'ejari'], [AR, 'إيجاري'], [AR, 'ايجاري'], [AR, 'الإيجاري']] as const) {
      // What the service is (its summary or description), not one of its details.
      expect(answerQuestion(search, question)?.passage.id, question).toMatch(/^service:ejari-tenancy:(summary|description:\d+)$/);
    }
  });

  it('refuses the football match and the poem about cats', () => {
    expect(answerQuestion(EN, 'Who won the football match yesterday?')).toBeNull();
    expect(answerQuestion(AR, 'اكتب لي قصيدة عن القطط')).toBeNull();
    expect(answerQuestion(AR, 'من فاز بمباراة كرة القدم أمس؟')).toBeNull();
  });

  it('prefers the FAQ and service facts to blog prose for figures', () => {
    for (const [search, question] of [
      [EN, 'How many years is the golden visa for?'],
      [EN, 'What are your working hours?'],
      [AR, 'كم يستغرق إصدار الهوية الإماراتية؟'],
    ] as const) {
      const answer = answerQuestion(search, question);
      expect(answer?.passage.kind, question).not.toBe('post');
      expect(answer?.passage.text, question).toMatch(/\d/);
    }
  });

  it('corrects small spelling mistakes and finds another form of the same English word', () => {
    expect(answerQuestion(EN, 'coporate tax registraton')?.passage.id).toMatch(/^(faq:corporate-tax|service:tax-vat-corporate)/);
    expect(answerQuestion(EN, 'how long for registering vat')?.passage.id).toBe('service:tax-vat-corporate:timeline');
    // Two letters swapped are one slip, not two.
    expect(answerQuestion(EN, 'tranlsation of documents')?.passage.id).toMatch(/^service:translation-attestation:/);
    // A slip that hides the ending from the stemmer: "workng" is one letter from "working".
    expect(answerQuestion(EN, 'workng hours')?.passage.id).toBe('faq:working-hours');
  });

  it('reads a name of several words as one word, with its synonyms', () => {
    expect(answerQuestion(EN, 'Do you serve Abu Dhabi and Sharjah?')?.passage.id).toBe('faq:emirates-covered');
    expect(answerQuestion(AR, 'تخدمون في ابوظبي والشارقة؟')?.passage.id).toBe('faq:emirates-covered');
    expect(answerQuestion(EN, 'mainland vs free zone')?.passage.url).toBe('/en/blog/mainland-vs-free-zone-company-setup/');
  });

  it('finds synonyms across languages and scripts', () => {
    expect(answerQuestion(AR, 'ejari')?.passage.url).toBe('/ar/services/ejari-tenancy/');
    expect(answerQuestion(AR, 'VAT')?.passage.url).toBe('/ar/services/tax-vat-corporate/');
    expect(answerQuestion(EN, 'tenancy contract')?.passage.url).toBe('/en/services/ejari-tenancy/');
  });
});

describe('questions as UAE clients write them', () => {
  const id = (search: typeof EN, question: string) => answerQuestion(search, question)?.passage.id;

  it('answers when the office opens, closes and which days it works with the working hours', () => {
    for (const question of ['متى تقفلون؟', 'هل تشتغلون يوم الأحد؟', 'دوامكم الساعة كم؟', 'ايمتى تفتحون يوم الجمعة؟', 'فاتحين الحين؟']) {
      expect(id(AR, question), question).toBe('faq:working-hours');
    }
    for (const question of ['are you open on friday', 'When do you close?', 'emta tefta7on']) expect(id(EN, question), question).toBe('faq:working-hours');
  });

  it('answers how long a procedure takes with the passage whose heading asks it', () => {
    // «إجراءات» is the article's «العملية»; its section «كم تستغرق العملية؟» answers, not the
    // step «كيف تسير الإجراءات؟» that gives the Emirates ID's days.
    expect(id(AR, 'كم تستغرق إجراءات الإقامة الذهبية؟')).toMatch(/^(post:golden-visa-guide:30|service:visas-residency:timeline)$/);
  });

  it('answers a question of steps from the article that sets them out', () => {
    for (const [search, question] of [
      [EN, 'What are the steps to apply for a golden visa?'],
      [AR, 'ما هي خطوات الحصول على الإقامة الذهبية؟'],
    ] as const) {
      expect(id(search, question), question).toMatch(/^post:golden-visa-guide:(2[3-9])$/);
    }
  });

  it('answers how long a golden visa is valid with the years it lasts, not with a processing time', () => {
    for (const [search, question] of [
      [EN, 'How long is a golden visa valid?'],
      [EN, 'golden visa validity'],
      [AR, 'كم سنة صلاحية الإقامة الذهبية؟'],
      [AR, 'كم سنة مدة الإقامة الذهبية؟'],
    ] as const) {
      const answer = answerQuestion(search, question);
      expect(answer?.passage.id, question).not.toMatch(/timeline/);
      expect(answer?.passage.text, question).toMatch(/10/);
    }
    // A question of time alone still asks for the processing time.
    expect(id(EN, 'How long does company formation take?')).toBe('service:company-formation:timeline');
  });

  it('understands dialect verbs of time, price and documents', () => {
    expect(id(AR, 'قديش بياخد تسجيل الايجاري؟')).toBe('service:ejari-tenancy:timeline');
    expect(id(AR, 'بطاقة المنشأة كم يوم تاخذ؟')).toBe('service:establishment-card:timeline');
    // The timeline does not say "renewal": the service's summary does.
    expect(id(AR, 'كم ياخذ تجديد الهوية؟')).toBe('service:emirates-id-medical:timeline');
    expect(id(AR, 'وش الاوراق المطلوبة لتصريح العمل؟')).toBe('service:mohre-work-permits:requirements');
    expect(id(AR, 'ايش تشمل باقة النمو؟')).toBe('plan:growth');
  });

  it('reads Arabizi on both indexes, through the synonyms on the English one', () => {
    for (const search of [EN, AR]) {
      expect(id(search, 'kam ta5od el ro5sa')).toMatch(/^(service:company-formation:timeline|faq:processing-times)$/);
      expect(id(search, '3ayez visa')).toMatch(/^service:(visas-residency|tourism-travel):/);
      expect(id(search, 'fa7s tebi lazem?')).toMatch(/^(faq:medical-test|service:(emirates-id-medical|visas-residency):notes:0)$/);
    }
  });

  it('answers Arabic and English in one sentence on both indexes', () => {
    for (const search of [EN, AR]) {
      expect(id(search, 'كم ياخذ ejari')).toBe('service:ejari-tenancy:timeline');
      expect(id(search, 'police clearance كم يوم ياخذ؟')).toBe('service:police-clearance:timeline');
    }
    expect(id(AR, 'ابغى golden visa')).toMatch(/^(faq:golden-visa|service:visas-residency:)/);
  });

  it('corrects Arabic spelling mistakes too', () => {
    expect(id(AR, 'الهوية الامارتية')).toMatch(/^service:emirates-id-medical:/);
  });

  it('answers a question of documents alone with the FAQ on documents, not a service list', () => {
    expect(id(AR, 'شو المستندات اللي تحتاجونها مني؟')).toBe('faq:documents-needed');
    expect(id(EN, 'What documents do you need from me?')).toBe('faq:documents-needed');
    // Named, the service's list answers.
    expect(id(EN, 'documents for ejari')).toBe('service:ejari-tenancy:requirements');
  });

  it('answers a difference from the article that compares, not from the service page', () => {
    expect(id(AR, 'ما الفرق بين ضريبة القيمة المضافة وضريبة الشركات؟')).toBe('post:uae-corporate-tax-guide:25');
    expect(id(EN, 'What is the difference between VAT and corporate tax?')).toBe('post:uae-corporate-tax-guide:25');
  });

  it('takes a certificate for a document: its translation or attestation is the translation service', () => {
    for (const [search, question] of [
      [EN, 'tarjama shahada'],
      [AR, 'ترجمة شهادة'],
      [AR, 'kam yom ya5od tasdee2 el shahadat'],
    ] as const) {
      expect(id(search, question), question).toMatch(/^service:translation-attestation:/);
    }
    // The police's certificate is still the police's.
    expect(id(AR, 'شهادة حسن السيرة والسلوك')).toMatch(/^service:police-clearance:/);
  });

  it('knows the dialect words for parents and a lost card', () => {
    expect(id(AR, 'ابي اكفل امي وابوي')).toMatch(/^(service:visas-residency:|post:family-visa-steps:)/);
    expect(id(AR, 'ضيعت الهوية، شو اسوي؟')).toMatch(/^service:emirates-id-medical:/);
  });

  it('answers a residence with the residency visas, a visa with either kind', () => {
    expect(id(AR, 'اقامه')).toMatch(/^service:visas-residency:/);
    expect(id(EN, 'iqama')).toMatch(/^service:visas-residency:/);
    expect(id(AR, 'التاشيره')).toMatch(/^service:(visas-residency|tourism-travel):/);
    expect(id(AR, 'تأشيرة سياحية')).toMatch(/^service:tourism-travel:/);
  });

  it('answers a price only where the site gives one, and declines the others', () => {
    // The plans are "Pricing on request"; the site gives no price for a golden visa.
    expect(id(EN, 'How much is the Essential package?')).toBe('plan:essential');
    expect(id(AR, 'كم سعر الباقة الأساسية؟')).toBe('plan:essential');
    expect(id(AR, 'بكم الباقة الأساسية؟')).toBe('plan:essential');
    for (const [search, question] of [
      [EN, 'كم سعر golden visa'],
      [AR, 'كم سعر golden visa'],
      [AR, 'كم سعر الإقامة الذهبية؟'],
      [EN, 'What is the price of a golden visa?'],
    ] as const) {
      expect(answerQuestion(search, question), question).toBeNull();
    }
    // Fees are not a price: the government's, paid separately.
    expect(id(EN, 'Are government fees included in the package price?')).toMatch(/^(faq:government-fees|pricing:rules:0)$/);
  });

  it('declines a question about something the site never mentions, though its other words match', () => {
    for (const [search, question] of [
      [EN, 'How do I renew my driving licence?'],
      [AR, 'كيف أجدد رخصة القيادة؟'],
      [EN, 'where can I rent a car in dubai'],
    ] as const) {
      expect(answerQuestion(search, question), question).toBeNull();
    }
  });
});

describe('a long input', () => {
  it('is answered quickly: the words read and looked up are bounded', () => {
    const words = 'qwerty zxcvbn registrations coporates lorem ipsum consectetur adipiscing'.split(' ');
    const long = Array.from({ length: 400 }, (_, i) => `${words[i % words.length]}${i}`).join(' ').slice(0, 2000);
    const longAr = Array.from({ length: 400 }, (_, i) => `مستندلت${'ابتثجحخ'[i % 7]}${'سشصض'[i % 4]}`).join(' ').slice(0, 2000);
    for (const [search, question] of [[EN, long], [AR, longAr]] as const) {
      const start = performance.now();
      expect(answerQuestion(search, question)).toBeNull();
      expect(performance.now() - start).toBeLessThan(500); // generous: it was 340 ms before the bounds, 50–110 ms after
    }
  });
});

describe('how sure the answerer is', () => {
  it('answers when the passage holds every word of the question, and only offers the nearest passage otherwise', () => {
    const sure = answerQuestion(EN, 'How long does company formation take?');
    expect(sure?.confident).toBe(true);
    // "downtown" is nowhere on the site: the formation summary is only the nearest thing.
    const nearest = answerQuestion(EN, 'trade licence renewal downtown');
    expect(nearest?.passage.id).toMatch(/^service:company-formation:/);
    expect(nearest?.confident).toBe(false);
  });

  it('answers "how much is the fee" only with a passage that states an amount', () => {
    // The site never gives the government's fees: saying they are paid separately is no amount.
    for (const question of ['how much is the medical test fee?', 'كم رسوم الفحص الطبي للإقامة؟']) {
      const index = /[a-z]/.test(question) ? EN : AR;
      expect(answerQuestion(index, question), question).toBeNull();
    }
    // Whether fees are included is answered: it asks for no amount.
    expect(answerQuestion(EN, 'are government fees included in the package?')).not.toBeNull();
  });
});

describe('the contact page in the index', () => {
  it('answers where the office is with the address, in both languages', () => {
    for (const [index, question, place] of [
      [EN, 'Where is your office located?', 'Business Bay'],
      [EN, 'where r u located', 'Business Bay'],
      [AR, 'وين مكتبكم بالضبط؟', 'الخليج التجاري'],
      [AR, 'فين كاين المكتب ديالكم؟', 'الخليج التجاري'],
    ] as const) {
      const answer = answerQuestion(index, question);
      // The contact page's passage, or the FAQ's answer on reaching the company.
      expect(['contact', 'faq:contact-person'], question).toContain(answer?.passage.id);
      expect(answer?.passage.text, question).toContain(place);
    }
    expect(answerQuestion(EN, 'Where is your office located?')?.passage.id).toBe('contact');
  });

  it('writes the numbers left to right in the Arabic passage', () => {
    const contact = (ar as AssistantIndex).passages.find((p) => p.id === 'contact')!;
    expect(contact.url).toBe('/ar/contact/');
    expect(contact.text).toContain('الخليج التجاري');
    expect(contact.text).toContain('\u200E+971 4 555 0100');
    expect(contact.text).toContain('info@nahj-services.ae');
  });
});

describe('the index built in tasks', () => {
  it('is the index built at once, and yields to the page between its tasks', async () => {
    let yielded = 0;
    const tick = setInterval(() => yielded++, 0);
    const inTasks = await buildSearchIndexInTasks(ar as AssistantIndex);
    clearInterval(tick);
    const atOnce = buildSearchIndex(ar as AssistantIndex);
    expect(inTasks.df).toEqual(atOnce.df);
    expect(inTasks.avgLength).toBe(atOnce.avgLength);
    expect(inTasks.docs.map((d) => [...d.tf])).toEqual(atOnce.docs.map((d) => [...d.tf]));
    expect(answerQuestion(inTasks, 'كم تستغرق تأسيس الشركة؟')?.passage.id).toBe(answerQuestion(atOnce, 'كم تستغرق تأسيس الشركة؟')?.passage.id);
    // Another task ran while it was built: the page was not held for all of it.
    expect(yielded).toBeGreaterThan(0);
  });
});
