// @vitest-environment node
// Who a message is from, as the table's limits count senders, and the rewritings that must not
// make one sender look like several: the cases in sender-cases.json, which
// scripts/test-contact-sql.sh gives docs/contact-messages.sql's functions too. And the format
// checks that refuse invisible characters in an e-mail address or a phone number, as the table's
// checks do (rules.test.ts compares the character lists).
import { describe, expect, it } from 'vitest';
import cases from './sender-cases.json';
import { INVISIBLE, contactEmailKey, contactPhoneKey, hasInvisible } from '../sender';
import { fieldError, isDialable, isEmail, normalEmail, trimmed } from '../validate';

const MESSAGE = { fullName: 'Sara Ali', email: 'sara@example.com', phone: '+971 50 123 4567', message: 'I need a trade licence.' };

/** The ranges of code points INVISIBLE matches. */
const RANGES: [number, number][] = [];
for (let c = 0; c <= 0x10ffff; c++) {
  if (!INVISIBLE.test(String.fromCodePoint(c))) continue;
  const last = RANGES.at(-1);
  if (last && last[1] === c - 1) last[1] = c;
  else RANGES.push([c, c]);
}
/** Every invisible character: each range's first, last and middle code points. */
const INVISIBLES = [...new Set(RANGES.flatMap(([a, b]) => [a, b, Math.floor((a + b) / 2)]))].map((c) => String.fromCodePoint(c));
const name = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('the sender the limits count', () => {
  it.each(cases.phones)('the phone %s is %s (E.164)', (phone, key) => {
    expect(contactPhoneKey(phone)).toBe(key);
  });

  it.each(cases.emails)('the e-mail address %s is %s', (email, key) => {
    expect(contactEmailKey(email)).toBe(key);
  });

  it("the issue's rewritings of one customer are that customer", () => {
    for (const phone of ['+971 (0)50 123 4567', '+9710501234567', '000971501234567', '0097105 0123 4567', '٠٥٠ ١٢٣ ٤٥٦٧']) {
      expect(contactPhoneKey(phone), phone).toBe(contactPhoneKey('+971 50 123 4567'));
    }
    for (const email of ['sara+1@example.com', 'Sara@Example.com', 'ｓａｒａ@example.com']) expect(contactEmailKey(email), email).toBe('sara@example.com');
  });

  it('what the form sends is its own key (the form sends the e-mail NFKC-normalised)', () => {
    const sent = trimmed({ ...MESSAGE, email: '  ｓａｒａ＠ｅｘａｍｐｌｅ．ｃｏｍ ', phone: ' ٠٥٠ ١٢٣ ٤٥٦٧ ' });
    expect(sent.email).toBe('sara@example.com');
    expect(sent.phone).toBe('050 123 4567');
    expect(contactPhoneKey(sent.phone)).toBe('+971501234567');
  });
});

describe('invisible characters are refused in the e-mail address and the phone number', () => {
  it.each(INVISIBLES)('%#: an e-mail address or phone holding it is refused, and none is ever sent', (c) => {
    expect(hasInvisible(c), name(c)).toBe(true);
    for (const email of [`sara${c}@example.com`, `sara@exa${c}mple.com`, `s${c}${c}ara@example.com`]) {
      expect(isEmail(email), `${name(c)} in ${email}`).toBe(false);
      expect(fieldError('email', email), name(c)).toBe('email');
    }
    for (const phone of [`+971 50 123${c} 4567`, `+${c}971 50 123 4567`]) {
      expect(isDialable(phone), `${name(c)} in ${phone}`).toBe(false);
      expect(fieldError('phone', phone), name(c)).toBe('phone');
    }
    // At either end: refused, or trimmed away (U+FEFF is white space to trim()); never sent.
    for (const [field, value] of [
      ['email', `${c}sara@example.com`], ['email', `sara@example.com${c}`], ['phone', `${c}050 123 4567`], ['phone', `050 123 4567${c}`],
    ] as const) {
      const sent = trimmed({ ...MESSAGE, [field]: value })[field];
      expect(fieldError(field, value) !== undefined || !hasInvisible(sent), `${name(c)}: ${field} ${value}`).toBe(true);
    }
  });

  it('are the ranges the table lists too', () => {
    expect(RANGES.length).toBe(17);
    expect(RANGES.flat().map((c) => c.toString(16))).toContain('e0fff');
  });

  it('and only those: letters, digits, Arabic, emoji and the ordinary separators are not invisible', () => {
    for (const text of ['sara@example.com', 'سارة@مثال.امارات', '+971 (0)50 123-45.67', '😀', 'ａｂｃ', 'ـ', '\u0640']) {
      expect(hasInvisible(text), text).toBe(false);
    }
  });

  it("Unicode's spaces, which the table's check lists too, are refused in an address", () => {
    for (const space of ['\u00a0', '\u1680', '\u2000', '\u2007', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000']) {
      expect(isEmail(`sara${space}@example.com`), name(space)).toBe(false);
    }
  });

  it('fullwidth letters are taken, as the ASCII ones they are', () => {
    expect(isEmail('ｓａｒａ@example.com')).toBe(true);
    expect(isEmail('sara＠example．com')).toBe(true);
    expect(normalEmail(' ｓａｒａ＠example．com ')).toBe('sara@example.com');
    expect(fieldError('email', 'ｓａｒａ＠example．com')).toBeUndefined();
  });

  it('a name and a message keep their joiners (Persian words need ZWNJ, emoji sequences ZWJ)', () => {
    expect(fieldError('fullName', 'علی\u200cرضا')).toBeUndefined();
    expect(fieldError('message', 'می\u200cخواهم یک شرکت ثبت کنم 👨\u200d👩\u200d👧')).toBeUndefined();
  });
});
