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
  'kindly', 'guys', 'u', 'ur', 'r', 'many', 'up',
  // Arabic
  'في', 'فى', 'من', 'الي', 'علي', 'عن', 'مع', 'هل', 'ما', 'ماذا', 'ماهي', 'ماهو', 'كم', 'كيف', 'متي', 'اين',
  'لماذا', 'هو', 'هي', 'هم', 'انا', 'انت', 'انتم', 'نحن', 'لي', 'لك', 'لكم', 'لنا', 'به', 'بها', 'او', 'ثم', 'ان',
  'اذا', 'لو', 'هذا', 'هذه', 'ذلك', 'تلك', 'التي', 'الذي', 'الذين', 'عند', 'عندكم', 'لديكم', 'لدي', 'لديك', 'كل',
  'جميع', 'اي', 'يا', 'قد', 'لا', 'لم', 'لن', 'نعم', 'مرحبا', 'اهلا', 'السلام', 'عليكم', 'شكرا', 'اريد', 'احتاج',
  'ممكن', 'يمكن', 'يمكنني', 'يمكنكم', 'هناك', 'ابغي', 'ابي', 'ودي', 'عايز', 'عاوز', 'بدي', 'سمحت',
  'شو', 'ايش', 'وش', 'شنو', 'ليش', 'وين', 'فين', 'منين', 'حال', 'حالك', 'اليوم', 'امس', 'بكره', 'غدا', 'اقدر', 'تقدرون', 'حق', 'تبع', 'الحين', 'هلا', 'يعني', 'بس', 'حد',
  'احد', 'الجميع', 'الكل', 'بنا', 'الينا', 'علينا', 'لدينا', 'عندي', 'عندنا', 'اعرف', 'معرفه', 'اخبرني', 'قل', 'قولي', 'ارجو', 'رجاء',
  // "Do you handle …?": the verb asks whether the company does what follows, the topic is after it.
  'تتعاملون', 'تعملون', 'تخدمون', 'تساعدون', 'تساعدني', 'تساعدوني', 'توفرون', 'تقدمون', 'تسوون', 'تتولون',
  'تعطوني', 'تسويلي', 'handle', 'provide', 'offer', 'deal', 'help', 'assist',
  // Verbs for carrying out any transaction ("issue", «استخراج»): the transaction is the topic.
  'اصدار', 'لاصدار', 'استخراج', 'لاستخراج', 'اطلع', 'استخرج', 'issue', 'issuing', 'obtain', 'obtaining',
  'apply', 'applying',
]);

// The article and the particles fused to it, the longest first.
const ARABIC_PREFIXES = ['وبال', 'وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
// Possessive pronouns (خدماتنا, رسومها), then plural, nisba and feminine endings (ات، ون، ين،
// ية → يه، ة → ه، ي), and a plural before a nisba; never leaving fewer than three letters.
const ARABIC_PRONOUNS = ['هما', 'كم', 'هم', 'ها', 'نا'];
const ARABIC_ENDINGS = ['ات', 'ون', 'ين', 'يه', 'ه', 'ي'];
const ARABIC_PLURALS = ['ات', 'ون', 'ين'];
const ARABIC_LETTER = /[\u0621-\u064A]/;
const MIN_ARABIC_STEM = 3;

function stripEnding(word: string, endings: string[]): string {
  const ending = endings.find((e) => word.endsWith(e) && word.length - e.length >= MIN_ARABIC_STEM);
  return ending ? word.slice(0, -ending.length) : word;
}

/**
 * The light stem of a normalised Arabic word. A bare initial و is kept: it may be the
 * conjunction («وتأشيرات») or the word's own letter («واتساب», «وزارة»); see [`tokens`].
 */
export function stemArabic(word: string): string {
  let w = word;
  const prefix = ARABIC_PREFIXES.find((p) => w.startsWith(p) && w.length - p.length >= 2);
  if (prefix) w = w.slice(prefix.length);
  w = stripEnding(w, ARABIC_PRONOUNS);
  const stemmed = stripEnding(w, ARABIC_ENDINGS);
  // A nisba or feminine ending may follow a plural: «الإماراتية» = إمارات + ية, like «الإمارات».
  return stemmed !== w && /[يه]$/.test(w) ? stripEnding(stemmed, ARABIC_PLURALS) : stemmed;
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

/** One search term, and the term it gives if its initial و is the conjunction. */
export interface Token {
  term: string;
  /** «وتأشيرات» → «تاشير»; null when the word does not start with a bare و. */
  withoutAnd: string | null;
}

/**
 * The search terms of a text: normalised words, stop words dropped, lightly stemmed; for an
 * Arabic word that starts with a bare و, also its stem without it (whether the و is the
 * conjunction cannot be told from the word alone, so the index and the question hold both).
 */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const word of normalizeText(text).split(' ')) {
    // Single Latin letters are the rest of contractions (don't → don t) or initials.
    if (!word || STOP_WORDS.has(word) || /^[a-z]$/.test(word)) continue;
    const term = stem(word);
    if (!term || STOP_WORDS.has(term)) continue;
    const rest = word.startsWith('\u0648') && term.startsWith('\u0648') && word.length >= 4 ? word.slice(1) : null;
    const withoutAnd = rest && !STOP_WORDS.has(rest) ? stemArabic(rest) : null;
    out.push({ term, withoutAnd: withoutAnd && withoutAnd !== term ? withoutAnd : null });
  }
  return out;
}

/** The search terms of a text (see [`tokens`]), without the variants. */
export function tokenize(text: string): string[] {
  return tokens(text).map((t) => t.term);
}
