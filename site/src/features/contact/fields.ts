// The contact form's fields, declared once. Everything else follows from this list: the rules
// (validate.ts), the saved draft (draft.ts), the row sent to the backend (send-contact-message.ts),
// the WhatsApp and e-mail text (handoff.ts), and the form's labels and inputs
// (contact-form.tsx). docs/contact-messages.sql holds the same rules as the table's checks, and
// __tests__/rules.test.ts compares the two. To add a field: declare it here, add its column and
// check to docs/contact-messages.sql (and its `grant insert`), and its label (and any new error
// message) to site/src/i18n/*/contact.json.
import { isDialable, isEmail, normalEmail, normalPhone } from './formats';

/** One field of the form. */
export interface FieldSpec {
  /** The table's column; also the field's name when the form posts without JavaScript. */
  readonly column: string;
  /** The label's string key, under `contact` in the i18n files (`contact.json`). */
  readonly label: string;
  /** Required fields are marked * and refused empty; an optional field may be left empty. */
  readonly required: boolean;
  /**
   * Length bounds in characters (Unicode code points, as PostgreSQL's `char_length` counts them)
   * of the value as sent: trimmed, then normalised.
   */
  readonly min?: number;
  readonly max: number;
  /**
   * The error keys (under `contact.errors`): below `min`, above `max`, and a bad format. A
   * missing `long` falls back to `format`. `short` and `long` messages are given the bound as
   * `count` (their plural forms follow it).
   */
  readonly errors: { readonly short?: string; readonly long?: string; readonly format?: string };
  /** The value as sent, from the trimmed value (default: the trimmed value). */
  readonly normalize?: (value: string) => string;
  /** Whether the trimmed value has the field's format. */
  readonly format?: (value: string) => boolean;
  /**
   * Its place in the WhatsApp and e-mail text: the body, or a `label: value` line (in a
   * right-to-left language isolated as text of its own direction, `auto`, or left to right).
   */
  readonly handoff: 'body' | 'auto' | 'ltr';
  /** The input's element and attributes (the `maxLength` comes from `max`). */
  readonly input:
    | { readonly element: 'input'; readonly type: 'text' | 'email' | 'tel'; readonly autoComplete?: string; readonly inputMode?: 'tel' | 'email' | 'text'; readonly dir?: 'ltr' }
    | { readonly element: 'textarea'; readonly rows: number };
  /** Classes added to the input's own. */
  readonly className?: string;
  /** Half a row on a wide screen: consecutive half fields share a two-column grid. */
  readonly half?: boolean;
}

/** A list of fields, by name, in the form's order (also the order of focus and of the handoff lines). */
export type FieldList = Readonly<Record<string, FieldSpec>>;

export const FIELDS = {
  fullName: {
    column: 'full_name',
    label: 'fullName',
    required: true,
    min: 2,
    max: 100,
    errors: { short: 'nameShort', long: 'nameLong' },
    handoff: 'auto',
    input: { element: 'input', type: 'text', autoComplete: 'name' },
    half: true,
  },
  phone: {
    column: 'phone',
    label: 'phone',
    required: true,
    max: 25,
    errors: { format: 'phone' },
    normalize: normalPhone,
    format: isDialable,
    handoff: 'ltr',
    input: { element: 'input', type: 'tel', autoComplete: 'tel', inputMode: 'tel', dir: 'ltr' },
    className: 'rtl:text-right',
    half: true,
  },
  email: {
    column: 'email',
    label: 'email',
    required: true,
    max: 254,
    errors: { format: 'email' },
    normalize: normalEmail,
    format: isEmail,
    handoff: 'ltr',
    input: { element: 'input', type: 'email', autoComplete: 'email', dir: 'ltr' },
    className: 'rtl:text-right',
  },
  message: {
    column: 'message',
    label: 'message',
    required: true,
    min: 10,
    max: 2000,
    errors: { short: 'messageShort', long: 'messageLong' },
    handoff: 'body',
    input: { element: 'textarea', rows: 6 },
    className: 'resize-y',
  },
} as const satisfies FieldList;

export type Fields = typeof FIELDS;

/** The form's values: one string per field. */
export type Values<F extends FieldList = Fields> = { [K in keyof F & string]: string };

/** The names of a list's fields, in order. */
export function fieldNames<F extends FieldList>(fields: F): (keyof F & string)[] {
  return Object.keys(fields);
}
