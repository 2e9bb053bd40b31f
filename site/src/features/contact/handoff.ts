// Another way to send the same message when the form cannot: the chat app and e-mail, both
// prefilled with what the visitor typed (`contactHrefs.whatsapp(number, text)`,
// `contactHrefs.mailto(email, { subject, body })`): the body field first, then a `label: value`
// line for each other field filled in, in the form's order (fields.ts).
//
// In a right-to-left language (`dir` in the language table: Arabic, Farsi) the chat bubble is
// right to left, where `050 123 4567` would show as `4567 123 050`: the phone and e-mail go
// between the Unicode isolates LRI … PDI, and the name (Arabic or Latin) between FSI … PDI. No
// markup can go in a prefilled text.
import { FIELDS, fieldNames, type FieldList, type Fields, type Values } from './fields';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/** `label(field)` is the field's label in the page's language. */
export function handoffText<F extends FieldList = Fields>(
  message: NoInfer<Values<F>>,
  label: (field: keyof F & string) => string,
  rtl = false,
  fields: F = FIELDS as FieldList as F,
): string {
  const names = fieldNames(fields);
  const lines: string[] = [];
  for (const field of names) if (fields[field]!.handoff === 'body') lines.push(message[field].trim(), '');
  for (const field of names) {
    const how = fields[field]!.handoff;
    const value = message[field].trim();
    if (how === 'body' || !value) continue;
    lines.push(`${label(field)}: ${rtl ? `${how === 'ltr' ? LRI : FSI}${value}${PDI}` : value}`);
  }
  return lines.join('\n').trim();
}
