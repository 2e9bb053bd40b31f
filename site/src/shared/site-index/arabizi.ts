// Every plausible Arabic spelling of an Arabizi word ("dareebet" → «ضريبت», «ضريبه», «دريبه»…),
// by rules rather than a dictionary: Latin letters that stand for more than one Arabic letter
// (d for د ض ذ, s for س ص, t for ت ط, h for ه ح, k for ك ق, g for ج ق غ), the digits (2 for
// the hamza, or ق as Egyptians and Levantines say it; 8 and 9 for ق غ ص), short vowels that
// Arabic does not write or long ones it does, and the endings of a feminine noun («-a», «-et»
// before its complement: "shahadet el jam3a" is «شهادة الجامعة»). The answerer keeps the
// spellings the index holds (normalize.ts's readArabizi), so a visitor's own way of writing
// meets the site's word. This module is a chunk of its own with the reading below, which it
// installs in normalize.ts when it loads.
import { dialectForms, installArabiziReader, isStopWord, MIN_ARABIC_STEM, stem, stemArabic, stemEnglish } from './normalize';

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

/*
 * Arabizi: Arabic typed in Latin letters, with digits for the letters Latin lacks
 * ("kam ta5od el ro5sa" = «كم تاخذ الرخصة»). A question's Latin word is read as Arabizi when
 * the index does not hold it (so "ejari" stays English on the English index) and it either
 * carries one of those digits next to a letter or is a frequent Arabizi word below. It is then
 * written in Arabic and searched like any Arabic word: on the English index, the synonym table
 * leads it to the English words (رخصة → licence).
 */
const ARABIZI_DIGITS = /[a-z][2356789]|[2356789][a-z]/;

/**
 * Frequent Arabizi words and the Arabic they stand for (already in normalised form). The
 * letter table below gets most other words close enough for the spelling correction; these
 * are the ones it gets wrong (short vowels, ق written g or 2) or that are only fillers ('').
 */
const ARABIZI_WORDS = new Map<string, string>(Object.entries({
  // Fillers, pronouns and question words (mostly stop words once in Arabic).
  el: '', al: '', il: '', lel: '', lil: '', fi: '', fe: '', bi: '', ya: '', wa: '', fel: '', fil: '', bel: '', bil: '', wel: '',
  ana: 'انا', ani: 'انا', enta: 'انت', inta: 'انت', ento: 'انتم', into: 'انتم', e7na: 'نحن', ehna: 'نحن',
  abi: 'ابي', abee: 'ابي', abgha: 'ابغي', abga: 'ابغي', abghi: 'ابغي', '3ayez': 'عايز', '3ayz': 'عايز',
  '3aiz': 'عايز', '3awez': 'عاوز', '3ayza': 'عايزه', bade: 'بدي', badi: 'بدي', biddi: 'بدي', bedi: 'بدي',
  '7ab': 'حاب', '7abeb': 'حابب', kam: 'كم', kem: 'كم', kaam: 'كام', bkam: 'بكم', bikam: 'بكم', b2adesh: 'قديش',
  adesh: 'قديش', '2adesh': 'قديش', shu: 'شو', sho: 'شو', shoo: 'شو', esh: 'ايش', eish: 'ايش', aish: 'ايش',
  wesh: 'وش', shno: 'شنو', shino: 'شنو', eh: 'ايه', eih: 'ايه', emta: 'امتي', imta: 'امتي', emata: 'امتي',
  mata: 'متي', wen: 'وين', wein: 'وين', ween: 'وين', kaif: 'كيف', kif: 'كيف', keef: 'كيف',
  hal: 'هل', mumkin: 'ممكن', momken: 'ممكن', mumken: 'ممكن', lazem: 'لازم', lazim: 'لازم', laazim: 'لازم',
  // The topics and the question's intents.
  ta5od: 'تاخذ', takhod: 'تاخذ', takhodh: 'تاخذ', ta5edh: 'تاخذ', ta5ed: 'تاخذ', ya5od: 'ياخذ', yakhod: 'ياخذ',
  bta5od: 'تاخذ', btakhod: 'تاخذ', ro5sa: 'رخصه', rukhsa: 'رخصه', rokhsa: 'رخصه', ru5sa: 'رخصه', rokhsah: 'رخصه',
  e2ama: 'اقامه', iqama: 'اقامه', eqama: 'اقامه', igama: 'اقامه', iqamah: 'اقامه', eqamah: 'اقامه',
  tasheera: 'تاشيره', ta2shira: 'تاشيره', ta2sheera: 'تاشيره', tashira: 'تاشيره', tasheerat: 'تاشيرات',
  fiza: 'فيزا', viza: 'فيزا', sharika: 'شركه', sherka: 'شركه', shirka: 'شركه', sharka: 'شركه', sharikat: 'شركات',
  mandoob: 'مندوب', mandub: 'مندوب', mandoub: 'مندوب', ejari: 'ايجاري', ijari: 'ايجاري', eijari: 'ايجاري',
  hawiya: 'هويه', hawiyya: 'هويه', hawya: 'هويه', hawiyah: 'هويه', fa7s: 'فحص', fahs: 'فحص', tebi: 'طبي',
  tibbi: 'طبي', tobi: 'طبي', awraq: 'اوراق', awra2: 'اوراق', awrag: 'اوراق', matloob: 'مطلوب', matloba: 'مطلوبه',
  matlooba: 'مطلوبه', mustanadat: 'مستندات', mostanadat: 'مستندات', yom: 'يوم', youm: 'يوم', ayam: 'ايام',
  sana: 'سنه', sanah: 'سنه', sanawat: 'سنوات', se3r: 'سعر', si3r: 'سعر', sa3r: 'سعر', as3ar: 'اسعار',
  baqa: 'باقه', ba2a: 'باقه', baga: 'باقه', asasiya: 'اساسيه', asasiyya: 'اساسيه', shamla: 'شامله',
  shamila: 'شامله', tajdeed: 'تجديد', tajdid: 'تجديد', jdeed: 'جديد', jdeda: 'جديده', jadeeda: 'جديده',
  zawjti: 'زوجتي', zoujti: 'زوجتي', lzawjti: 'زوجتي', zawja: 'زوجه', '3eyal': 'عيال', '3yal': 'عيال',
  awladi: 'اولادي', ziyara: 'زياره', zeyara: 'زياره', zyara: 'زياره', ta2sees: 'تاسيس', tasees: 'تاسيس',
  taasis: 'تاسيس', tarjama: 'ترجمه', tarjame: 'ترجمه', tasdeeq: 'تصديق', tasdiq: 'تصديق', tasdee2: 'تصديق',
  shahada: 'شهاده', shehada: 'شهاده', shahadat: 'شهادات', dawam: 'دوام', dawamkom: 'دوامكم',
  dwamkom: 'دوامكم', sa3at: 'ساعات', saa3at: 'ساعات', tefta7on: 'تفتحون', tfta7on: 'تفتحون',
  teftahon: 'تفتحون', tsakron: 'تسكرون', tsakkron: 'تسكرون', tegfelon: 'تقفلون', t2flon: 'تقفلون',
  tshtaghlon: 'تشتغلون', raqam: 'رقم', ra2am: 'رقم', rakam: 'رقم', raqamkom: 'رقمكم', ra2amkom: 'رقمكم',
  dhahabiya: 'ذهبيه', thahabiya: 'ذهبيه', dahabiya: 'ذهبيه', dareeba: 'ضريبه',
  dariba: 'ضريبه', daribe: 'ضريبه', shahri: 'شهري', tasree7: 'تصريح', tasri7: 'تصريح', '3amal': 'عمل',
}));

/** Latin letters and Arabizi digits → Arabic letters, the digraphs first. */
const ARABIZI_LETTERS: [string, string][] = [
  ['sh', 'ش'], ['ch', 'ش'], ['kh', 'خ'], ['gh', 'غ'], ['th', 'ث'], ['dh', 'ذ'], ['aa', 'ا'], ['ee', 'ي'],
  ['ii', 'ي'], ['ei', 'ي'], ['ai', 'ي'], ['oo', 'و'], ['ou', 'و'], ['2', 'ا'], ['3', 'ع'], ['5', 'خ'],
  ['6', 'ط'], ['7', 'ح'], ['8', 'ق'], ['9', 'ص'], ['b', 'ب'], ['p', 'ب'], ['t', 'ت'], ['j', 'ج'],
  ['g', 'ج'], ['d', 'د'], ['r', 'ر'], ['z', 'ز'], ['s', 'س'], ['f', 'ف'], ['v', 'ف'], ['q', 'ق'],
  ['k', 'ك'], ['c', 'ك'], ['l', 'ل'], ['m', 'م'], ['n', 'ن'], ['h', 'ه'], ['w', 'و'], ['y', 'ي'], ['x', 'كس'],
];

/**
 * An Arabizi word in Arabic letters. Short vowels are not written in Arabic: a word-initial
 * vowel is an alef, a final a/e a taa marbuta (normalised ه), a final i/y a yaa, a final o/u a
 * waw, the vowels between consonants are dropped («sharika» → «شركه») and a doubled
 * consonant is written once.
 */
export function arabiziToArabic(written: string): string {
  // A doubled consonant is one letter with a shadda, which Arabic does not write: "ajadded" is «اجدد».
  const word = ARABIZI_WORDS.has(written) ? written : written.replace(/([b-df-hj-np-tv-z])\1/g, '$1');
  const known = ARABIZI_WORDS.get(word);
  if (known !== undefined) return known;
  let out = '';
  let i = 0;
  while (i < word.length) {
    const rest = word.slice(i);
    const pair = ARABIZI_LETTERS.find(([latin]) => rest.startsWith(latin));
    if (pair) {
      out += pair[1];
      i += pair[0].length;
      continue;
    }
    const last = i === word.length - 1;
    if (i === 0) out += '\u0627';
    else if (last && /[ae]/.test(rest)) out += '\u0647';
    else if (last && rest === 'i') out += '\u064A';
    else if (last && /[ou]/.test(rest)) out += '\u0648';
    i++;
  }
  return out;
}

/** Whether a normalised Latin word the index does not hold (`known` says) is Arabizi. */
function isArabizi(word: string, known: (term: string) => boolean): boolean {
  if (!/^[a-z0-9]+$/.test(word) || !/[a-z]/.test(word) || known(stemEnglish(word))) return false;
  return ARABIZI_DIGITS.test(word) || ARABIZI_WORDS.has(word);
}

/**
 * A normalised question with its Arabizi words written in Arabic ("kam ta5od el ro5sa" →
 * «كم تاخذ رخصه»); `known` tells which terms the index holds, which are never Arabizi. In a
 * question that is surely Arabizi (a word with a digit, or one of the dictionary's question
 * words, pronouns and verbs of wanting: "wein", "shu", "3ayez"), the other Latin words the
 * index does not hold, English stop words aside, are Arabizi too: "wein maktabkom" is
 * «وين مكتبكم».
 */
function readArabizi(normalized: string, known: (term: string) => boolean): string {
  const words = normalized.split(' ');
  const surely = words.some((w) => isArabizi(w, known) && (ARABIZI_DIGITS.test(w) || isStopWord(ARABIZI_WORDS.get(w) ?? '')));
  const arabizi = (w: string) =>
    isArabizi(w, known) || (surely && /^[a-z]+$/.test(w) && w.length > 1 && !isStopWord(w) && !known(stemEnglish(w)));
  // Spellings are tried for the first SPELLED_WORDS Arabizi words only (a pasted page is not a
  // question); the others get the letter table's.
  let spelled = 0;
  return words
    .map((word) => (arabizi(word) ? (spelled++ < SPELLED_WORDS ? readArabiziWord(word, known) : arabiziToArabic(word)) : word))
    .filter(Boolean)
    .join(' ');
}

/** How many of a question's Arabizi words are tried in every spelling (see readArabizi). */
const SPELLED_WORDS = 24;

/**
 * An Arabizi word in Arabic: the dictionary's, or the first of its plausible spellings
 * (arabizi.ts) whose stem the index holds, read as a question's word is (a dialect's verb,
 * «ما» before it…); failing that, the letter table's spelling, for the spelling correction.
 */
function readArabiziWord(word: string, known: (term: string) => boolean): string {
  if (ARABIZI_WORDS.has(word)) return arabiziToArabic(word);
  const holds = (spelling: string) =>
    known(stemArabic(spelling)) || known(stemArabic(spelling, MIN_ARABIC_STEM)) || dialectForms(spelling).some((f) => known(stem(f)));
  return arabiziSpellings(word).find(holds) ?? arabiziToArabic(word);
}

/** The last question read: a question is read twice (its words, then what it asks for). */
let lastRead: { normalized: string; known: (term: string) => boolean; read: string } | null = null;

/** readArabizi, its spellings tried once per question (up to 400 a word). */
function readArabiziOnce(normalized: string, known: (term: string) => boolean): string {
  if (lastRead?.normalized === normalized && lastRead.known === known) return lastRead.read;
  const read = readArabizi(normalized, known);
  lastRead = { normalized, known, read };
  return read;
}

installArabiziReader(readArabiziOnce);

export { readArabizi };
