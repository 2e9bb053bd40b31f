// The home view's title search: one form of a text for comparing, so «الإقامة الذهبيّة»,
// «الاقامة الذهبية» and «الإقـامة» meet, and "Résidence" finds "residence".

/** Tashkeel (U+064B–U+065F), the superscript alef, tatweel, Quranic marks. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const LATIN_ACCENTS = /[\u0300-\u036F]/g;
const ALEF_FORMS = /[\u0623\u0625\u0622\u0671]/g; // أ إ آ ٱ
const BIDI_FORMATTING = /[\u200e\u200f\u061c\u2066-\u2069\u202a-\u202e]/g;

export function normalizeForSearch(text: string): string {
  return text
    .replace(BIDI_FORMATTING, '')
    .normalize('NFKD')
    .replace(LATIN_ACCENTS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(/\u0649/g, '\u064A') // ى → ي
    .replace(/\u0629/g, '\u0647') // ة → ه
    .replace(/\u0624/g, '\u0648') // ؤ → و
    .replace(/\u0626/g, '\u064A') // ئ → ي
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether any of the texts contains the query, compared in normalised form. */
export function matchesSearch(query: string, texts: readonly (string | null | undefined)[]): boolean {
  const q = normalizeForSearch(query);
  if (q === '') return true;
  return texts.some((t) => t != null && normalizeForSearch(t).includes(q));
}
