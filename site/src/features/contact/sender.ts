// Who a message is from, as the table's limits count senders (docs/contact-messages.sql:
// contact_phone_key and contact_email_key), and the invisible characters neither the form nor the
// table takes in an e-mail address or a phone number. The form does not count senders itself:
// these are here so that its tests can hold the form and the table to the same cases
// (scripts/test-contact-sql.sh runs both on them). The file imports nothing, so node can run it.

/**
 * Characters that show nothing, or only change how the text around them is shown: Unicode's
 * default ignorable code points (the soft hyphen, the Arabic letter mark, zero-width spaces and
 * joiners, the bidi marks, embeddings, overrides and isolates, the word joiner, variation
 * selectors, the byte order mark, tags...) and the interlinear annotation controls. The SQL
 * file's e-mail check lists the same ones (__tests__/rules.test.ts compares them).
 */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\ufff9-\ufffb]/u;

/** Whether `text` holds an invisible character (INVISIBLE). */
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
