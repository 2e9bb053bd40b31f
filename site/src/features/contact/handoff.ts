// Another way to send the same message when the form cannot: the chat app and e-mail, both
// prefilled with what the visitor typed (`contactHrefs.whatsapp(number, text)`,
// `contactHrefs.mailto(email, { subject, body })`).
//
// In a right-to-left language (`dir` in the language table: Arabic, Farsi) the chat bubble is
// right to left, where `050 123 4567` would show as `4567 123 050`: the phone and e-mail go
// between the Unicode isolates LRI … PDI, and the name (Arabic or Latin) between FSI … PDI. No
// markup can go in a prefilled text.
import type { ContactMessage } from './validate';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

export function handoffText(message: ContactMessage, labels: { name: string; phone: string; email: string }, rtl = false): string {
  const isolate = (text: string, open: string) => (rtl ? `${open}${text}${PDI}` : text);
  const lines = [message.message.trim(), ''];
  if (message.fullName.trim()) lines.push(`${labels.name}: ${isolate(message.fullName.trim(), FSI)}`);
  if (message.phone.trim()) lines.push(`${labels.phone}: ${isolate(message.phone.trim(), LRI)}`);
  if (message.email.trim()) lines.push(`${labels.email}: ${isolate(message.email.trim(), LRI)}`);
  return lines.join('\n').trim();
}
