// Words typed other than the index writes them: slips of the fingers (edit distance) and the
// shorthand of text messages ("yrs", "pkg", "govt", "incl", "sun" for Sunday), found against
// the index's own words, so that they carry over to any word the site uses, not to a list.
import { LATIN_STOP_WORDS, isStopWord } from './normalize';
/**
 * Edit distance with adjacent transpositions (optimal string alignment: "tranlsation" is one
 * edit from "translation", as a slip of two fingers is one mistake), at most `max` + 1
 * (enough to say "too far").
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    // No later row has a smaller least value (a transposition from two rows up costs no less
    // than the row between already holds), so a row all over `max` ends the search.
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

export const LATIN_WORD = /^[a-z]+$/;

/** Length of the common start of two words. */
export function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Whether every letter of `short` appears in `long`, in order. */
function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (const c of long) if (c === short[i]) i++;
  return i === short.length;
}

/**
 * A shorthand is 3 to 5 letters; the word it stands for is at least two letters longer ("car"
 * is not "card") and at most this many times as long.
 */
const SHORTHAND_MIN = 3;
const SHORTHAND_MAX = 5;
const SHORTHAND_STRETCH = 4;

/**
 * The index term an English shorthand stands for, or null: a word of the index that starts
 * with it ("incl" → included, "addr" → address; four letters or more) or, failing that, that
 * holds its letters in order from the same first letter to the same last, in the word or its
 * stem ("yrs" → years, "pkg" → package, "govt" → government; three letters only without a
 * vowel). Of several, the most frequent in the index (a visitor's
 * shorthand is for a word the site says often); `words` maps each written word to its term.
 */
export function shorthandFor(term: string, words: Map<string, string>, df: Map<string, number>): string | null {
  if (!LATIN_WORD.test(term) || term.length < SHORTHAND_MIN || term.length > SHORTHAND_MAX) return null;
  let best: { term: string; prefix: boolean; df: number } | null = null;
  for (const [written, candidate] of words) {
    if (written.length < term.length + 2 || written.length > term.length * SHORTHAND_STRETCH || written[0] !== term[0]) continue;
    // Three letters with a vowel are a word of their own ("car"), not a shorthand ("yrs").
    const prefix = written.startsWith(term) && term.length > SHORTHAND_MIN;
    if (term.length === SHORTHAND_MIN && /[aeiou]/.test(term)) return null;
    const ends = written.endsWith(term.slice(-1)) || candidate.endsWith(term.slice(-1));
    if (!prefix && !(ends && isSubsequence(term, written))) continue;
    const count = df.get(candidate) ?? 0;
    if (!best || (prefix && !best.prefix) || (prefix === best.prefix && count > best.df)) best = { term: candidate, prefix, df: count };
  }
  return best?.term ?? null;
}

/**
 * Whether an English word the index does not hold is a function word with a slip in it
 * ("dose" for "does", "wat" for "what"): a stop word of 4 letters or more with one letter left
 * out, or two neighbours swapped; another letter makes another word ("life" is not "like"). Such
 * a word says nothing of the topic, and must not count as one the site does not cover.
 */
export function isMisspeltStopWord(term: string): boolean {
  if (!LATIN_WORD.test(term) || term.length < 3 || isStopWord(term)) return false;
  const swapped = (w: string) => w.length === term.length && [...w].sort().join('') === [...term].sort().join('');
  return LATIN_STOP_WORDS.some(
    (w) => w.length >= 4 && (w.length === term.length + 1 || swapped(w)) && editDistance(term, w, 1) <= 1,
  );
}
