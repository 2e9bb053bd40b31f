// Another way to send the same message when the form cannot: the chat app and e-mail, both
// prefilled with what the visitor typed (`contactHrefs.whatsapp(number, text)`,
// `contactHrefs.mailto(email, { subject, body })`).
import type { ContactMessage } from './validate';

export function handoffText(message: ContactMessage, labels: { name: string; phone: string; email: string }): string {
  const lines = [message.message.trim(), ''];
  if (message.fullName.trim()) lines.push(`${labels.name}: ${message.fullName.trim()}`);
  if (message.phone.trim()) lines.push(`${labels.phone}: ${message.phone.trim()}`);
  if (message.email.trim()) lines.push(`${labels.email}: ${message.email.trim()}`);
  return lines.join('\n').trim();
}
