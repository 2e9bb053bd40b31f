// The conversation and where it is kept: sessionStorage, one key per language, so it survives
// client navigation and a reload within the tab's session and is gone when the tab closes.
import type { Lang } from '@/shared/page-data';
import type { Source } from '@/shared/site-index/answerer';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  /** The question as typed, or the answer's Markdown (the safe subset `markdown.tsx` renders). */
  content: string;
  /**
   * An answer's state: `streaming` while it arrives, `error` when it failed (the turn offers a
   * retry), `noMatch` when the built-in answerer found nothing, `tentative` when it offers the
   * nearest passage and asks whether that is what was meant. Absent on a complete answer.
   */
  status?: 'streaming' | 'error' | 'noMatch' | 'tentative';
  /** Pages the answer came from (built-in answers). */
  sources?: Source[];
}

/** The sessionStorage key of a language's conversation. */
export const storageKey = (lang: Lang) => `sahel.assistant.${lang}`;

/** A conversation kept longer than this drops its oldest messages. */
export const MAX_STORED_MESSAGES = 50;

let lastId = 0;
/** A message id, unique within the page (and across reloads: it starts from the clock). */
export function messageId(): string {
  lastId = Math.max(lastId + 1, Date.now());
  return lastId.toString(36);
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // access denied (third-party frames, some privacy modes)
  }
}

function isSource(value: unknown): value is Source {
  const s = value as Source;
  return typeof s === 'object' && s !== null && typeof s.title === 'string' && typeof s.url === 'string';
}

/** A stored message if it has the expected shape, else null (the storage may hold anything). */
function readMessage(value: unknown): ChatMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, role, content, status, sources } = value as Record<string, unknown>;
  if (typeof id !== 'string' || (role !== 'user' && role !== 'assistant') || typeof content !== 'string') return null;
  const message: ChatMessage = { id, role, content };
  if (status === 'error' || status === 'noMatch' || status === 'tentative') message.status = status;
  // An answer that was still arriving when the page went away is lost: offer a retry.
  if (status === 'streaming') message.status = 'error';
  if (Array.isArray(sources)) message.sources = sources.filter(isSource);
  return message;
}

/** The language's stored conversation; empty when there is none, or it is unreadable. */
export function loadConversation(lang: Lang): ChatMessage[] {
  try {
    const raw = storage()?.getItem(storageKey(lang));
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const messages = parsed.map(readMessage).filter((m): m is ChatMessage => m !== null);
    // A question whose answer never arrived (the page went away first) gets a failed turn, so
    // it can be asked again.
    if (messages.at(-1)?.role === 'user') messages.push({ id: messageId(), role: 'assistant', content: '', status: 'error' });
    return messages;
  } catch {
    return [];
  }
}

/** Stores the language's conversation (the newest MAX_STORED_MESSAGES); failures are ignored. */
export function saveConversation(lang: Lang, messages: ChatMessage[]): void {
  try {
    const store = storage();
    if (!store) return;
    if (messages.length === 0) store.removeItem(storageKey(lang));
    else store.setItem(storageKey(lang), JSON.stringify(messages.slice(-MAX_STORED_MESSAGES)));
  } catch {
    // Quota exceeded or storage disabled: the conversation still works, it just is not kept.
  }
}
