// Who a message is from, as the table's limits count senders (docs/contact-messages.sql:
// contact_phone_key and contact_email_key), and the invisible characters neither the form nor the
// table takes in an e-mail address or a phone number. The form does not count senders itself:
// these are here so that its tests can hold the form and the table to the same cases
// (scripts/test-contact-sql.sh runs both on them). The file imports nothing, so node can run it.

/**
 * Characters that show nothing, or only change how the text around them is shown: the soft
 * hyphen, the combining grapheme joiner, the Arabic letter mark, the Hangul and Khmer fillers,
 * Mongolian variation selectors, zero-width spaces and joiners, the bidi marks, embeddings,
 * overrides and isolates, the word joiner and invisible operators, variation selectors, the
 * byte order mark, the interlinear annotation controls, shorthand and musical format controls,
 * and tags. Inclusive ranges of code points; the SQL file's e-mail check lists the same ones.
 */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

const hex = (n: number) => `\\u{${n.toString(16)}}`;
const INVISIBLE = new RegExp(`[${INVISIBLE_RANGES.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('')}]`, 'u');

/** Whether `text` holds an invisible character (INVISIBLE_RANGES). */
export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text);
}

/** Arabic-Indic (٠-٩) and Extended Arabic-Indic (۰-۹) digits as 0-9. */
function western(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/**
 * A phone number as the limits count it, E.164: + and its digits. International with + or 00
 * (and any more zeros); a number dialled locally is the UAE's (its 0 becomes 971); a trunk
 * prefix written (0) after the country code is dropped, and so is a UAE number's 0 after 971.
 * `+971 (0)50 123 4567`, `+9710501234567`, `000971501234567`, `٠٥٠ ١٢٣ ٤٥٦٧` and `050-123-4567`
 * are all `+971501234567`.
 */
export function contactPhoneKey(phone: string): string {
  const p = western(phone);
  const international = /^\s*(\+|00)/.test(p);
  const digits = (international ? p.replace(/\(\s*0\s*\)/g, '') : p).replace(/[^0-9]/g, '');
  const d = (international || !digits.startsWith('0') ? digits : `971${digits.slice(1)}`).replace(/^0+/, '');
  return `+${d.startsWith('9710') ? `971${d.slice(3).replace(/^0+/, '')}` : d}`;
}

/**
 * An e-mail address as the limits count it: NFKC-normalised (fullwidth letters become ASCII),
 * in lowercase, and without a +tag (`Sara+1@Example.com` is `sara@example.com`).
 */
export function contactEmailKey(email: string): string {
  return email
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^([^@+]+)\+[^@]*@/, '$1@');
}
