// The checklist's ticks, kept in the visitor's browser (localStorage) per service and language.
// A tick is stored as the document's text, so a document whose wording changes in the content
// starts unticked instead of passing its tick to another document.

const PREFIX = 'nahj.checklist.v1';

export function checklistKey(lang: string, serviceId: string): string {
  return `${PREFIX}.${lang}.${serviceId}`;
}

/** The ticked documents among `documents` (storage missing, blocked or damaged: none). */
export function loadTicks(key: string, documents: string[]): Set<string> {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    if (!Array.isArray(raw)) return new Set();
    return new Set(documents.filter((d) => raw.includes(d)));
  } catch {
    return new Set();
  }
}

/** Saves the ticks (an empty set removes the entry); storage that refuses is ignored. */
export function saveTicks(key: string, documents: string[], ticked: Set<string>): void {
  try {
    const kept = documents.filter((d) => ticked.has(d));
    if (kept.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // Private mode or a full quota: the ticks last as long as the page.
  }
}

/** Which documents the visitor has and which are still missing, in the content's order. */
export function documentStatus(documents: string[], ticked: Set<string>): { have: string[]; missing: string[] } {
  return { have: documents.filter((d) => ticked.has(d)), missing: documents.filter((d) => !ticked.has(d)) };
}
