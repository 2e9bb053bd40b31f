// Text normalisation for the built-in answerer: the same steps run over the content index and
// over the visitor's question, so "تأسيس الشركة", "تاسيس شركه" and "التأسيس" meet on one form.
//
// The stemmers are light, in the spirit of Snowball's: Arabic loses its article (and the
// particles fused to it), a possessive pronoun and a plural or feminine ending; English loses
// its plural, -ing, -ed and a final e. They are written here rather than taken from a package:
// the Snowball Arabic stemmer (as @orama/stemmers ships it) gives different stems to forms the
// site's visitors mix, e.g. «مستندات»/«المستندات» and «والشركات»/«الشركات» (see
// __tests__/normalize.test.ts for the forms these must join).
import { westernDigits } from '@/shared/locale';

/** Tashkeel (fathatan … sukun, and the rest of U+064B–U+065F), the superscript alef, tatweel. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
/** Latin combining accents, left over after compatibility decomposition (é → e). */
const LATIN_ACCENTS = /[\u0300-\u036F]/g;
const ALEF_FORMS = /[\u0623\u0625\u0622\u0671]/g; // أ إ آ ٱ
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const BIDI_FORMATTING = /[\u2066-\u2069\u200e\u200f\u061c]/g; // LRI…PDI, LRM, RLM, ALM

/**
 * One searchable form of a text: compatibility forms folded, Latin lowercased and without
 * accents, Arabic without diacritics and tatweel, alef forms → ا, ؤ → و, ئ → ي, ة → ه, ى → ي,
 * Persian and Urdu ی → ي, ک → ك, ۀ and ہ → ه,
 * Arabic-Indic digits → 0-9, % and ٪ → the word "percent", other punctuation → spaces,
 * whitespace collapsed.
 */
export function normalizeText(text: string): string {
  // Bidi isolates and marks (LRI…PDI, LRM, RLM, ALM) are for display: Arabic text carries them
  // around Latin words and numbers, and a question pasted from a page may too. Removed, not
  // turned into spaces, so `\u2066VAT\u2069` is the word `vat`.
  return westernDigits(text.replace(BIDI_FORMATTING, ''))
    .normalize('NFKD')
    .replace(LATIN_ACCENTS, '')
    .normalize('NFC') // recomposes what NFKD split apart (Arabic hamza forms), so they map below
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ALEF_FORMS, '\u0627')
    // A doubled alef is a slip (or a hamza's seat typed beside its alef: «اأسس»).
    .replace(/\u0627{2,}/g, '\u0627')
    .replace(/\u0624/g, '\u0648') // ؤ → و
    .replace(/\u0626/g, '\u064A') // ئ → ي
    .replace(/\u0629/g, '\u0647') // ة → ه
    .replace(/\u0649/g, '\u064A') // ى → ي
    // The Persian and Urdu letters of the same sounds (every Arabic-script language of the
    // table meets on one form): ی → ي, ک → ك, ۀ and ہ → ه.
    .replace(/[\u06CC\u06D0]/g, '\u064A')
    .replace(/\u06A9/g, '\u0643')
    .replace(/[\u06C0\u06C1]/g, '\u0647')
    .replace(/[%\u066A]/g, ' percent ')
    .replace(NOT_WORD, ' ')
    .trim();
}

// Function words that say nothing about the topic (already in normalised form), and the
// courtesies and dialect fillers visitors wrap questions in.
const STOP_WORDS = new Set([
  // English
  'a', 'an', 'the', 'is', 'are', 'was', 'were', 'be', 'been', 'am', 'do', 'does', 'did', 'done', 'can', 'could',
  'would', 'will', 'should', 'shall', 'may', 'might', 'must', 'have', 'has', 'had', 'i', 'me', 'my', 'mine', 'we',
  'us', 'our', 'you', 'your', 'yours', 'it', 'its', 'this', 'that', 'these', 'those', 'there', 'here', 'what',
  'whats', 'which', 'who', 'whom', 'how', 'when', 'where', 'why', 'to', 'of', 'for', 'in', 'on', 'at', 'by',
  'with', 'from', 'about', 'into', 'and', 'or', 'but', 'if', 'as', 'so', 'than', 'then', 'any', 'some', 'all',
  'every', 'everyone', 'everybody', 'anyone', 'please', 'pls', 'plz', 'hi', 'hey', 'hello', 'thanks', 'thank',
  'tell', 'know', 'want', 'wanna', 'need', 'get', 'got', 'give', 'let', 'like', 'just', 'also', 'still', 'really',
  'yes', 'no', 'not', 'ok', 'okay', 'dear', 'sir', 'madam', 'im', 'ive', 'dont', 'doesnt', 'don', 'doesn', 'isn', 'aren',
  'one', 'someone', 'll', 've', 're',
  'kindly', 'guys', 'u', 'ur', 'r', 'many', 'up', 'vs', 'versus', 'between',
  // Arabic
  'في', 'فى', 'من', 'الي', 'علي', 'عن', 'مع', 'هل', 'ما', 'ماذا', 'ماهي', 'ماهو', 'كم', 'كيف', 'متي', 'اين',
  'لماذا', 'هو', 'هي', 'هم', 'انا', 'انت', 'انتم', 'نحن', 'لي', 'لك', 'لكم', 'لنا', 'به', 'بها', 'او', 'ثم', 'ان',
  'اذا', 'لو', 'هذا', 'هذه', 'ذلك', 'تلك', 'التي', 'الذي', 'الذين', 'عند', 'عندكم', 'لديكم', 'لدي', 'لديك', 'كل',
  'جميع', 'اي', 'يا', 'قد', 'لا', 'لم', 'لن', 'نعم', 'مرحبا', 'اهلا', 'السلام', 'عليكم', 'شكرا', 'اريد', 'احتاج',
  'ممكن', 'يمكن', 'يمكنني', 'يمكنكم', 'هناك', 'ابغي', 'ابي', 'ودي', 'عايز', 'عاوز', 'بدي', 'سمحت',
  'شو', 'ايش', 'وش', 'شنو', 'ليش', 'وين', 'فين', 'منين', 'حال', 'حالك', 'اليوم', 'امس', 'بكره', 'غدا', 'اقدر', 'تقدرون', 'حق', 'تبع', 'الحين', 'هلا', 'يعني', 'بس', 'حد',
  'احد', 'الجميع', 'الكل', 'بين', 'بنا', 'الينا', 'علينا', 'لدينا', 'عندي', 'عندنا', 'اعرف', 'معرفه', 'اخبرني', 'قل', 'قولي', 'ارجو', 'رجاء',
  // Gulf, Egyptian and Levantine fillers: "want" (ابغى، أبي، حاب، نبي), "what" (ايه، شنو), "when"
  // (امتى، ايمتى), "how much/many" (كام، قديش، قداش: the figure asked for is in the words that
  // follow), "who", "this", "now", "later", "or not", "exactly", "please", "so that".
  'ابغا', 'ابا', 'نبي', 'نبغي', 'حاب', 'حابب', 'حابه', 'عايزه', 'عاوزه', 'بدنا', 'ايه', 'امتي', 'ايمتي', 'كام', 'قديش',
  'قداش', 'منو', 'مين', 'شلون', 'هاذا', 'هاذي', 'هذي', 'هاي', 'اللي', 'دحين', 'دلوقتي', 'هلق', 'بعدين',
  'ولا', 'بالضبط', 'مني', 'لوسمحت', 'عشان', 'علشان', 'مشان', 'لاني', 'طيب', 'زين', 'اخوي', 'حبيبي',
  // "You" (plural) as the dialects say it: «انتو», «انتوا».
  'انتو', 'انتوا',
  // "Do", "make", "bring": «ابغى اسوي إقامة», «عايز أعمل رخصة»; the transaction is the topic.
  'اسوي', 'نسوي', 'يسوي', 'تسوي', 'سوي', 'اعمل', 'نعمل', 'يعمل', 'اخلص', 'تخلصون', 'تطلعون', 'تطلعلي', 'يطلع', 'نطلع',
  'تحتاجون', 'تحتاج', 'يحتاج', 'محتاج', 'داخله', 'يصير', 'يحدث', 'عطني', 'عطوني', 'اعطني',
  // The article typed apart before an English word: «الـ Growth».
  'ال',
  // "Do you handle …?": the verb asks whether the company does what follows, the topic is after it.
  'تتعاملون', 'تعملون', 'تخدمون', 'تساعدون', 'تساعدني', 'تساعدوني', 'توفرون', 'تقدمون', 'تسوون', 'تتولون',
  'تعطوني', 'تسويلي', 'handle', 'provide', 'offer', 'deal', 'help', 'assist',
  // Verbs for carrying out any transaction ("issue", «استخراج»): the transaction is the topic.
  'اصدار', 'لاصدار', 'استخراج', 'لاستخراج', 'اطلع', 'استخرج', 'issue', 'issuing', 'obtain', 'obtaining',
  'الحصول', 'حصول', 'للحصول', 'احصل', 'نحصل',
  'apply', 'applying',
  // The dialects' closed classes, as a visitor from each region writes them (normalised): the
  // question words, the verbs of wanting and being able, "of" (ديال، متاع، بتاع), "here",
  // "this", "there is", "very", "exactly". The Maghrebi «شحال» asks "how much" like «قديش».
  'ازاي', 'بتاع', 'بتاعي', 'بتاعتي', 'بتاعك', 'بتاعتك', 'بتاعكم', 'ده', 'دا', 'كده', 'اوي', 'برضه', 'ينفع', 'مش',
  'بالظبط', 'هيك', 'هون', 'بدك', 'بدكن', 'بدكم', 'بده', 'بدها', 'بدهم', 'فيكن', 'فيكم', 'فيني', 'عنا', 'لعنا',
  'يلي', 'منشان', 'كتير', 'شي', 'تبون', 'تبي', 'يبي', 'يبون', 'يبيني', 'تبونها', 'هني', 'هنيه', 'جذي',
  'واش', 'كيفاش', 'علاش', 'شحال', 'بغيت', 'بغينا', 'نحب', 'ديال', 'ديالي', 'ديالك', 'ديالكم', 'ديالنا', 'متاع',
  'متاعي', 'متاعكم', 'كاين', 'كاينه', 'بزاف', 'دابا', 'هاد', 'هادي', 'خاصني', 'خصني', 'راه', 'راني', 'واخا',
  'wat', 'wot', 'whats', 'n', 'ya', 'pls', 'plz', 'thx', 'ty', 'asap', 'btw', 'wallah', 'inshallah', 'yalla', 'habibi',
  'shukran', 'salam',
  // "The matter", "people", "thing": a dialect's way of pointing at the topic, not the topic.
  'موضوع', 'الموضوع', 'ناس', 'الناس', 'حاجه', 'شغله',
]);

/** Whether a normalised word is a function word (or a courtesy, or a dialect's filler). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** The English function words of three letters or more (see spelling.ts's misspelt ones). */
export const LATIN_STOP_WORDS: readonly string[] = [...STOP_WORDS].filter((w) => /^[a-z]{3,}$/.test(w));

/**
 * The days of the week, normalised. «الأحد» must stay a word although its stem is the stop
 * word «احد» ("anyone"): «هل تشتغلون يوم الأحد؟» asks about the working days. And «يوم» before
 * one of them names the day, it does not ask "how many days" (see [`tokens`]).
 */
const WEEKDAYS = new Set(['السبت', 'الاحد', 'الاثنين', 'الثلاثاء', 'الاربعاء', 'الخميس', 'الجمعه']);
const DAY_WORDS = new Set(['يوم', 'ايام']);

/** Reads a normalised question's Arabizi words in Arabic (see arabizi.ts). */
export type ArabiziReader = (normalized: string, known: (term: string) => boolean) => string;

let arabiziReader: ArabiziReader | null = null;

/**
 * Arabizi's reading is a chunk of its own (arabizi.ts, with its dictionary and spellings), which
 * installs itself here when it loads: the search's first query does not wait for it, and the
 * assistant does (see answerer.ts's `loadArabizi`).
 */
export function installArabiziReader(reader: ArabiziReader) {
  arabiziReader = reader;
}

/**
 * A normalised question with its Arabizi words in Arabic ("kam ta5od el ro5sa" → «كم تاخذ
 * رخصه»), once arabizi.ts is loaded; as it is until then. `known` tells which terms the index
 * holds, which are never Arabizi.
 */
export function readArabizi(normalized: string, known: (term: string) => boolean): string {
  return arabiziReader ? arabiziReader(normalized, known) : normalized;
}

// The article and the particles fused to it, the longest first.
const ARABIC_PREFIXES = ['وبال', 'وال', 'ولل', 'بال', 'كال', 'فال', 'لل', 'ال'];
// Possessive pronouns (خدماتنا, رسومها); after a ت, "my" and "your" (singular) too: the ت is
// a taa marbuta before the suffix (شركتي, رخصتك: شركة, رخصة) or a plural's (مستنداتك).
const ARABIC_PRONOUNS = ['هما', 'كم', 'هم', 'ها', 'نا'];
const TAA_PRONOUN = /ت[يك]$/;
const ARABIC_PLURALS = ['ات', 'ون', 'ين'];
const ARABIC_LETTER = /[\u0621-\u064A]/;
export const MIN_ARABIC_STEM = 3;
/**
 * A final ي (a nisba or "my") is taken off only when four letters remain: on a three-letter
 * noun it makes an adjective of its own (ذهب "gold", ذهبي "golden"; عمل "work", عملي
 * "practical"), which must not meet the noun. «الذهبية» and «ذهبي» stay «ذهبي»; «التجارية»
 * and «تجاري» meet «تجار». A question's «ملفي» ("my file") is read as «ملف» when the index
 * does not hold «ملفي» (see [`tokens`]).
 */
const MIN_NISBA_BASE = 4;

function stripEnding(word: string, endings: string[], min = MIN_ARABIC_STEM): string {
  const ending = endings.find((e) => word.endsWith(e) && word.length - e.length >= min);
  return ending ? word.slice(0, -ending.length) : word;
}

/** A possessive pronoun off; a taa marbuta the pronoun followed (شركتنا → شركت) off too. */
function stripPronoun(word: string): { word: string; taa: boolean } {
  let w = stripEnding(word, ARABIC_PRONOUNS);
  if (w === word && TAA_PRONOUN.test(word) && word.length - 1 >= MIN_ARABIC_STEM) w = word.slice(0, -1);
  if (w !== word && /[^ا]ت$/.test(w) && w.length - 1 >= MIN_ARABIC_STEM) return { word: w.slice(0, -1), taa: true };
  return { word: w, taa: false };
}

/** Plural, feminine and nisba endings: ات، ون، ين، ة (normalised ه), ي (see MIN_NISBA_BASE). */
function stripSuffixes(word: string, minNisbaBase: number): string {
  const plural = stripEnding(word, ARABIC_PLURALS);
  if (plural !== word) return plural;
  let w = stripEnding(word, ['\u0647']);
  w = stripEnding(w, ['\u064A'], minNisbaBase);
  // A nisba or feminine ending may follow a plural: «الإماراتية» = إمارات + ية, like «الإمارات».
  return w !== word ? stripEnding(w, ARABIC_PLURALS) : w;
}

/**
 * The light stem of a normalised Arabic word. A bare initial و is kept: it may be the
 * conjunction («وتأشيرات») or the word's own letter («واتساب», «وزارة»); see [`tokens`].
 * `minNisbaBase` is how many letters a final ي must leave to be taken off (MIN_NISBA_BASE;
 * 3 reads it as "my" on a three-letter noun).
 */
export function stemArabic(word: string, minNisbaBase = MIN_NISBA_BASE): string {
  let w = word;
  const prefix = ARABIC_PREFIXES.find((p) => w.startsWith(p) && w.length - p.length >= 2);
  if (prefix) w = w.slice(prefix.length);
  const { word: bare, taa } = stripPronoun(w);
  return taa ? bare : stripSuffixes(bare, minNisbaBase);
}

const VOWEL = /[aeiouy]/;

/** The light stem of a normalised English word (Porter-like: -ies, -es, -s, -ing, -ed, final e). */
export function stemEnglish(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    const base = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && base.length >= 3 && VOWEL.test(base)) {
      // A doubled final consonant was added for the suffix (setting → set), except -ll/-ss/-zz.
      w = /([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base) ? base.slice(0, -1) : base;
      break;
    }
  }
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** The light stem of one normalised word, Arabic or Latin. */
export function stem(word: string): string {
  return ARABIC_LETTER.test(word) ? stemArabic(word) : stemEnglish(word);
}

/** A preposition fused to a word without the article: «لشركتي», «بمعاملتي», «كموظف». */
const FUSED_PREPOSITION = /^[\u0644\u0628\u0643]/;
/** The prefixes of a present-tense verb's persons: we (ن), he (ي), you or she (ت), I (ا). */
const PERSON_PREFIXES = ['\u0646', '\u064A', '\u062A', '\u0627'];
const PERSON_PREFIX = /^[\u0627\u0646\u064A\u062A]/;

/**
 * A question's word read with the vocabulary (`known`), as its term and a variant. A word
 * may start with a fused preposition («لشركتي» = ل + شركتي): when the stem without it is
 * known, it is the variant, or the term itself if the whole word's stem is not known. A word
 * whose stem is not known may also be "my" on a three-letter noun («ملفي», «عقدي»; see
 * MIN_NISBA_BASE), or a verb in another person than the index's («أضيف», «نضيف»). «الذهب» is
 * none of these: it stays a word the site never uses, so the question is declined rather than
 * answered about golden visas.
 */
function readQuestionWord(word: string, known: (term: string) => boolean): { term: string; variant: string | null } {
  const term = stem(word);
  if (!ARABIC_LETTER.test(word)) return { term, variant: null };
  const isKnown = (r: string) => known(r) && !STOP_WORDS.has(r);
  const rest = FUSED_PREPOSITION.test(word) && word.length - 1 >= MIN_ARABIC_STEM ? word.slice(1) : null;
  const withoutPreposition = rest ? [stemArabic(rest), stemArabic(rest, MIN_ARABIC_STEM)].find(isKnown) : undefined;
  if (known(term)) return { term, variant: withoutPreposition ?? null };
  // A verb in another person: «أضيف» ("I add") where the index says «نضيف» ("we add").
  const persons = (w: string) => (PERSON_PREFIX.test(w) && w.length >= 4 ? PERSON_PREFIXES.map((p) => stem(p + w.slice(1))) : []);
  const reading = [stemArabic(word, MIN_ARABIC_STEM), ...persons(word)].find(isKnown) ?? withoutPreposition;
  if (reading) return { term: reading, variant: null };
  // A verb as a dialect says it: read without its prefixes and endings, in any person; one that
  // is then a function word («عندكن» is «عند») is one.
  const dialect = dialectForms(word).flatMap((w) => [stem(w), ...persons(w)]);
  return { term: dialect.find((r) => STOP_WORDS.has(r)) ?? dialect.find(isKnown) ?? term, variant: null };
}

/**
 * The prefixes the dialects put before a present tense's person: the Egyptian and Levantine
 * habitual ب («بتفتحوا», «بيجي»), the future's ه and ح («هتاخد», «حتاخد»), the Maghrebi ك
 * («كتاخد», «كنجدد»).
 */
const DIALECT_PREFIX = /^[\u0628\u0647\u062D\u0643](?=[\u0627\u062A\u0646\u064A])/;
/**
 * The endings: the plural's «وا» or «و» without the standard «ن» («تفتحوا», «تخدمو»), «لي» and
 * «ولي» ("for me": «تجددولي»), the Levantine «كن» ("your", "you": «عندكن», «فيكن»); and the
 * Egyptian «يا» for "my" (see [`dialectForms`]).
 */
const DIALECT_ENDINGS = ['\u0648\u0644\u064A', '\u0644\u064A', '\u0648\u0627', '\u0648', '\u0643\u0646'];

/** A dialect word's readings without the dialects' verb prefix and endings (see above). */
export function dialectForms(word: string): string[] {
  // The conjunction و may come first («وبتقفلوا»).
  const bare = word.startsWith('\u0648') && DIALECT_PREFIX.test(word.slice(1)) ? word.slice(1) : word;
  const bases = DIALECT_PREFIX.test(bare) && bare.length >= 5 ? [bare, bare.slice(1)] : [bare];
  const forms: string[] = [];
  for (const base of bases) {
    if (base !== word) forms.push(base);
    // The Egyptian "my" after a long vowel: «أبويا», «لأخويا» are «أبوي», «لأخوي».
    if (base.endsWith('\u064A\u0627') && base.length >= 4) forms.push(base.slice(0, -1));
    for (const ending of DIALECT_ENDINGS) {
      if (base.endsWith(ending) && base.length - ending.length >= 3) forms.push(base.slice(0, -ending.length));
    }
  }
  return forms;
}

/** One search term, and the term it gives if its initial و (or, in a question, ل or ب) is a particle. */
export interface Token {
  term: string;
  /**
   * «وتأشيرات» → «تاشير»; in a question, «لشركتي» → «شرك» when the index holds both «لشرك» and
   * «شرك». Null when there is no such reading.
   */
  withoutAnd: string | null;
}

/**
 * The search terms of a text: normalised words, stop words dropped, lightly stemmed; for an
 * Arabic word that starts with a bare و, also its stem without it (whether the و is the
 * conjunction cannot be told from the word alone, so the index and the question hold both).
 * For a question, `known` tells which terms the index holds: the question's Arabizi words are
 * then read in Arabic (see [`arabiziToArabic`]), and its Arabic words with the readings the
 * index holds (see [`readQuestionWord`]); the index's own text never is.
 */
export function tokens(text: string, known?: (term: string) => boolean): Token[] {
  const out: Token[] = [];
  const words = (known ? readArabizi(normalizeText(text), known) : normalizeText(text)).split(' ');
  words.forEach((word, i) => {
    const weekday = WEEKDAYS.has(word);
    // Single Latin letters are the rest of contractions (don't → don t) or initials.
    // A stop word stays one with the conjunction و fused to it («وابغى», «وعندي»).
    const stop = STOP_WORDS.has(word) || (word.startsWith('\u0648') && STOP_WORDS.has(word.slice(1)));
    if (!word || (!weekday && stop) || /^[a-z]$/.test(word)) return;
    if (DAY_WORDS.has(word) && WEEKDAYS.has(words[i + 1] ?? '')) return;
    // Text-speak's digits for words: "visa 4 my cousin", "which 1", "2 dubai" are for, one, to,
    // unless a unit follows ("4 years").
    if (known && TEXT_DIGIT.test(word) && /^[a-z]+$/.test(words[i + 1] ?? words[i - 1] ?? '') && !UNIT.test(words[i + 1] ?? '')) return;
    const { term, variant } = known ? readQuestionWord(word, known) : { term: stem(word), variant: null };
    if (!term || (!weekday && STOP_WORDS.has(term))) return;
    const rest = word.startsWith('\u0648') && term.startsWith('\u0648') && word.length >= 4 ? word.slice(1) : null;
    const withoutAnd = (rest && !STOP_WORDS.has(rest) ? stemArabic(rest) : null) ?? variant;
    out.push({ term, withoutAnd: withoutAnd && withoutAnd !== term ? withoutAnd : null });
  });
  return out;
}

const TEXT_DIGIT = /^[124]$/;
const UNIT = /^(days?|years?|yrs?|hours?|hrs?|weeks?|months?|working|am|pm|people|persons?|times|percent|transactions?|employees?|visas?)$/;

/** The search terms of a text (see [`tokens`]), without the variants. */
export function tokenize(text: string): string[] {
  return tokens(text).map((t) => t.term);
}
