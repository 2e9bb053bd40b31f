// Text normalisation for the built-in answerer: the same steps run over the content index and
// over the visitor's question, so "تأسيس الشركة", "تاسيس شركه" and "التأسيس" meet on one form.
import { westernDigits } from '@/shared/locale';

/** Tashkeel (fathatan … sukun, and the rest of U+064B–U+065F), the superscript alef, tatweel. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
/** Latin combining accents, left over after compatibility decomposition (é → e). */
const LATIN_ACCENTS = /[\u0300-\u036F]/g;
const ALEF_FORMS = /[\u0623\u0625\u0622\u0671]/g; // أ إ آ ٱ
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * One searchable form of a text: compatibility forms folded, Latin lowercased and without
 * accents, Arabic without diacritics and tatweel, alef forms → ا, ة → ه, ى → ي, Arabic-Indic
 * digits → 0-9, punctuation → spaces, whitespace collapsed.
 */
export function normalizeText(text: string): string {
  return westernDigits(text)
    .normalize('NFKD')
    .replace(LATIN_ACCENTS, '')
    .normalize('NFC') // recomposes what NFKD split apart (Arabic hamza forms), so they map below
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(/\u0629/g, '\u0647') // ة → ه
    .replace(/\u0649/g, '\u064A') // ى → ي
    .replace(NOT_WORD, ' ')
    .trim();
}

// Function words that say nothing about the topic (already in normalised form).
const STOP_WORDS = new Set([
  // English
  'a', 'an', 'the', 'is', 'are', 'was', 'be', 'do', 'does', 'did', 'can', 'could', 'would', 'will', 'should',
  'i', 'me', 'my', 'we', 'us', 'our', 'you', 'your', 'it', 'its', 'this', 'that', 'there', 'what', 'which',
  'who', 'how', 'when', 'where', 'why', 'to', 'of', 'for', 'in', 'on', 'at', 'by', 'with', 'from', 'about',
  'and', 'or', 'if', 'as', 'any', 'some', 'please', 'hi', 'hello', 'tell', 'know', 'want', 'need', 'get',
  // Arabic
  'في', 'من', 'الي', 'علي', 'عن', 'مع', 'هل', 'ما', 'ماذا', 'كم', 'كيف', 'متي', 'اين', 'لماذا', 'هو', 'هي',
  'انا', 'انت', 'نحن', 'لي', 'لك', 'لكم', 'او', 'ثم', 'ان', 'اذا', 'لو', 'هذا', 'هذه', 'ذلك', 'تلك', 'التي',
  'الذي', 'عند', 'كل', 'اي', 'يا', 'قد', 'لا', 'لم', 'لن', 'مرحبا', 'اريد', 'احتاج', 'ممكن', 'هناك',
  'ابغي', 'ابي', 'ودي', 'عايز', 'سمحت',
]);

// Definite article and the particles fused to it; the longest first.
const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const ARABIC_LETTER = /[\u0621-\u064A]/;

/**
 * Light stemming. Arabic: the article (and its particles) off the front, a conjunction و off a
 * longer word, then a plural ات or a final ه (from ة) off the end, so "الشركة", "شركات" and
 * "والشركات" share one term. English: a plural -s.
 */
function stem(word: string): string {
  if (ARABIC_LETTER.test(word)) {
    let w = word;
    const prefix = ARABIC_PREFIXES.find((p) => w.startsWith(p) && w.length - p.length >= 2);
    if (prefix) w = w.slice(prefix.length);
    else if (w.startsWith('\u0648') && w.length > 4) w = w.slice(1);
    if (w.length >= 5 && w.endsWith('\u0627\u062A')) return w.slice(0, -2); // ات
    if (w.length >= 4 && w.endsWith('\u0647')) return w.slice(0, -1); // ه
    return w;
  }
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The search terms of a text: normalised words, stop words dropped, lightly stemmed. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const word of normalizeText(text).split(' ')) {
    if (!word || STOP_WORDS.has(word)) continue;
    const term = stem(word);
    if (!STOP_WORDS.has(term)) terms.push(term);
  }
  return terms;
}
