// @vitest-environment node
// The ways a visitor's word differs from the site's, read by mechanisms rather than lists:
// Arabizi's spellings, the dialects' verb affixes, English shorthand and misspelt function words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arabiziSpellings, readArabizi } from '../arabizi';
import { dialectForms, normalizeText, readArabizi as readInstalled, stemArabic, tokens } from '../normalize';
import { isMisspeltStopWord, shorthandFor } from '../spelling';

describe('Arabizi spellings', () => {
  it('include the site’s spelling of words no table lists', () => {
    // ضريبة (before its complement), شهادة, تأمين, بطاقة, مؤسسة: each read from its letters.
    const cases: [string, string][] = [
      ['dareebet', 'ضريبه'],
      ['shahadet', 'شهاده'],
      ['ta2meen', 'تامين'],
      ['bita2et', 'بطاقه'],
      ['se7i', 'صحي'],
      ['mo3amala', 'معامله'],
    ];
    for (const [written, arabic] of cases) expect(arabiziSpellings(written), written).toContain(normalizeText(arabic));
  });

  it('read a doubled consonant once and 2 as the hamza or as ق', () => {
    expect(arabiziSpellings('dayya3t')).toContain('ضيعت');
    expect(arabiziSpellings('ba2a')).toEqual(expect.arrayContaining(['باقه', 'باه']));
  });

  it('are bounded and never empty for any word of Latin letters and digits with a letter', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z2-9]{0,12}[a-z][a-z2-9]{0,12}$/), (word) => {
        const spellings = arabiziSpellings(word);
        expect(spellings.length).toBeGreaterThan(0);
        expect(spellings.length).toBeLessThanOrEqual(400);
        for (const s of spellings) expect(s).toMatch(/^[\u0621-\u064A]+$/);
      }),
    );
  });
});

describe('dialect verbs', () => {
  it('are read without the habitual, future and Maghrebi prefixes and the dialects’ endings', () => {
    expect(dialectForms('بتفتحوا')).toContain('تفتح');
    expect(dialectForms('هتاخد')).toContain('تاخد');
    expect(dialectForms('كتاخد')).toContain('تاخد');
    expect(dialectForms('تجددولي')).toContain('تجدد');
    expect(dialectForms('عندكن')).toContain('عند');
    expect(dialectForms('وبتقفلوا')).toContain('تقفل');
    expect(dialectForms('ابويا')).toContain('ابوي');
    // A word too short to hold a prefix and a verb keeps its letters.
    expect(dialectForms('بيت')).toEqual([]);
    expect(stemArabic('بيت')).toBe('بيت');
  });
});

describe('English shorthand', () => {
  const words = new Map([
    ['years', 'year'],
    ['package', 'packag'],
    ['government', 'government'],
    ['included', 'includ'],
    ['address', 'address'],
    ['card', 'card'],
    ['carry', 'carry'],
  ]);
  const df = new Map([...words.values()].map((t) => [t, 3]));

  it('stands for the index word that starts with it, or holds its letters in order', () => {
    expect(shorthandFor('yrs', words, df)).toBe('year');
    expect(shorthandFor('pkg', words, df)).toBe('packag');
    expect(shorthandFor('govt', words, df)).toBe('government');
    expect(shorthandFor('incl', words, df)).toBe('includ');
    expect(shorthandFor('addr', words, df)).toBe('address');
  });

  it('is never a short word of its own, and never Arabic', () => {
    expect(shorthandFor('car', words, df)).toBeNull();
    expect(shorthandFor('cards', words, df)).toBeNull();
    expect(shorthandFor('بطاق', words, df)).toBeNull();
  });

  it('tells a misspelt function word from a word of its own', () => {
    expect(isMisspeltStopWord('dose')).toBe(true); // does
    expect(isMisspeltStopWord('wat')).toBe(false); // a stop word already
    expect(isMisspeltStopWord('shoud')).toBe(true); // should
    expect(isMisspeltStopWord('life')).toBe(false); // not "like"
    expect(isMisspeltStopWord('visa')).toBe(false);
  });
});

describe('text-speak digits', () => {
  const terms = (q: string) => tokens(q, () => false).map((t) => t.term);

  it('are the words they sound like between words, and numbers before a unit', () => {
    expect(terms('tourist visa 4 my cousin')).not.toContain('4');
    expect(terms('mainland or fz which 1 better')).not.toContain('1');
    expect(terms('visa for 2 years')).toContain('2');
    expect(terms('up to 4 transactions')).toContain('4');
  });
});

describe('Arabizi in a long question', () => {
  it('is read in bounded time: spellings are tried for the first words only', () => {
    const question = 'dareebet mo3amala ta2meen '.repeat(2000);
    const start = performance.now();
    const read = readArabizi(question, () => false);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(read.split(' ')).toHaveLength(6000);
  });

  it('tries a question’s spellings once, though the assistant reads it twice', () => {
    let asked = 0;
    const known = (term: string) => {
      asked += 1;
      return term === 'رخص';
    };
    const question = normalizeText('kam ta5od el ro5sa');
    const first = readInstalled(question, known);
    const askedOnce = asked;
    expect(askedOnce).toBeGreaterThan(0);
    expect(readInstalled(question, known)).toBe(first);
    expect(asked).toBe(askedOnce);
    // Another question, or another index, is read afresh.
    readInstalled(question, (term) => known(term));
    expect(asked).toBeGreaterThan(askedOnce);
  });
});
