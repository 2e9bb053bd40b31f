// Unsaved changes, kept in localStorage under the entry's collection and id with the versions
// the files were opened at, so a reload or a crash loses nothing; cleared by a save or a discard.

export interface DraftFile {
  path: string;
  /** The file's text in the draft (null: the language has no file). */
  text: string | null;
  /** The text as opened (what the draft is compared against). */
  base: string | null;
  /** The version the file was opened at (null: a new file). */
  version: string | null;
}

export interface Draft {
  collection: string;
  id: string;
  /** A new entry from /template, not saved yet. */
  isNew: boolean;
  savedAt: number;
  files: Record<string, DraftFile>;
}

const PREFIX = 'sahel-edit:draft:';

export function draftKey(collection: string, id: string): string {
  return `${PREFIX}${collection}/${id}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadDraft(collection: string, id: string): Draft | null {
  const raw = storage()?.getItem(draftKey(collection, id));
  if (raw == null) return null;
  try {
    const d = JSON.parse(raw) as Draft;
    if (d.collection !== collection || d.id !== id || typeof d.files !== 'object') return null;
    return d;
  } catch {
    return null;
  }
}

/** Whether any file of the draft differs from what was opened. */
export function draftChanged(d: Pick<Draft, 'files' | 'isNew'>): boolean {
  return d.isNew || Object.values(d.files).some((f) => f.text !== f.base);
}

export function saveDraft(d: Draft): void {
  const s = storage();
  if (!s) return;
  try {
    if (draftChanged(d)) s.setItem(draftKey(d.collection, d.id), JSON.stringify(d));
    else s.removeItem(draftKey(d.collection, d.id));
  } catch {
    // storage full or refused: the draft lives in the page only
  }
}

export function clearDraft(collection: string, id: string): void {
  try {
    storage()?.removeItem(draftKey(collection, id));
  } catch {
    // nothing to do
  }
}

let created: string | null = null;

/** A new entry's draft just made from its template (its view then says nothing was restored). */
export function markCreated(collection: string, id: string): void {
  created = draftKey(collection, id);
}

/** Whether the draft was just made (once: the next call says no). */
export function takeCreated(collection: string, id: string): boolean {
  const yes = created === draftKey(collection, id);
  if (yes) created = null;
  return yes;
}

/** Every draft in progress, as "collection/id". */
export function draftIds(): Set<string> {
  const out = new Set<string>();
  const s = storage();
  if (!s) return out;
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) out.add(k.slice(PREFIX.length));
  }
  return out;
}

/** New entries in progress in a collection (drafts of entries the site does not have yet). */
export function newDraftsOf(collection: string): Draft[] {
  const out: Draft[] = [];
  for (const key of draftIds()) {
    const slash = key.indexOf('/');
    if (key.slice(0, slash) !== collection) continue;
    const d = loadDraft(collection, key.slice(slash + 1));
    if (d?.isNew) out.push(d);
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}
