// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { arabiziToArabic, readArabizi } from '../arabizi';
import { normalizeText, stemArabic, stemEnglish, tokenize, tokens } from '../normalize';

describe('normalizeText', () => {
  it('removes Arabic diacritics (tashkeel, superscript alef) and tatweel', () => {
    expect(normalizeText('تَأْسِيسُ الشَّرِكَةِ')).toBe(normalizeText('تأسيس الشركة'));
    expect(normalizeText('هٰذا')).toBe('هذا');
    expect(normalizeText('شـــركة')).toBe('شركه');
  });

  it('drops bidi isolates and marks without splitting the words they touch', () => {
    expect(normalizeText('رقم \u2066050 123\u2069 و\u2066VAT\u2069\u200f')).toBe('رقم 050 123 وvat');
    expect(tokenize('ضريبة \u2066VAT\u2069')).toEqual(tokenize('ضريبة VAT'));
  });

  it('folds alef forms, taa marbuta and alef maqsura', () => {
    expect(normalizeText('أ إ آ ٱ ا')).toBe('ا ا ا ا ا');
    // Two alefs in a row are a slip: «اأسس» is «أسس».
    expect(normalizeText('ابي اأسس شركة')).toBe('ابي اسس شركه');
    expect(normalizeText('إنشاء')).toBe('انشاء');
    expect(normalizeText('شركة')).toBe('شركه');
    expect(normalizeText('إلى مستشفى')).toBe('الي مستشفي');
  });

  it('turns Arabic-Indic and Extended Arabic-Indic digits into ASCII digits', () => {
    expect(normalizeText('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeText('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeText('من ٢ إلى ١٠ أيام')).toBe('من 2 الي 10 ايام');
  });

  it('lowercases Latin, drops accents and punctuation, collapses spaces', () => {
    expect(normalizeText('  How LONG does   Company-Formation take?! ')).toBe('how long does company formation take');
    expect(normalizeText('Résumé, café.')).toBe('resume cafe');
    expect(normalizeText('«كم تستغرق المعاملات؟»')).toBe('كم تستغرق المعاملات');
  });

  it('folds hamza on waw and yaa, as visitors often leave it out', () => {
    expect(normalizeText('مسؤول قائمة')).toBe(normalizeText('مسوول قايمه'));
    expect(normalizeText('مسؤول قائمة')).toBe('مسوول قايمه');
  });

  it('writes the percent sign as a word, so "9%" and «٩٪» are found', () => {
    expect(normalizeText('9%')).toBe('9 percent');
    expect(normalizeText('٩٪')).toBe('9 percent');
  });

  it('folds the Persian and Urdu letters onto the Arabic ones, so every Arabic-script language meets one form', () => {
    // Farsi keyboards type ی and ک; Arabic ones ي and ك; Urdu writes ہ and ۀ for ه.
    expect(normalizeText('ویزای طلایی کاری')).toBe(normalizeText('ويزاي طلايي كاري'));
    expect(normalizeText('شرکت')).toBe('شركت');
    expect(normalizeText('خانۀ')).toBe(normalizeText('خانه'));
    expect(normalizeText('کمپنی ہے')).toBe('كمپني هے');
    expect(normalizeText('۱۰ روز')).toBe('10 روز');
  });
});

describe('tokenize', () => {
  it('drops stop words in both languages', () => {
    expect(tokenize('How long does the company formation take?')).toEqual(['long', 'company', 'formation', 'take']);
    expect(tokenize('كم يستغرق تأسيس الشركة في دبي؟')).toEqual(['يستغرق', 'تاسيس', 'شرك', 'دبي']);
  });

  it('strips the Arabic article and the particles fused to it', () => {
    expect(tokenize('الإقامة')).toEqual(tokenize('إقامة'));
    expect(tokenize('والرخص بالتأشيرة للشركات')).toEqual(['رخص', 'تاشير', 'شرك']);
    expect(tokenize('فالمستندات كالعادة')).toEqual(['مستند', 'عاد']);
  });

  it('gives singular and plural the same term', () => {
    expect(tokenize('الشركة')).toEqual(tokenize('الشركات'));
    expect(tokenize('licences')).toEqual(tokenize('licence'));
    expect(tokenize('companies')).toEqual(['company']);
  });

  it('keeps short words whole', () => {
    expect(tokenize('وقت الى مدة')).toEqual(['وقت', 'مده']);
  });
});

describe('the Arabic light stemmer', () => {
  const same = (...words: string[]) => new Set(words.map((w) => stemArabic(normalizeText(w)))).size;

  it('joins the forms visitors mix: article, particles, plural, feminine, nisba, pronouns', () => {
    expect(same('الشركة', 'شركة', 'الشركات', 'للشركات', 'بالشركات', 'والشركات', 'شركاتنا')).toBe(1);
    expect(same('المستندات', 'مستندات', 'مستند')).toBe(1);
    expect(same('إيجاري', 'الإيجار', 'ايجار', 'إيجار')).toBe(1);
    expect(same('الهوية', 'هوية', 'بالهوية', 'هويتي'.replace('تي', 'ة'))).toBe(1);
    expect(same('الإماراتية', 'الإمارات', 'إماراتي')).toBe(1);
    expect(same('الموظفين', 'موظفون', 'موظف')).toBe(1);
    expect(same('الذهبية', 'ذهبي')).toBe(1);
  });

  it('takes "my", "your" and "our" off a noun whose taa marbuta they follow', () => {
    expect(same('الشركة', 'شركتي', 'شركتك', 'شركتنا', 'شركتكم', 'لشركتك'.slice(1))).toBe(1);
    expect(same('الرخصة', 'رخصتي', 'رخصتك')).toBe(1);
    expect(same('الهوية', 'هويتي')).toBe(1);
    expect(same('المستندات', 'مستنداتك', 'مستنداتي')).toBe(1);
    // A word's own final ت stays when too little would be left.
    expect(stemArabic('وقتك')).toBe('وقت');
  });

  it('keeps a nisba on a three-letter noun apart from the noun: golden is not gold', () => {
    expect(same('الذهبية', 'ذهبية', 'الذهبي')).toBe(1);
    expect(same('الذهب', 'الذهبية')).toBe(2);
    expect(same('عمل', 'العملية')).toBe(2);
    // On a longer noun the nisba still meets it.
    expect(same('التجارية', 'تجاري', 'التجار')).toBe(1);
    expect(same('السياحية', 'السياحة')).toBe(1);
  });

  it('never leaves fewer than three letters', () => {
    expect(stemArabic('سنه')).toBe('سنه');
    expect(stemArabic('دبي')).toBe('دبي');
    expect(stemArabic('طبيه')).toBe('طبي');
  });

  it('keeps a bare initial و, and gives the form without it as a variant', () => {
    expect(tokens('واتساب')).toEqual([{ term: 'واتساب', withoutAnd: 'اتساب' }]);
    expect(tokens('وتأشيرات')).toEqual([{ term: 'وتاشير', withoutAnd: 'تاشير' }]);
    expect(tokens('والتأشيرات')).toEqual([{ term: 'تاشير', withoutAnd: null }]);
    expect(tokens('الواتساب')).toEqual([{ term: 'واتساب', withoutAnd: null }]);
  });

  it('drops a stop word with the conjunction و fused to it', () => {
    expect(tokenize('عندي رخصة وابغى اضيف نشاط')).toEqual(['رخص', 'اضيف', 'نشاط']);
    expect(tokenize('هو انتو بتشتغلوا يوم الجمعة')).toEqual(['بتشتغلوا', 'جمع']);
  });

  it('drops dialect fillers and the verbs of asking', () => {
    expect(tokenize('شو الأوراق المطلوبة لو سمحت؟')).toEqual(['اوراق', 'مطلوب']);
    expect(tokenize('وين مكتبكم؟')).toEqual(['مكتب']);
    expect(tokenize('هل تتعاملون مع الأفراد؟')).toEqual(['افراد']);
  });
});

describe('a question read with the vocabulary of the index', () => {
  const vocabulary = (...terms: string[]) => (term: string) => terms.includes(term);

  it('reads a preposition fused to a word the index does not hold without it', () => {
    expect(tokens('ابغى PRO لشركتي', vocabulary('pro', 'شرك'))).toEqual([
      { term: 'pro', withoutAnd: null },
      { term: 'شرك', withoutAnd: null },
    ]);
    // Both readings, when the index holds both («لشركتك» in its text).
    expect(tokens('لشركتي', vocabulary('لشرك', 'شرك'))).toEqual([{ term: 'لشرك', withoutAnd: 'شرك' }]);
    expect(tokens('بمعاملتي', vocabulary('معامل'))).toEqual([{ term: 'معامل', withoutAnd: null }]);
  });

  it('reads "my" on a three-letter noun when the index holds the noun but not the adjective', () => {
    expect(tokens('ملفي', vocabulary('ملف')).map((t) => t.term)).toEqual(['ملف']);
    expect(tokens('عقدي', vocabulary('عقد')).map((t) => t.term)).toEqual(['عقد']);
    expect(tokens('الذهبي', vocabulary('ذهبي', 'ذهب')).map((t) => t.term)).toEqual(['ذهبي']);
  });

  it('reads a verb in the person the index uses', () => {
    // «أضيف» ("I add") is the index's «نضيف» ("we add").
    expect(tokens('اضيف نشاط', vocabulary('نضيف', 'نشاط')).map((t) => t.term)).toEqual(['نضيف', 'نشاط']);
  });

  it('leaves a word the index holds in no form as it is', () => {
    expect(tokens('كم سعر الذهب اليوم', vocabulary('سعر', 'ذهبي')).map((t) => t.term)).toEqual(['سعر', 'ذهب']);
  });
});

describe('how UAE clients write', () => {
  it('drops the Gulf, Egyptian and Levantine fillers and the verbs of doing', () => {
    expect(tokenize('ابغى اسوي اقامة ذهبية')).toEqual(tokenize('إقامة ذهبية'));
    expect(tokenize('عايز اعمل رخصة')).toEqual(['رخص']);
    expect(tokenize('بدي ترجمة')).toEqual(['ترجم']);
    expect(tokenize('حاب اعرف قديش الرسوم')).toEqual(['رسوم']);
    expect(tokenize('ايمتى امتى شنو ايه اللي الحين بعدين')).toEqual([]);
    expect(tokenize('شو يشمل الـ Growth package')).toEqual(['يشمل', 'growth', 'packag']);
  });

  it('keeps the days of the week, and drops the «يوم» that names one', () => {
    expect(tokenize('هل تشتغلون يوم الأحد؟')).toEqual(['تشتغل', 'احد']);
    expect(tokenize('يوم الجمعة')).toEqual(['جمع']);
    expect(tokenize('كم يوم')).toEqual(['يوم']);
    // «أحد» alone is "anyone", still a stop word.
    expect(tokenize('ابي احد يكلمني')).toEqual(['يكلمن']);
  });

  it('meets the missing hamzas and dots, ى/ي, ة/ه and Arabic-Indic digits on one form', () => {
    expect(tokenize('التاشيره')).toEqual(tokenize('التأشيرة'));
    expect(tokenize('اقامه')).toEqual(tokenize('إقامة'));
    expect(tokenize('الفحص الطبى')).toEqual(tokenize('الفحص الطبي'));
    expect(tokenize('ضريبة ٩٪')).toEqual(tokenize('ضريبة 9%'));
  });
});

describe('Arabizi', () => {
  const none = () => false;

  it('writes the frequent Arabizi words as the Arabic they stand for', () => {
    expect(['ro5sa', 'ta5od', '3ayez', 'e2ama', 'tasheera', 'mandoob', 'fa7s'].map(arabiziToArabic)).toEqual(
      ['رخصه', 'تاخذ', 'عايز', 'اقامه', 'تاشيره', 'مندوب', 'فحص'],
    );
    expect(arabiziToArabic('el')).toBe('');
  });

  it('writes other words letter by letter, digits for the letters Latin lacks, short vowels dropped', () => {
    expect(arabiziToArabic('5edma')).toBe('خدمه');
    expect(arabiziToArabic('ma7kama')).toBe('محكمه');
    expect(arabiziToArabic('kitabi')).toBe('كتبي');
    expect(arabiziToArabic('shukri')).toBe('شكري');
    expect(arabiziToArabic('amaken')).toBe('امكن');
  });

  it('reads a question in Arabic when the index does not hold its Latin words', () => {
    expect(readArabizi('kam ta5od el ro5sa', none)).toBe('كم تاخذ رخصه');
    expect(tokens('kam ta5od el ro5sa', none).map((t) => t.term)).toEqual(['تاخذ', 'رخص']);
    expect(tokens('3ayez e2ama', none).map((t) => t.term)).toEqual(tokenize('إقامة'));
  });

  it('writes a doubled consonant once, as Arabic writes a shadda', () => {
    expect(arabiziToArabic('ajadded')).toBe('اجدد');
    expect(arabiziToArabic('hawiyya')).toBe('هويه');
  });

  it('reads the other unknown Latin words of a question that is surely Arabizi', () => {
    // "wein" is a question word of the dictionary; "maktabkom" has no digit but is Arabizi too.
    expect(readArabizi('wein maktabkom', none)).toBe('وين مكتبكم');
    expect(readArabizi('ana 3ayez a3mel sherka fel free zone', (t) => t === 'free' || t === 'zone')).toBe('انا عايز اعمل شركه free zone');
    // A topic word of the dictionary ("viza") is no proof: "goldn" stays a misspelt English word.
    expect(readArabizi('goldn viza', none)).toBe('goldn فيزا');
  });

  it('never reads ordinary English, a word the index holds, or the index itself as Arabizi', () => {
    expect(readArabizi('how long does a visa take', none)).toBe('how long does a visa take');
    expect(readArabizi('ejari kam', (t) => t === 'ejari')).toBe('ejari كم');
    expect(tokenize('ta5od ejari')).toEqual(['ta5od', 'ejari']);
  });
});

describe('the English light stemmer', () => {
  it('removes plural, -ing, -ed and a final e, undoubling consonants', () => {
    expect(['companies', 'company'].map(stemEnglish)).toEqual(['company', 'company']);
    expect(['taxes', 'tax'].map(stemEnglish)).toEqual(['tax', 'tax']);
    expect(['licences', 'licence'].map(stemEnglish)).toEqual(['licenc', 'licenc']);
    expect(['required', 'requires', 'require'].map(stemEnglish)).toEqual(['requir', 'requir', 'requir']);
    expect(['setting', 'set'].map(stemEnglish)).toEqual(['set', 'set']);
    expect(['working', 'worked', 'works'].map(stemEnglish)).toEqual(['work', 'work', 'work']);
    expect(['process', 'processing', 'business', 'visa', 'visas'].map(stemEnglish)).toEqual(['process', 'process', 'business', 'visa', 'visa']);
  });

  it('leaves short words and numbers whole', () => {
    expect(['vat', 'pro', 'id', '2023', 'fee'].map(stemEnglish)).toEqual(['vat', 'pro', 'id', '2023', 'fee']);
  });
});
