// The contact form's rules, from the field declaration (fields.ts). Each rule gives an error key
// (under `contact.errors` in the i18n files), shown next to its field in the page's language.
import { FIELDS, fieldNames, type FieldList, type Fields, type Values } from './fields';
import { charCount } from './formats';

export { charCount, isDialable, isEmail, normalEmail, normalPhone } from './formats';

export type ContactMessage = Values;
export type ContactField = keyof Fields;
/** The keys of a list's messages under `contact.errors`. */
export type ErrorKey<F extends FieldList = Fields> = 'required' | { [K in keyof F]: F[K]['errors'][keyof F[K]['errors']] }[keyof F];
export type ContactErrorKey = ErrorKey;
export type FieldErrors<F extends FieldList = Fields> = Partial<Record<keyof F & string, ErrorKey<F>>>;

/** The fields in the form's order (the first with an error takes the focus). */
export const CONTACT_FIELDS: readonly ContactField[] = fieldNames(FIELDS);

const DEFAULT = FIELDS as FieldList;

/** The value of a field as it is sent: trimmed, then normalised. */
export function sentValue(field: string, raw: string, fields: FieldList = DEFAULT): string {
  const value = raw.trim();
  const normalize = fields[field]!.normalize;
  return normalize ? normalize(value) : value;
}

/** The error key of one field, or undefined when it is fine. Values are trimmed first. */
export function fieldError<F extends FieldList = Fields>(field: keyof F & string, raw: string, fields: F = DEFAULT as F): ErrorKey<F> | undefined {
  const spec = fields[field]!;
  const value = raw.trim();
  if (!value) return spec.required ? 'required' : undefined;
  const length = charCount(sentValue(field, value, fields));
  const errors = spec.errors as Record<'short' | 'long' | 'format', ErrorKey<F> | undefined>;
  if (spec.min !== undefined && length < spec.min) return errors.short ?? errors.format;
  if (length > spec.max) return errors.long ?? errors.format;
  if (spec.format && !spec.format(value)) return errors.format;
  return undefined;
}

export function validate<F extends FieldList = Fields>(message: NoInfer<Values<F>>, fields: F = DEFAULT as F): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of fieldNames(fields)) {
    const error = fieldError(field, message[field], fields);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The values as they are sent: trimmed, and normalised (the phone with Western digits). */
export function trimmed<F extends FieldList = Fields>(message: NoInfer<Values<F>>, fields: F = DEFAULT as F): Values<F> {
  const out = {} as Values<F>;
  for (const field of fieldNames(fields)) out[field] = sentValue(field, message[field], fields);
  return out;
}

/** Every field empty. */
export function emptyValues<F extends FieldList = Fields>(fields: F = DEFAULT as F): Values<F> {
  const out = {} as Values<F>;
  for (const field of fieldNames(fields)) out[field] = '';
  return out;
}
