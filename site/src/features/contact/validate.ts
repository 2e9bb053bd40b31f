// The contact form's rules. Each rule gives an error key (under `contact.errors` in the
// i18n files), shown next to its field in the page's language.
import { westernDigits } from '@/shared/locale';

export interface ContactMessage {
  fullName: string;
  email: string;
  phone: string;
  message: string;
}

export type ContactField = keyof ContactMessage;
/** The keys of the messages under `contact.errors`. */
export type ContactErrorKey = 'required' | 'nameShort' | 'nameLong' | 'email' | 'phone' | 'messageShort' | 'messageLong';
export type FieldErrors = Partial<Record<ContactField, ContactErrorKey>>;

export const CONTACT_FIELDS: readonly ContactField[] = ['fullName', 'phone', 'email', 'message'];

/**
 * Length limits, in characters (Unicode code points, as PostgreSQL's `char_length` counts them),
 * after trimming. docs/contact-messages.sql holds the same rules as the table's checks.
 */
export const LIMITS = {
  fullName: { min: 2, max: 100 },
  email: { max: 254 },
  phone: { max: 25 },
  message: { min: 10, max: 2000 },
} as const;

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
 * dots and parentheses are allowed between digits.
 */
export function isDialable(phone: string): boolean {
  const compact = westernDigits(phone.trim()).replace(/[\s\-.()]/g, '');
  if (/^\+\d{7,15}$/.test(compact)) return true; // international, with +
  if (/^00\d{7,15}$/.test(compact)) return true; // international, with 00
  return /^0\d{8,9}$/.test(compact); // UAE, dialled locally: 0 + area or mobile code
}

/** A conventional address: one @, a dotted domain, no spaces. */
export function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email) && !email.includes('..');
}

/** The error key of one field, or undefined when it is fine. Values are trimmed first. */
export function fieldError(field: ContactField, raw: string): ContactErrorKey | undefined {
  const value = raw.trim();
  if (!value) return 'required';
  switch (field) {
    case 'fullName':
      if (charCount(value) < LIMITS.fullName.min) return 'nameShort';
      if (charCount(value) > LIMITS.fullName.max) return 'nameLong';
      return undefined;
    case 'email':
      if (charCount(value) > LIMITS.email.max || !isEmail(value)) return 'email';
      return undefined;
    case 'phone':
      if (charCount(normalPhone(value)) > LIMITS.phone.max || !isDialable(value)) return 'phone';
      return undefined;
    case 'message':
      if (charCount(value) < LIMITS.message.min) return 'messageShort';
      if (charCount(value) > LIMITS.message.max) return 'messageLong';
      return undefined;
  }
}

export function validate(message: ContactMessage): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of CONTACT_FIELDS) {
    const error = fieldError(field, message[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

export function trimmed(message: ContactMessage): ContactMessage {
  return {
    fullName: message.fullName.trim(),
    email: message.email.trim(),
    phone: normalPhone(message.phone),
    message: message.message.trim(),
  };
}
