import { describe, expect, it } from 'vitest';
import { normalizeText, tokenize } from '../normalize';

describe('normalizeText', () => {
  it('removes Arabic diacritics (tashkeel, superscript alef) and tatweel', () => {
    expect(normalizeText('تَأْسِيسُ الشَّرِكَةِ')).toBe(normalizeText('تأسيس الشركة'));
    expect(normalizeText('هٰذا')).toBe('هذا');
    expect(normalizeText('شـــركة')).toBe('شركه');
  });

  it('folds alef forms, taa marbuta and alef maqsura', () => {
    expect(normalizeText('أإآٱا')).toBe('ااااا');
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

  it('leaves hamza on waw and yaa alone', () => {
    expect(normalizeText('مسؤول قائمة')).toBe('مسؤول قائمه');
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
