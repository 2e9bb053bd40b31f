// The form's draft, kept in session storage so a reload (or a visit to another page and
// back) loses nothing typed, until the message is sent.
import { FIELDS, fieldNames, type FieldList, type Fields, type Values } from './fields';

const KEY = 'sahel.contact-draft';

/** The form's values, and when the visitor started typing (ms since the epoch), for the minimum-time spam check. */
export type Draft<F extends FieldList = Fields> = Values<F> & { startedAt: number };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy settings): the form still works, without drafts
  }
}

export function loadDraft<F extends FieldList = Fields>(fields: F = FIELDS as FieldList as F): Draft<F> | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
    const draft = { startedAt: typeof v.startedAt === 'number' ? v.startedAt : Date.now() } as Draft<F>;
    for (const field of fieldNames(fields)) (draft as Record<string, string | number>)[field] = text(field);
    return draft;
  } catch {
    return null; // a corrupt draft is dropped rather than breaking the page
  }
}

/** Saves the form's values (by field name) and when the visitor started typing. */
export function saveDraft(values: Readonly<Record<string, string>>, startedAt: number): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...values, startedAt }));
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
