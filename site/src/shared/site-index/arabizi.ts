// Every plausible Arabic spelling of an Arabizi word ("dareebet" → «ضريبت», «ضريبه», «دريبه»…),
// by rules rather than a dictionary: Latin letters that stand for more than one Arabic letter
// (d for د ض ذ, s for س ص, t for ت ط, h for ه ح, k for ك ق, g for ج ق غ), the digits (2 for
// the hamza, or ق as Egyptians and Levantines say it; 8 and 9 for ق غ ص), short vowels that
// Arabic does not write or long ones it does, and the endings of a feminine noun («-a», «-et»
// before its complement: "shahadet el jam3a" is «شهادة الجامعة»). The answerer keeps the
// spellings the index holds (normalize.ts's readArabizi), so a visitor's own way of writing
// meets the site's word.

/** Each Latin spelling, longest first, with the Arabic letters it may stand for ('' for none). */
const LETTERS: [string, string[]][] = [
  ['sh', ['ش']], ['ch', ['ش']], ['kh', ['خ']], ['gh', ['غ']], ['th', ['ث', 'ذ', 'ت']], ['dh', ['ذ', 'ض', 'ظ']],
  ['aa', ['ا']], ['ee', ['ي']], ['ii', ['ي']], ['ei', ['ي']], ['ai', ['ي', 'ا']], ['ay', ['اي', 'ي']], ['oo', ['و']],
  ['ou', ['و']], ['ow', ['و']],
  ['2', ['ا', 'ق', '']], ['3', ['ع']], ['5', ['خ']], ['6', ['ط']], ['7', ['ح']], ['8', ['ق', 'غ']], ['9', ['ص', 'ق']],
  ['b', ['ب']], ['p', ['ب']], ['t', ['ت', 'ط']], ['j', ['ج']], ['g', ['ج', 'ق', 'غ']], ['d', ['د', 'ض', 'ذ']],
  ['r', ['ر']], ['z', ['ز', 'ظ', 'ذ']], ['s', ['س', 'ص']], ['f', ['ف']], ['v', ['ف']], ['q', ['ق']],
  ['k', ['ك', 'ق']], ['c', ['ك']], ['l', ['ل']], ['m', ['م']], ['n', ['ن']], ['h', ['ه', 'ح']], ['w', ['و']],
  ['y', ['ي']], ['x', ['كس']],
  // Short vowels are mostly not written; a long one is.
  ['a', ['', 'ا']], ['e', ['', 'ي']], ['i', ['', 'ي']], ['o', ['', 'و']], ['u', ['', 'و']],
];
/** A word's first vowel is written as an alef («eqama» → «اقامة»). */
const FIRST_VOWEL = ['ا'];
/** A word's last vowel: a/e the feminine ending (normalised ه) or an alef; i/y a yaa; o/u a waw. */
const LAST_VOWEL: Record<string, string[]> = { a: ['ه', 'ا', ''], e: ['ه', ''], i: ['ي'], y: ['ي'], o: ['و', ''], u: ['و', ''] };
/** At most this many spellings of one word (a long word with many vowels has thousands). */
const MAX_SPELLINGS = 400;

/**
 * The Arabic spellings of a lowercase Arabizi word, the likeliest first (each letter's first
 * reading first), at most MAX_SPELLINGS. A doubled consonant is one letter (Arabic writes the
 * shadda, which the index drops); a final "et", "at" or "it" is also read as the feminine
 * ending before a complement.
 */
export function arabiziSpellings(written: string): string[] {
  const word = written.replace(/([b-df-hj-np-tv-z])\1/g, '$1');
  const forms = /[aei]t$/.test(word) && word.length > 3 ? [word, `${word.slice(0, -2)}a`] : [word];
  const out = new Set<string>();
  for (const form of forms) for (const spelling of spell(form)) out.add(spelling);
  return [...out].slice(0, MAX_SPELLINGS);
}

function spell(word: string): string[] {
  let partial = [''];
  let i = 0;
  while (i < word.length) {
    const rest = word.slice(i);
    const [latin, arabic] = LETTERS.find(([l]) => rest.startsWith(l)) ?? [rest[0]!, ['']];
    const vowel = /^[aeiouy]$/.test(latin);
    const last = i + latin.length === word.length;
    const options = vowel && i === 0 ? FIRST_VOWEL : vowel && last && word.length > 2 ? (LAST_VOWEL[latin] ?? arabic) : arabic;
    partial = partial.flatMap((p) => options.map((o) => p + o)).slice(0, MAX_SPELLINGS);
    i += latin.length;
  }
  return partial.filter(Boolean);
}
