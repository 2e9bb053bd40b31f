// The built-in answerer: ranks the passages of the content index the build writes to
// `/<lang>/assistant-index.json` (FAQ, service facts, pricing, blog passages) against a question
// in the browser, with no server: BM25 over the question's words, their synonyms (both languages),
// light stems and spelling corrections, weighted by how much each kind of passage is trusted,
// and an answer only when one passage holds most of the question's words (the coverage condition).
// This module is imported only by the assistant screen, so it lives in that screen's chunk,
// never in the entry bundle.
import type { Lang } from '@/shared/page-data';
import { normalizeText, readArabizi, stem, tokenize, tokens } from './normalize';
// Types only: the learned layer's code is the assistant's (answering.ts), never the search's.
import type { Item, Learned } from './learned';
import { LATIN_WORD, commonPrefix, editDistance, isMisspeltStopWord, shorthandFor } from './spelling';

/** One passage of the index, as src/assistant.rs writes it. */
export interface Passage {
  id: string;
  kind: string;
  title: string;
  text: string;
  /** The page (and anchor) the passage comes from: `/en/services/company-formation/`. */
  url: string;
}

export interface AssistantIndex {
  lang: Lang;
  passages: Passage[];
}

/** A page an answer links to. */
export interface Source {
  title: string;
  url: string;
}

interface IndexedPassage {
  /** Term → weighted frequency (title terms count TITLE_WEIGHT times). */
  tf: Map<string, number>;
  /** The terms of the passage's title. */
  title: Set<string>;
  /**
   * For one fact of a service (its timeline, documents…), the terms of the service's summary:
   * «كم ياخذ تجديد الهوية؟» names the service by what it does (renewals) and asks for its
   * timeline, which does not repeat it.
   */
  context: Map<string, number> | null;
  length: number;
}

export interface SearchIndex {
  passages: Passage[];
  docs: IndexedPassage[];
  /** Term → number of passages holding it. */
  df: Map<string, number>;
  avgLength: number;
}

/** How the index joins a list's items: «؛ » in Arabic, "; " in English. */
const LIST_SEPARATOR = /[;\u061B] /;

const K1 = 1.2;
const B = 0.75;
/** A word in a passage's title says more about its topic than one in its text. */
const TITLE_WEIGHT = 2;
/** An intent word itself ("long") still counts, but little: the words it brings in count. */
const INTENT_WORD_WEIGHT = 0.3;
/** A word an intent word brings in ("timeline" for "how long") counts this much. */
const INTENT_TERM_WEIGHT = 0.5;
/** A synonym (or a word of the same family) added to a question counts this much of a typed word. */
const SYNONYM_WEIGHT = 0.8;
/**
 * A passage that holds what a required intent asks for (a price) answers when it ranks at
 * least this share of the best passage on the question's topic.
 */
const REQUIRED_SCORE_SHARE = 0.5;
/** Other pages are linked from an answer when their passage scores this share of the best. */
const SOURCE_SCORE_SHARE = 0.75;

/**
 * The coverage condition: at least this share of the question's content words (after stop
 * words, with their synonyms, stems and spelling corrections) must be found in the passage
 * answered with, so one stray word ("match" in "Who won the football match?") never picks an
 * answer. 0.6 means: one word of one, two of two, two of three, three of four or five.
 */
export const MIN_COVERAGE = 0.6;

/**
 * The best passage must also score at least this (BM25): a covered question whose words are
 * all very common in the index is still too vague to answer from one passage.
 */
export const MATCH_THRESHOLD = 1.5;

/**
 * How much each kind of passage is trusted for an answer: FAQ answers and service facts state
 * the company's figures (timelines, hours, the tax rate, package limits); blog prose explains,
 * so a question that asks for an explanation (steps, a difference) trusts every kind alike.
 */
// The contact page's passage states the company's address and numbers: asked where or how to
// reach it, it comes before the FAQ answers that mention the office in passing.
const KIND_PRIOR: Record<string, number> = { faq: 1.5, contact: 1.7, service: 1.3, pricing: 1.3, post: 0.7 };
/**
 * A question that asks for a figure ("how many years", «كم», "rate", and the dialects' «قديش»,
 * «بكام», «امتى»)…
 */
const ASKS_FOR_FIGURE =
  /\b(how (many|much|long|old|soon)|rate|percent|percentage|age|years?|hours?|days?|when|limit)\b|(^| )(كم|بكم|كام|بكام|قديش|قداش|شحال|متي|امتي|ايمتي|نسبه|عمر|سن|ساعات|حد)( |$)/;
/**
 * A question that asks for the amount of a fee or a fine ("how much is the medical test fee?",
 * «كم رسوم تسجيل إيجاري؟») is answered only by a passage that states an amount of money: the
 * site gives none for the government's fees, and a passage that only says they are paid
 * separately does not answer "how much".
 */
const ASKS_FOR_FEE = /\b(fee|fees|fine|fines|penalty|penalties)\b|(^| )(رسوم|الرسوم|رسم|غرامه|الغرامه|غرامات|مخالفه)( |$)/;
const STATES_AMOUNT = /\d[\d,.]*\s*(aed|dirhams?|درهم)|(aed|درهم)\s*\d/i;
/** …is better answered by a passage that states one (a digit), by this factor. */
const FIGURE_BONUS = 1.4;
/**
 * A question that names no topic ("What documents do I need?", "How long does it take?") is
 * answered by the FAQ, which speaks of the company's work as a whole; a service's, a plan's or
 * an article's passage counts this much, as it answers for its own topic only.
 */
const TOPICAL_PRIOR = 0.5;
/**
 * A service's summary is the answer to its name alone ("Ejari"), before its other facts; a
 * question that asks for something of it (a timeline, a difference…) gets no such preference.
 */
const SUMMARY_PRIOR = 1.3;
/**
 * A passage whose title holds the question's words is about them, not one that mentions them
 * in passing: its rank grows by up to this share (all of the words in the title).
 */
const TITLE_BONUS = 1;
/** A passage that holds what the question's intent words ask for ranks up to this share higher. */
const INTENT_BONUS = 0.5;
/**
 * A passage whose title asks with the question's own intent words (the heading «كم تستغرق
 * العملية؟», an FAQ's "How long do transactions take?") is about what the question asks: its
 * rank grows by up to this share more.
 */
const ASKED_BONUS = 0.5;

/**
 * Words that mean the same thing, in both languages and both scripts (visitors type English
 * names on the Arabic page and the other way round). Any one-word member of a group also
 * finds the group's other members, multi-word ones as a whole.
 */
const SYNONYM_GROUPS: string[][] = [
  ['ejari', 'tenancy', 'lease', 'rent', 'tenancy contract', 'إيجاري', 'إيجار', 'عقد الإيجار', 'ايجار'],
  ['golden', 'ذهبية', 'الإقامة الذهبية', 'الذهبيه'],
  ['vat', 'value added tax', 'ضريبة القيمة المضافة', 'القيمة المضافة', 'المضافة'],
  ['eid', 'id', 'emirates id', 'identity', 'الهوية الإماراتية', 'هوية', 'الهويه', 'بطاقة الهوية'],
  ['pro', 'mandoob', 'مندوب', 'معقب', 'المعقب', 'مندوبين'],
  ['corporate', 'ct', 'ضريبة الشركات'],
  ['tax', 'taxes', 'ضريبة', 'ضرائب', 'الضرائب', 'ضريبي'],
  ['medical', 'fitness', 'طبي', 'الطبي', 'لياقة'],
  ['visa', 'visas', 'تأشيرة', 'فيزا', 'الفيزا'],
  ['residency', 'residence', 'إقامة', 'اقامه', 'إقامات'],
  ['licence', 'license', 'licensing', 'رخصة', 'ترخيص', 'لايسنس'],
  ['mohre', 'labour', 'labor', 'permit', 'الموارد البشرية', 'تصريح', 'تصاريح', 'وزارة العمل'],
  ['work', 'عمل'],
  ['family', 'spouse', 'wife', 'husband', 'children', 'kids', 'dependents', 'أسرة', 'عائلة', 'عائلتي', 'زوجتي', 'زوجة', 'أولادي', 'أطفال', 'اسره', 'عيالي', 'العيال', 'عيال',
    // The dialects' wife, children and family: «مرتي», «مراتي», «ولادي», «وليداتي», «العيلة».
    'مرتي', 'مراتي', 'ولادي', 'وليداتي', 'عيلة', 'العيلة', 'عيلتي'],
  // Parents are family too; «أمي» and «أبوي» as the dialects say them.
  ['parents', 'parent', 'mother', 'father', 'family', 'الوالدين', 'الوالدان', 'والدي', 'والدتي', 'أمي', 'أبوي', 'ابوي', 'امي'],
  // A card lost: «ضيعت الهوية», «بطاقتي ضايعة».
  ['lost', 'lose', 'missing', 'المفقودة', 'مفقودة', 'فقدت', 'ضيعت', 'ضاعت', 'ضايعة', 'ضايعه'],
  ['police', 'clearance', 'conduct', 'الشرطة', 'حسن السيرة', 'حسن سيره', 'شهادة حسن السيرة والسلوك', 'عدم محكومية'],
  ['attestation', 'attest', 'legalisation', 'legalization', 'تصديق', 'توثيق'],
  ['translation', 'translate', 'ترجمة', 'ترجمه'],
  // "+971": the company's numbers are written with the country code.
  ['phone', 'call', 'telephone', 'number', 'contact', 'whatsapp', 'هاتف', 'اتصال', 'رقم', 'تلفون', 'تواصل', 'واتساب', 'واتس', 'الواتس', '971'],
  ['office', 'address', 'location', 'located', 'business bay', 'مكتب', 'عنوان', 'مقر', 'موقعكم', 'مكانكم', 'الخليج التجاري'],
  ['delay', 'delayed', 'late', 'longer', 'تأخير', 'تأخر', 'تأخرت', 'أطول', 'تتأخر'],
  ['establishment', 'immigration card', 'بطاقة المنشأة', 'منشأة', 'المنشاه'],
  ['gdrfa', 'icp', 'immigration', 'الإقامة وشؤون الأجانب', 'الهجرة', 'الجوازات'],
  ['formation', 'setup', 'set', 'start', 'establish', 'incorporate', 'incorporation', 'تأسيس', 'إنشاء', 'تاسيس', 'انشاء', 'افتح', 'فتح', 'أفتح', 'أنشئ', 'أؤسس', 'اسس'],
  // «مين لاند», «فري زون»: the English names typed in Arabic letters, one word at a time.
  ['mainland', 'البر الرئيسي', 'لاند'],
  ['freezone', 'free zone', 'المنطقة الحرة', 'الحرة', 'فري', 'زون'],
  ['tourist', 'visit', 'سياحية', 'زيارة', 'سياحه'],
  ['insurance', 'تأمين', 'التأمين'],
  ['unlimited', 'غير محدودة', 'لامحدود'],
  ['transaction', 'transactions', 'معاملة', 'معاملات'],
  ['process', 'procedure', 'procedures', 'إجراءات', 'الإجراءات', 'إجراء', 'العملية', 'عملية'],
  ['renew', 'renewal', 'تجديد', 'اجدد'],
  // The verb a visitor types is the service's noun: «أسجل» is «تسجيل».
  ['register', 'registration', 'تسجيل', 'أسجل', 'نسجل', 'تسجل', 'تسجلون', 'تسجلوا'],
  ['cancel', 'cancellation', 'إلغاء', 'الغاء'],
  ['government', 'حكومية', 'حكومي', 'الحكومة'],
  ['package', 'plan', 'packages', 'باقة', 'باقات', 'الباقه'],
  ['rate', 'percent', 'percentage', 'نسبة', 'النسبه', 'بالمية', 'المية'],
  ['mandatory', 'required', 'compulsory', 'obligatory', 'إلزامي', 'إلزامية', 'ضروري', 'لازم', 'مطلوب', 'واجب'],
  ['age', 'aged', 'old', 'عمر', 'سن', 'عاما', 'بلغوا'],
  ['years', 'year', 'سنوات', 'سنة', 'سنين', 'أعوام', 'عام'],
  ['degree', 'educational', 'academic', 'diploma', 'university', 'الدراسية', 'الجامعية', 'العلمية', 'دراسية', 'جامعية'],
  ['individuals', 'individual', 'personal', 'أفراد', 'الأفراد', 'شخصي'],
  ['company', 'business', 'companies', 'شركة', 'شركات', 'مؤسسة'],
  ['assistant', 'chatbot', 'bot', 'المساعد', 'روبوت'],
  ['emirate', 'emirates', 'uae', 'الإمارات', 'إمارة', 'الامارات'],
  // The other emirates by name: the site speaks of "another emirate" and "outside Dubai".
  ['emirate', 'another emirate', 'other emirates', 'outside dubai', 'abu dhabi', 'sharjah', 'ajman', 'fujairah',
    'إمارة أخرى', 'الإمارات الأخرى', 'خارج دبي',
    'أبوظبي', 'أبو ظبي', 'الشارقة', 'عجمان', 'الفجيرة', 'رأس الخيمة', 'أم القيوين'],
  ['sponsor', 'sponsorship', 'sponsoring', 'كفالة', 'كفيل', 'الكفيل', 'أكفل'],
  ['change', 'switch', 'تغيير', 'أغير', 'أبدل'],
  ['trade', 'commercial', 'تجارية', 'التجارية', 'تجاري'],
  ['essential', 'basic', 'الأساسية', 'أساسية'],
  ['growth', 'النمو', 'نمو'],
  ['test', 'exam', 'فحص', 'الفحص'],
  ['certificate', 'certificates', 'شهادة', 'شهادات'],
  // A visit visa is for relatives: «لأخوي», «لأهلي» (the preposition fused to the word).
  ['relatives', 'relative', 'أقارب', 'أقاربك', 'لأخوي', 'لأختي', 'لأمي', 'لأبوي', 'لأهلي'],
];

/**
 * Words that also find others, one way: a visa in the UAE is most often a residence visa
 * ("family visa" is «إقامة العائلة»), but a residence is never a visit visa, so «إقامة» alone
 * does not find the tourist visas.
 */
const ALSO_FINDS: [string[], string[]][] = [
  [['visa', 'visas', 'تأشيرة', 'فيزا', 'الفيزا'], ['residency', 'residence', 'إقامة']],
  // A certificate is a document (the translation and attestation service's), not the other way.
  [['certificate', 'certificates', 'شهادة', 'شهادات'], ['document', 'documents', 'مستند', 'مستندات']],
];

/** A kind of thing a question asks for, rather than its topic. */
interface Intent {
  /** The question words that ask for it, in both languages and the dialects. */
  words: string;
  /** The words passages use for it, any of which answers it (each found as a whole). */
  finds: string[];
  /** An intent this one wins over when a question holds words of both (see VALIDITY). */
  outranks?: Intent;
  /** Only a passage that holds what it asks for answers the question (another is declined). */
  required?: boolean;
  /** It asks for an explanation, which the articles give as well as the FAQ (see KIND_PRIOR). */
  explains?: boolean;
  /**
   * A list (items joined with «؛ » or "; ") that the question's word itself introduces
   * ("Includes: …") answers it too.
   */
  listHead?: boolean;
}

/**
 * Question words that name what is asked rather than the topic (one way): "how long",
 * «يستغرق», «كم ياخذ» ask for a timeline, so they find the words the passages use for it
 * ("timeline", «مدة الإنجاز»), whichever language the question is typed in.
 */
const TIMELINE: Intent = {
  words:
    'long take takes quick fast soon duration days timeline time يستغرق تستغرق وقت سرعة مدة المدة ايام يوم ' +
    'ياخذ تاخذ ياخد تاخد بياخذ بتاخذ بياخد بتاخد',
  finds: ['timeline', 'working day', 'working days', 'مدة الإنجاز', 'أيام عمل', 'يوم عمل'],
};
/**
 * "How long is the golden visa valid?" and «كم سنة مدة الإقامة الذهبية؟» ask how many years it
 * lasts, not how long it takes to get (the site gives processing times in days): a validity
 * word outranks the timeline words of the same question.
 */
const VALIDITY: Intent = {
  words: 'valid validity expire expires expiry years year صلاحية صالحة صالح سنة سنوات سنين',
  finds: ['years', 'سنوات'],
  outranks: TIMELINE,
};
const INTENTS: Intent[] = [
  TIMELINE,
  VALIDITY,
  {
    words: 'include includes cover covers offer offers تشمل يشمل تتضمن يتضمن خدماتكم',
    // A service's list, a plan's "Includes: …" («تشمل الباقة: …»): the plan's word is the
    // question's, as the head of a list, not in "Government fees are not included".
    finds: ['services offered', 'الخدمات المقدمة', 'تشمل الباقة'],
    listHead: true,
  },
  {
    words: 'documents papers paperwork requirements أوراق وثائق متطلبات الأوراق مستندات المستندات ورق الورق احضر اجيب',
    finds: ['documents required', 'المستندات المطلوبة'],
  },
  // A price is answered only where the site gives one ("Pricing on request" for the plans,
  // "ask for a current quote" for a company's setup): it gives none for the government's
  // transactions, so "How much is the golden visa?" goes to the team, not to the visa's page.
  {
    words: 'cost costs price prices pricing expensive cheap سعر السعر أسعار الأسعار تكلفة تكاليف كلفة تكلف يكلف بكم بكام',
    finds: ['price', 'pricing', 'cost', 'السعر', 'أسعار', 'تكلفة', 'تكاليف'],
    required: true,
  },
  {
    words: 'much pay charge charges fee fees رسوم الرسوم',
    finds: ['price', 'fees', 'pricing', 'السعر', 'الرسوم'],
  },
  // The days of the week ask whether the office is open that day, not how many days a
  // transaction takes (normalize.ts keeps «الأحد» and drops the «يوم» before it).
  {
    words:
      'hours open timings opening closed close closing monday tuesday wednesday thursday friday saturday sunday weekend weekends ' +
      'دوام دوامكم ساعات مواعيد تفتحون تفتحوا مفتوح مفتوحين فاتحين تغلقون تقفلون تقفلوا تسكرون تسكروا مسكرين مقفلين ' +
      'تشتغلون تشتغلوا السبت الأحد الاثنين الثلاثاء الأربعاء الخميس الجمعة',
    finds: ['working hours', 'open', 'ساعات العمل', 'من 9 صباحاً حتى 8 مساءً'],
  },
  // A difference asks for a comparison, which the articles set out ("Key differences at a
  // glance", «مقارنة سريعة», "Corporate tax and VAT are not the same").
  {
    words: 'difference differences differ compare comparison الفرق فرق الفروق الاختلاف مقارنة يختلف تختلف',
    finds: ['differences', 'compares', 'not the same', 'الفروق', 'مقارنة', 'ليست'],
    explains: true,
  },
  {
    words: 'steps step stages خطوات خطوة مراحل',
    finds: ['step', 'application typically works', 'خطوة', 'كيف تسير الإجراءات'],
    explains: true,
  },
];

/** The terms of the words a passage's text ends with a colon before a list ("Includes: …"). */
function listHeads(text: string): Set<string> {
  return new Set([...text.matchAll(/([\p{L}\p{N}]+):/gu)].flatMap((m) => tokenize(m[1]!)));
}

/** Each key term → the term lists it also finds (each list found as a whole). */
type Expansions = Map<string, string[][]>;

function addExpansion(table: Expansions, key: string, terms: string[]) {
  if (terms.length === 0 || (terms.length === 1 && terms[0] === key)) return;
  const list = table.get(key) ?? [];
  if (!list.some((t) => t.join(' ') === terms.join(' '))) list.push(terms);
  table.set(key, list);
}

/** Written as plain words above; tokenised once here, like the passages and the questions. */
function synonymTable(groups: string[][], oneWay: [string[], string[]][]): Expansions {
  const table: Expansions = new Map();
  const terms = (words: string[]) => words.map((m) => tokenize(m)).filter((t) => t.length > 0);
  const join = (keys: string[][], finds: string[][]) => {
    for (const key of keys) if (key.length === 1) for (const other of finds) addExpansion(table, key[0]!, other);
  };
  for (const group of groups) join(terms(group), terms(group));
  for (const [from, to] of oneWay) join(terms(from), terms(to));
  return table;
}
/** Each intent word's term → the intents it asks for. */
function intentTable(intents: Intent[]): Map<string, Intent[]> {
  const table = new Map<string, Intent[]>();
  for (const intent of intents) for (const key of tokenize(intent.words)) table.set(key, [...(table.get(key) ?? []), intent]);
  return table;
}
/**
 * The multi-word members of the synonym groups ("abu dhabi", «عقد الإيجار»), their terms joined
 * by spaces → the term lists they also find: typed in a question, such a name is one word.
 */
function phraseTable(groups: string[][]): Expansions {
  const table: Expansions = new Map();
  for (const group of groups) {
    const members = group.map((m) => tokenize(m)).filter((t) => t.length > 0);
    for (const phrase of members) if (phrase.length > 1) for (const other of members) addExpansion(table, phrase.join(' '), other);
  }
  return table;
}
const SYNONYMS = synonymTable(SYNONYM_GROUPS, ALSO_FINDS);
const PHRASES = phraseTable(SYNONYM_GROUPS);
const LONGEST_PHRASE = Math.max(...[...PHRASES.keys()].map((p) => p.split(' ').length));
const PHRASE_WORDS = new Set([...PHRASES.keys()].flatMap((p) => p.split(' ')));
const INTENT_WORDS = intentTable(INTENTS);
const INTENT_FINDS = new Map(INTENTS.map((intent) => [intent, intent.finds.map((phrase) => tokenize(phrase))]));

function addTerms(tf: Map<string, number>, terms: string[], weight: number) {
  for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + weight);
}

/** One passage's terms, counted (title terms TITLE_WEIGHT times), into `df` as well. */
function indexPassage(passage: Passage, df: Map<string, number>): IndexedPassage {
  const tf = new Map<string, number>();
  // A word that may start with the conjunction و is held in both forms.
  const terms = (text: string) => tokens(text).flatMap((t) => (t.withoutAnd ? [t.term, t.withoutAnd] : [t.term]));
  const title = terms(passage.title);
  const text = terms(passage.text);
  addTerms(tf, title, TITLE_WEIGHT);
  addTerms(tf, text, 1);
  for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  return { tf, title: new Set(title), context: null, length: title.length * TITLE_WEIGHT + text.length };
}

/** The index from its passages' terms: each service fact's context, the average length. */
function finishIndex(index: AssistantIndex, docs: IndexedPassage[], df: Map<string, number>): SearchIndex {
  const byId = new Map(index.passages.map((passage, i) => [passage.id, docs[i]!]));
  index.passages.forEach((passage, i) => {
    const service = /^(service:[^:]+):(?!summary$)/.exec(passage.id)?.[1];
    docs[i]!.context = (service && byId.get(`${service}:summary`)?.tf) || null;
  });
  const total = docs.reduce((sum, doc) => sum + doc.length, 0);
  return { passages: index.passages, docs, df, avgLength: docs.length ? total / docs.length : 0 };
}

/** Tokenises every passage once; the result answers any number of questions. */
export function buildSearchIndex(index: AssistantIndex): SearchIndex {
  const df = new Map<string, number>();
  return finishIndex(index, index.passages.map((passage) => indexPassage(passage, df)), df);
}

/**
 * Passages tokenised per task when the page builds the index: tokenising all of the Arabic
 * index (330 passages) takes 15-40 ms on a desktop, 60-150 ms on a phone, one long task that
 * held a tap or counted as blocking time; this many take a tenth of it.
 */
const PASSAGES_PER_TASK = 40;

/** buildSearchIndex in tasks of PASSAGES_PER_TASK passages, yielding to the page between them. */
export async function buildSearchIndexInTasks(index: AssistantIndex): Promise<SearchIndex> {
  const df = new Map<string, number>();
  const docs: IndexedPassage[] = [];
  for (const passage of index.passages) {
    if (docs.length > 0 && docs.length % PASSAGES_PER_TASK === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    docs.push(indexPassage(passage, df));
  }
  return finishIndex(index, docs, df);
}

/** Each index's English words as written, with their stems ("working" → "work"). */
const writtenForms = new WeakMap<SearchIndex, Map<string, string>>();

/**
 * The English words of the index as written, each with its stem: a misspelt word is compared
 * with them too, since a slip may hide its ending from the stemmer ("workng" is one letter
 * from "working" but two from its stem "work"), and a shorthand stands for a written word.
 */
function englishForms(search: SearchIndex): Map<string, string> {
  let forms = writtenForms.get(search);
  if (!forms) {
    forms = new Map();
    for (const passage of search.passages) {
      for (const word of normalizeText(`${passage.title} ${passage.text}`).split(' ')) {
        if (!LATIN_WORD.test(word) || forms.has(word)) continue;
        const term = stem(word);
        if (search.df.has(term)) forms.set(word, term);
      }
    }
    writtenForms.set(search, forms);
  }
  return forms;
}

/**
 * Index terms that are the same word as a typed one in another form: for an English word,
 * those of the same family ("register", "registration"; "renew", "renewal"); for a word the
 * index does not hold, a spelling one edit away, or two for a word of 8 letters or more
 * ("coporate" → "corporate", "workng" → "working"), none for an Arabic word under 5 letters or
 * a Latin one under 4 ("renw" → "renew"); failing that, for an English shorthand, the word it
 * stands for ("yrs" → "years", see spelling.ts).
 */
function relatedTerms(search: SearchIndex, term: string, typed: Set<string>): string[] {
  const related: string[] = [];
  const known = search.df.has(term);
  const latin = LATIN_WORD.test(term);
  const maxEdits = term.length >= 8 ? 2 : term.length >= 5 || (latin && term.length === 4 && typed.has(term)) ? 1 : 0;
  let bestEdits = maxEdits + 1;
  let bestTerm: string | null = null;
  // Of English spellings as far, the one that ends like the typed word (a letter left out:
  // "renw" is "renew" rather than "rent"), then the most frequent. A four-letter English word
  // is only a letter short ("vist"), never a letter long or another letter ("taxi" is not "tax").
  let bestEnds = false;
  const consider = (candidate: string, written: string) => {
    if (latin && term.length === 4 && written.length !== 5) return;
    const edits = editDistance(term, written, maxEdits);
    const df = search.df.get(candidate) ?? 0;
    const ends = latin && written.at(-1) === term.at(-1);
    const better = bestTerm === null || ends !== bestEnds ? ends : df > (search.df.get(bestTerm) ?? 0);
    if (edits < bestEdits || (edits === bestEdits && edits <= maxEdits && better)) {
      bestEdits = edits;
      bestTerm = candidate;
      bestEnds = ends;
    }
  };
  for (const candidate of search.df.keys()) {
    if (candidate === term) continue;
    if (latin && LATIN_WORD.test(candidate)) {
      const shared = commonPrefix(term, candidate);
      if (shared >= 5 && shared >= 0.75 * Math.min(term.length, candidate.length)) related.push(candidate);
    }
    if (!known && maxEdits > 0) consider(candidate, candidate);
  }
  if (!known && maxEdits > 0 && latin) {
    for (const [written, candidate] of englishForms(search)) if (written !== candidate) consider(candidate, written);
  }
  if (bestTerm !== null && bestEdits <= maxEdits && !related.includes(bestTerm)) related.push(bestTerm);
  // A shorthand is typed as it is: a word with an ending ("states" read as "stat") is none.
  const shorthand = !known && !related.length && typed.has(term) ? shorthandFor(term, englishForms(search), search.df) : null;
  if (shorthand) related.push(shorthand);
  return related;
}

/** One content word of a question and the ways a passage may hold it. */
interface QuestionTerm {
  term: string;
  /** Term lists any of which, found whole in a passage, counts as finding this word. */
  alternatives: string[][];
  /** The word names what is asked ("how long") rather than the topic. */
  intent: boolean;
  /** A list the word itself introduces answers it ("Includes: Up to 5 transactions; …"). */
  listHead: boolean;
}

/** The terms of `k` tokens from the `i`th, joined by spaces. */
function phraseOf(tokens: { term: string }[], i: number, k: number): string {
  return tokens
    .slice(i, i + k)
    .map((t) => t.term)
    .join(' ');
}

/** The question's content words, and every term to score with its weight. */
export function analyseQuestion(search: SearchIndex, question: string) {
  const words: QuestionTerm[] = [];
  /** The question's required intents (a price), each with what answers it. */
  const required: QuestionTerm[] = [];
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  // The terms the answerer understands: the index's, its intent words and synonyms, and the
  // words of the names it knows ("free zone").
  const known = (term: string) => search.df.has(term) || INTENT_WORDS.has(term) || SYNONYMS.has(term) || PHRASE_WORDS.has(term);
  // Each word once, and no more than MAX_QUESTION_TERMS of them; Arabizi words are read in
  // Arabic unless this index holds them (see normalize.ts).
  const typed = new Set(normalizeText(question).split(' '));
  const unique = [...new Map(tokens(question, known).map((token) => [token.term, token])).values()].slice(0, MAX_QUESTION_TERMS);
  // A name of several words the synonyms know ("Abu Dhabi") is read as one word.
  const joined: { term: string; withoutAnd: string | null; phrase: string[] | null }[] = [];
  for (let i = 0; i < unique.length; i++) {
    let span = Math.min(LONGEST_PHRASE, unique.length - i);
    while (span > 1 && !PHRASES.has(phraseOf(unique, i, span))) span--;
    if (span > 1) {
      joined.push({ term: phraseOf(unique, i, span), withoutAnd: null, phrase: unique.slice(i, i + span).map((t) => t.term) });
      i += span - 1;
    } else joined.push({ ...unique[i]!, phrase: null });
  }
  const read = joined.map((token) => ({
    ...token,
    intents: token.phrase ? [] : [token.term, token.withoutAnd].flatMap((form) => (form && INTENT_WORDS.get(form)) || []),
  }));
  // A word whose every intent is outranked by another of the question's ("long" beside "valid") is not read.
  const outranked = new Set(read.flatMap((t) => t.intents.map((intent) => intent.outranks)));
  let corrections = 0;
  for (const { term, withoutAnd, intents, phrase } of read) {
    if (phrase) {
      const synonyms = PHRASES.get(term) ?? [];
      for (const t of phrase) add(t, 1);
      for (const terms of synonyms) for (const t of terms) add(t, SYNONYM_WEIGHT);
      words.push({ term, alternatives: [phrase, ...synonyms], intent: false, listHead: false });
      continue;
    }
    if (intents.length && intents.every((intent) => outranked.has(intent))) continue;
    if (!intents.length && !known(term) && isMisspeltStopWord(term)) continue;
    // The word itself does not answer its intent ("Government fees are not included" holds
    // "include" but no list of what is included), except as a list's head, for an intent that says so.
    const intent = intents.flatMap((i) => INTENT_FINDS.get(i) ?? []).filter((terms) => terms.join(' ') !== term);
    const listHead = intents.some((i) => i.listHead);
    const forms = withoutAnd ? [term, withoutAnd] : [term];
    const synonyms = forms.flatMap((f) => SYNONYMS.get(f) ?? []);
    // Looking through the vocabulary is the costly step: done for the first few words only.
    const related = intent.length || synonyms.length || corrections++ >= MAX_RELATED_LOOKUPS ? [] : relatedTerms(search, term, typed);
    const expansions = [...(withoutAnd ? [[withoutAnd]] : []), ...intent, ...synonyms, ...related.map((r) => [r])];
    add(term, intent.length ? INTENT_WORD_WEIGHT : 1);
    for (const terms of expansions) for (const t of terms) add(t, intent.length ? INTENT_TERM_WEIGHT : SYNONYM_WEIGHT);
    // An intent word is answered by what it brings in.
    words.push({ term, alternatives: intent.length ? intent : [[term], ...expansions], intent: intent.length > 0, listHead });
    // What a required intent asks for, the word itself included ("price" is a price).
    const asks = intents.filter((i) => i.required).flatMap((i) => INTENT_FINDS.get(i) ?? []);
    if (asks.length) required.push({ term, alternatives: asks, intent: true, listHead: false });
  }
  // Coverage counts the topic words; the intent words count only in a question of nothing else,
  // and otherwise raise the passages that hold what they ask for (a timeline, a list…). Such a
  // question ("What documents do I need?") is about the intent words themselves: a passage on
  // documents in general answers it as well as a service's list of them.
  const topic = words.filter((w) => !w.intent);
  const general = words.map((w) => ({ ...w, alternatives: [...w.alternatives, [w.term]] }));
  if (!topic.length) for (const w of words) add(w.term, 1);
  const asked = readArabizi(normalizeText(question), known);
  const figure = ASKS_FOR_FIGURE.test(asked);
  const amount = figure && ASKS_FOR_FEE.test(asked);
  const explains = read.some((t) => t.intents.some((i) => i.explains));
  return {
    words: topic.length ? topic : general,
    intents: topic.length ? words.filter((w) => w.intent) : [],
    required,
    weights,
    figure,
    amount,
    topicless: !topic.length,
    explains,
  };
}

/**
 * A question's words beyond this many are not read (a question is a few words; a pasted page
 * is not one), and only this many of them are looked up in the vocabulary for spelling
 * corrections and word families, so a 2,000-character input is answered at once.
 */
const MAX_QUESTION_TERMS = 24;
const MAX_RELATED_LOOKUPS = 8;

/** A ranked passage: its BM25 score, the share of the question's words it holds, and its rank. */
export interface Hit {
  passage: Passage;
  /** BM25 over the question's words, synonyms and related forms. */
  score: number;
  /** Share of the question's content words the passage holds (0–1). */
  coverage: number;
  /** The ranking value: score × the kind's trust × coverage² × the title and intent bonuses. */
  rank: number;
}

/** The passages ranked against the question, best first, at most `limit`. */
export function searchPassages(search: SearchIndex, question: string, limit = 5): Hit[] {
  return rankPassages(search, question, limit).map(({ passage, score, coverage, rank }) => ({ passage, score, coverage, rank }));
}

/** A ranked passage, and whether it holds what the question's required intents ask for (a price). */
interface RankedHit extends Hit {
  answers: boolean;
}

function rankPassages(search: SearchIndex, question: string, limit: number): RankedHit[] {
  const { words, intents, required, weights, figure, amount, topicless, explains } = analyseQuestion(search, question);
  if (words.length === 0) return [];
  // A word no passage holds in any form ("driving" in "renew my driving licence", «الذهب»…)
  // says the question is about something the site does not cover: it counts twice against
  // the coverage, so one such word among three is enough to decline.
  const foreign = words.filter((w) => !w.alternatives.some((terms) => terms.every((t) => search.df.has(t)))).length;
  const n = search.docs.length;
  const hits: RankedHit[] = [];
  search.docs.forEach((doc, i) => {
    let score = 0;
    for (const [term, weight] of weights) {
      const tf = doc.tf.get(term);
      if (!tf) continue;
      const df = search.df.get(term) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += weight * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / search.avgLength)));
    }
    if (score <= 0) return;
    const text = search.passages[i]!.text;
    const heads = intents.some((w) => w.listHead) && LIST_SEPARATOR.test(text) ? listHeads(text) : null;
    const holds = (set: { has: (t: string) => boolean }, of = words) =>
      of.length
        ? of.filter((w) => w.alternatives.some((terms) => terms.every((t) => set.has(t))) || (w.listHead && heads?.has(w.term))).length / of.length
        : 0;
    const asked = intents.length ? intents.filter((w) => doc.title.has(w.term)).length / intents.length : 0;
    const context = doc.context;
    const held = context ? { has: (t: string) => doc.tf.has(t) || context.has(t) } : doc.tf;
    const coverage = holds(held) * (words.length / (words.length + foreign));
    const passage = search.passages[i]!;
    const prior =
      (explains ? 1 : (KIND_PRIOR[passage.kind] ?? 1)) *
      (passage.id.endsWith(':summary') && !intents.length ? SUMMARY_PRIOR : 1) *
      (topicless && passage.kind !== 'faq' ? TOPICAL_PRIOR : 1);
    const figureBonus = figure && /\d/.test(passage.text) ? FIGURE_BONUS : 1;
    const bonus = (1 + TITLE_BONUS * holds(doc.title)) * (1 + INTENT_BONUS * holds(doc.tf, intents)) * (1 + ASKED_BONUS * asked);
    const rank = score * prior * figureBonus * coverage * coverage * bonus;
    const answers = (holds(doc.tf, required) === 1 || !required.length) && (!amount || STATES_AMOUNT.test(passage.text));
    hits.push({ passage, score, coverage, rank, answers });
  });
  // Ties keep the index's order (FAQ first), so a ranking is deterministic.
  return hits.sort((a, b) => b.rank - a.rank).slice(0, limit);
}

/** A passage's page title: "Company formation — timeline" → "Company formation". */
export function pageTitle(passage: Passage): string {
  return passage.title.split(' — ')[0]!.trim();
}

export interface LocalAnswer {
  /** The passage answered with. */
  passage: Passage;
  /** Up to three distinct pages to read more on, the answer's own page first. */
  sources: Source[];
  /**
   * Whether the passage is the answer. The ranking alone says so when the passage holds every
   * content word of the question (in some form): on the blind sets, most confident wrong answers
   * were passages that held some of the question's words, not all. A learned layer (learned.ts)
   * decides it otherwise: by its answer model's likelihood, or by doubting the ranking's answer.
   * Otherwise the passage is only the nearest thing the site says, which the assistant offers as
   * such and asks whether it is what the visitor meant.
   */
  confident: boolean;
}

/**
 * The best passage for a question and the pages it came from, or null when the site does not
 * hold the answer: no passage holds most of the question's words (MIN_COVERAGE), the best
 * scores too little (MATCH_THRESHOLD), or none of those on the topic holds what a required
 * intent asks for (a price; REQUIRED_SCORE_SHARE). A learned layer (learned.ts, the assistant's
 * only) then weighs the ranking's best passages beside its own examples (see `withLearned`);
 * `skip` leaves some of its examples out.
 */
export function answerQuestion(search: SearchIndex, question: string, learned?: Learned | null, skip?: (item: Item) => boolean): LocalAnswer | null {
  const ranked = rankPassages(search, question, search.docs.length);
  // A passage that does not hold what a required intent asks for (a price) is no answer, and
  // one that does answers only if it is nearly as relevant as the best passage on the topic.
  const covered = ranked.filter((h) => h.coverage >= MIN_COVERAGE);
  const hits = covered.filter((h) => h.answers && h.rank >= (covered[0]?.rank ?? 0) * REQUIRED_SCORE_SHARE).slice(0, 10);
  const best = hits[0];
  let answer: LocalAnswer | null = null;
  if (best && best.score >= MATCH_THRESHOLD) {
    const sources: Source[] = [];
    for (const { passage, rank } of hits) {
      // Other pages are offered only when they are nearly as relevant as the answer's.
      if (sources.length === 3 || (passage !== best.passage && rank < best.rank * SOURCE_SCORE_SHARE)) break;
      if (!sources.some((s) => s.url.split('#')[0] === passage.url.split('#')[0])) {
        sources.push({ title: pageTitle(passage), url: passage.url });
      }
    }
    answer = { passage: best.passage, sources, confident: best.coverage >= 1 };
  }
  return learned ? learned.answer(search.passages, question, ranked, answer, skip) : answer;
}

/** Escapes the characters the answer renderer reads as Markdown, so passage text stays text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_[\]()`#]/g, (c) => `\\${c}`);
}

/**
 * An answer's Markdown: the passage's title in bold, then its text; lists of services and
 * documents (joined with «؛ » or "; " in the index) as bullet lists.
 */
export function answerMarkdown(passage: Passage): string {
  const title = `**${escapeMarkdown(passage.title)}**`;
  const isList = /:(offered|requirements)$/.test(passage.id) && LIST_SEPARATOR.test(passage.text);
  const body = isList
    ? passage.text.split(LIST_SEPARATOR).map((item) => `- ${escapeMarkdown(item)}`).join('\n')
    : escapeMarkdown(passage.text);
  return `${title}\n\n${body}`;
}

const cache = new Map<Lang, Promise<SearchIndex>>();

let arabizi: Promise<unknown> | null = null;

/**
 * Arabizi's reading (arabizi.ts: its dictionary and spellings), a chunk of its own that installs
 * itself when loaded. The index's loading starts it alongside, and the search's first query does
 * not wait for it (a question typed before it arrives is read without it); the assistant waits.
 * A failed load is forgotten, so the next question tries again.
 */
export function loadArabizi(): Promise<unknown> {
  if (!arabizi) {
    arabizi = import('./arabizi');
    arabizi.catch(() => {
      arabizi = null;
    });
  }
  return arabizi;
}

/**
 * The language's index, fetched once per page load and kept (a failed fetch is forgotten, so
 * the next question tries again). `fetchImpl` may give a request started already (the search
 * dialog's, started with its code). The address is `paths.siteIndex`'s: importing `paths` here
 * would split it and the language table out of the entry into a chunk of their own.
 */
export function loadSearchIndex(lang: Lang, fetchImpl: typeof fetch = fetch): Promise<SearchIndex> {
  let promise = cache.get(lang);
  loadArabizi().catch(() => {});
  if (!promise) {
    promise = fetchImpl(`/${lang}/assistant-index.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`assistant index: HTTP ${response.status}`);
        return response.json() as Promise<AssistantIndex>;
      })
      .then(buildSearchIndexInTasks);
    promise.catch(() => cache.delete(lang));
    cache.set(lang, promise);
  }
  return promise;
}

/** Forgets the fetched indexes (for tests). */
export function clearSearchIndexCache() {
  cache.clear();
}

/**
 * Every term a question is scored with (its words' normalised stems, their synonyms, related
 * forms and spelling corrections): the site search marks the words of a snippet that read as
 * one of them.
 */
export function questionTerms(search: SearchIndex, question: string): Set<string> {
  return new Set(analyseQuestion(search, question).weights.keys());
}
