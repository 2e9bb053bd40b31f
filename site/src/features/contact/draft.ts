// The form's draft, kept in session storage so a reload (or a visit to another page and
// back) loses nothing typed, until the message is sent.
import type { ContactMessage } from './validate';

const KEY = 'sahel.contact-draft';

export interface Draft extends ContactMessage {
  /** When the visitor started typing (ms since the epoch), for the minimum-time spam check. */
  startedAt: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy settings): the form still works, without drafts
  }
}

export function loadDraft(): Draft | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
    return {
      fullName: text('fullName'),
      email: text('email'),
      phone: text('phone'),
      message: text('message'),
      startedAt: typeof v.startedAt === 'number' ? v.startedAt : Date.now(),
    };
  } catch {
    return null; // a corrupt draft is dropped rather than breaking the page
  }
}

export function saveDraft(draft: Draft): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // quota or disabled storage: nothing to do
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // ignore
  }
}
