// The text every wa.me link is prefilled with, in the page's language: what the visitor was
// reading (a service, an article, a page), on a service page the documents ticked and still
// missing, the assistant's unanswered question or the contact form's message, and, out of
// hours, that a reply when the office opens is fine.
//
// In the message of a right-to-left language (`dir` in the language table: Arabic, Farsi), Latin
// names and phone numbers from the content or the visitor sit in left-to-right isolates
// (U+2066 … U+2069): in a right-to-left chat bubble the bidi algorithm would otherwise reorder
// "+971 50 555 0100" by digit groups and scatter the words of "Emirates ID" or an English name
// among the Arabic ones. Bidi controls already in a value are dropped
// first, so a pasted or hostile value cannot reorder the rest of the message.
import type { Translate } from '@/i18n';
import { direction } from '@/shared/languages';
import type { Lang, RouteData } from '@/shared/page-data';

export const LRI = '\u2066';
export const PDI = '\u2069';

/** What the visitor was reading when they chose to write. */
export interface HandoffTopic {
  kind: 'service' | 'article' | 'page';
  title: string;
}

export interface HandoffContext {
  lang: Lang;
  topic: HandoffTopic | null;
  /** On a service page: the checklist's documents, ticked (`have`) or not (`missing`). */
  documents?: { have: string[]; missing: string[] } | null;
  /** The question the assistant could not answer. */
  question?: string;
  /** The contact form's message, as the visitor wrote it (with their name and details). */
  body?: string;
  /** Out of hours: when the office opens, as people read it ("9 AM"). */
  closedUntil?: string | null;
}

// Embedding, override and isolate controls, and the marks: anything that could reorder text
// outside the value it came in.
const BIDI_CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
const LATIN = 'A-Za-z\u00c0-\u024f';
// A phone number: digits with spaces, dashes, dots or brackets, at least 7 digits long.
const PHONE = String.raw`\+?\(?\d(?:[\d\u00a0 ().-]{5,}\d)`;
// A Latin word (letters then letters or digits, joined by . ' ’ & @ _ + -) and the Latin words
// after it on the same line: "Emirates ID", "name@example.com", "John O'Neil".
const WORD = `[${LATIN}][${LATIN}\\d]*(?:[.'’&@_+-][${LATIN}\\d]+)*`;
const LATIN_RUN = `${WORD}(?:[ \\u00a0]+${WORD})*`;
const ISOLATE = new RegExp(`${PHONE}|${LATIN_RUN}`, 'g');

/** A value as the message may carry it: no bidi controls, line and paragraph separators as newlines. */
export function cleanValue(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(/[\u2028\u2029]/g, '\n').trim();
}

/** Latin runs and phone numbers of `text` in left-to-right isolates (for right-to-left messages). */
export function isolateLatin(text: string): string {
  return cleanValue(text).replace(ISOLATE, (run) => `${LRI}${run}${PDI}`);
}

/** What a page is about, for the message: a service, a post, another page by its title; none on home. */
export function topicOf(data: RouteData): HandoffTopic | null {
  const page = data.page;
  if (page.kind === 'service') return { kind: 'service', title: page.service.title };
  if (page.kind === 'blogPost') return { kind: 'article', title: page.post.title };
  if (page.kind === 'home' || page.kind === 'notFound' || !data.screen.title) return null;
  return { kind: 'page', title: data.screen.title };
}

/** The message, lines joined with newlines (WhatsApp shows them as typed). */
export function handoffMessage(t: Translate, context: HandoffContext): string {
  const value = direction(context.lang) === 'rtl' ? isolateLatin : cleanValue;
  const { topic, documents, question, body, closedUntil } = context;
  const blocks: string[] = [];
  blocks.push(topic ? t(`handoff.${topic.kind}`, { title: value(topic.title) }) : t('handoff.hello'));
  if (body?.trim()) blocks.push(value(body));
  if (question?.trim()) blocks.push(t('handoff.question', { question: value(question) }));
  if (documents && documents.have.length + documents.missing.length > 0) {
    const total = documents.have.length + documents.missing.length;
    const list = (items: string[]) => items.map((item) => `• ${value(item)}`).join('\n');
    blocks.push(
      documents.have.length > 0 ? `${t('handoff.have', { count: documents.have.length, total })}\n${list(documents.have)}` : t('handoff.haveNone'),
    );
    blocks.push(documents.missing.length > 0 ? `${t('handoff.missing')}\n${list(documents.missing)}` : t('handoff.missingNone'));
  }
  if (!body?.trim()) blocks.push(topic?.kind === 'service' ? t('handoff.helpService') : t('handoff.help'));
  if (closedUntil) blocks.push(t('handoff.closed', { time: closedUntil }));
  return blocks.join('\n\n');
}
