// The checks and normalisations the field declaration (fields.ts) refers to: character counts as
// PostgreSQL's `char_length` counts them, phone numbers and e-mail addresses. What these accept,
// docs/contact-messages.sql's checks accept (__tests__/rules.test.ts).
import { westernDigits } from '@/shared/locale';
import { hasInvisible } from './sender';

/** The number of characters (code points: an emoji is one, as in the database, not two). */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** A phone number as it is sent: trimmed, Western digits, each run of spaces one space. */
export function normalPhone(raw: string): string {
  return westernDigits(raw.trim()).replace(/\s+/g, ' ');
}

/**
 * A number a UAE or international caller could dial: `+971 50 123 4567`, `00971 4 555 0100`,
 * `050 123 4567`, `04 555 0100`, or another country's `+44 20 7946 0958`. Spaces, dashes,
 * dots and parentheses are allowed between digits; an invisible character (a zero-width space,
 * a bidi mark, the byte order mark...) is not.
 */
export function isDialable(phone: string): boolean {
  if (hasInvisible(phone)) return false;
  const compact = westernDigits(phone.trim()).replace(/[\s\-.()]/g, '');
  if (/^\+\d{7,15}$/.test(compact)) return true; // international, with +
  if (/^00\d{7,15}$/.test(compact)) return true; // international, with 00
  return /^0\d{8,9}$/.test(compact); // UAE, dialled locally: 0 + area or mobile code
}

/**
 * An e-mail address as it is sent: trimmed and NFKC-normalised, so fullwidth letters and signs
 * (`ｓａｒａ＠example.com`, from a Chinese or Japanese keyboard) are the ASCII ones.
 */
export function normalEmail(raw: string): string {
  return raw.trim().normalize('NFKC');
}

/**
 * A conventional address, once normalised: one @, a dotted domain, no spaces, and no invisible
 * character (which would make one address look like another).
 */
export function isEmail(raw: string): boolean {
  const email = raw.normalize('NFKC');
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email) && !email.includes('..') && !hasInvisible(email);
}
