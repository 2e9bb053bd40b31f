// The handoff's code that runs only in the browser, after hydration: loaded by
// `useContactHandoff` (header, floating button, contact page, assistant) in a chunk of its own,
// and by the service screen's checklist, which publishes its ticks here (through one loader, so
// they land in order). It holds what the page's contact actions need to know: the checklist's
// ticks and the clock (re-read every 30 s).
import type { Translate } from '@/i18n';
import STRINGS from 'virtual:sahel/strings/handoff';
import { formatTime, type ClockWords } from '@/shared/date-time';
import { defaultLang, localDigits } from '@/shared/languages';
import { isOpenAt } from '@/shared/hours/opening-hours';
import type { Lang, RouteData } from '@/shared/page-data';
import { handoffMessage, topicOf } from './message';

export interface DocumentStatus {
  have: string[];
  missing: string[];
}

/** What the assistant or the contact form adds to the message. */
export interface HandoffExtra {
  question?: string;
  body?: string;
}

export interface ContactState {
  /** The prefilled WhatsApp message. */
  message: string;
  /** "Open now · …" or "Closed now · …". */
  note: string;
  open: boolean;
}

const CLOCK_MS = 30_000;

// The message's strings, looked up here rather than added to the catalogue: a chunk the entry
// loads that imports `@/i18n` makes Rolldown split the translator out of the entry, and the
// page's catalogue then loses its preload. Every language's, by code.

/** `t` over this module's strings: `handoff.service`, `hoursNote.open`, with `{{name}}` values. */
export function handoffTranslator(lang: Lang): Translate {
  return (key, values) => {
    let node: unknown = STRINGS[lang] ?? STRINGS[defaultLang()];
    for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node !== 'string') return key;
    // Numbers in the language's digits, as i18next's strings write them (`i18n/index.ts`).
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = values?.[name];
      return typeof value === 'number' ? localDigits(lang, value) : String(value ?? '');
    });
  };
}
const documents = new Map<string, DocumentStatus>();
const listeners = new Set<() => void>();
let clock: ReturnType<typeof setInterval> | undefined;

const notify = () => listeners.forEach((listener) => listener());
const documentsKey = (lang: Lang, serviceId: string) => `${lang}/${serviceId}`;

/** The service screen's checklist reports its ticks here (null when it unmounts). */
export function publishDocuments(lang: Lang, serviceId: string, status: DocumentStatus | null): void {
  if (status) documents.set(documentsKey(lang, serviceId), status);
  else documents.delete(documentsKey(lang, serviceId));
  notify();
}

/** Calls `listener` when the ticks change and as the clock moves; returns the unsubscribe. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  clock ??= setInterval(notify, CLOCK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && clock !== undefined) {
      clearInterval(clock);
      clock = undefined;
    }
  };
}

/**
 * The message and the hours note for the page `data`, at `now`. `clock` writes the opening time
 * (the page's catalogue's translator: its `time.am`/`time.pm` and digits).
 */
export function contactState(data: RouteData, clock: ClockWords, extra: HandoffExtra = {}, now = new Date()): ContactState {
  const t = handoffTranslator(data.lang);
  const open = isOpenAt(data.site.hours, now);
  const opensAt = formatTime(clock, data.site.hours.opens);
  const page = data.page;
  const message = handoffMessage(t, {
    lang: data.lang,
    topic: topicOf(data),
    documents: page.kind === 'service' ? documents.get(documentsKey(data.lang, page.service.id)) : null,
    question: extra.question,
    body: extra.body,
    closedUntil: open ? null : opensAt,
  });
  return { message, note: open ? t('hoursNote.open') : t('hoursNote.closed', { time: opensAt }), open };
}
