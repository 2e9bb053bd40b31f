// An entry being edited: its files in every language (the text now, the text and version as
// opened), kept as a draft in localStorage on every change; loading (with a draft restored),
// saving (409 conflicts, 422 diagnostics), marking a translation and resolving a conflict.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Diagnostic, Entry, EntryFile } from '../api';
import { ApiError, type Client } from '../client';
import { clearDraft, loadDraft, saveDraft, takeCreated, type DraftFile } from '../drafts';

export type Files = Record<string, DraftFile>;

export interface EntryState {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  entry: Entry | null;
  files: Files;
  isNew: boolean;
  /** When a draft was restored: the time it was last changed. */
  restoredAt: number | null;
  conflicts: Record<string, EntryFile> | null;
  /** The diagnostics of a refused save (422). */
  saveDiagnostics: Diagnostic[] | null;
  saving: boolean;
}

const EMPTY: EntryState = { status: 'loading', error: null, entry: null, files: {}, isNew: false, restoredAt: null, conflicts: null, saveDiagnostics: null, saving: false };

export type SaveOutcome = 'saved' | 'nothing' | 'conflict' | 'invalid' | 'failed';

function filesOf(entry: Entry): Files {
  const out: Files = {};
  for (const [lang, f] of Object.entries(entry.files)) out[lang] = { path: f.path, text: f.text, base: f.text, version: f.version };
  return out;
}

export function changedFiles(files: Files): Record<string, { text: string; version: string | null }> {
  const out: Record<string, { text: string; version: string | null }> = {};
  for (const [lang, f] of Object.entries(files)) if (f.text !== null && f.text !== f.base) out[lang] = { text: f.text, version: f.version };
  return out;
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/** A new entry's draft (from /template, not saved yet) is the whole entry. */
function newDraftState(collection: string, id: string): EntryState | null {
  const draft = loadDraft(collection, id);
  if (!draft?.isNew) return null;
  const files = draft.files;
  const entry: Entry = { collection, id, units: [], files: Object.fromEntries(Object.entries(files).map(([l, f]) => [l, { path: f.path, text: null, version: null }])) };
  return { ...EMPTY, status: 'ready', entry, files, isNew: true, restoredAt: takeCreated(collection, id) ? null : draft.savedAt };
}

export function useEntry(client: Client, collection: string, id: string) {
  const [state, setState] = useState<EntryState>(() => newDraftState(collection, id) ?? EMPTY);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  // An entry on disk: its files, with a draft of it laid over them.
  useEffect(() => {
    if (stateRef.current.isNew) return;
    let live = true;
    client.entry(collection, id).then(
      (entry) => {
        if (!live) return;
        const draft = loadDraft(collection, id);
        let files = filesOf(entry);
        let restoredAt: number | null = null;
        if (draft) {
          files = { ...files };
          for (const [lang, f] of Object.entries(draft.files)) files[lang] = f;
          restoredAt = draft.savedAt;
        }
        setState({ ...EMPTY, status: 'ready', entry, files, restoredAt });
      },
      (e: unknown) => {
        if (live) setState({ ...EMPTY, status: 'error', error: errorText(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [client, collection, id]);

  // Every change is kept as a draft (removed when nothing differs from what was opened).
  useEffect(() => {
    if (state.status !== 'ready') return;
    saveDraft({ collection, id, isNew: state.isNew, savedAt: Date.now(), files: state.files });
  }, [state.files, state.isNew, state.status, collection, id]);

  const setText = useCallback((lang: string, text: string | null) => {
    setState((s) => {
      const f = s.files[lang];
      if (!f || f.text === text) return s;
      return { ...s, files: { ...s.files, [lang]: { ...f, text } }, saveDiagnostics: null };
    });
  }, []);

  const updateFiles = useCallback((fn: (files: Files) => Files) => setState((s) => ({ ...s, files: fn(s.files) })), []);

  const discard = useCallback(() => {
    clearDraft(collection, id);
    const s = stateRef.current;
    if (s.isNew) return 'gone' as const;
    setState((cur) => (cur.entry ? { ...cur, files: filesOf(cur.entry), restoredAt: null, conflicts: null, saveDiagnostics: null } : cur));
    return 'reset' as const;
  }, [collection, id]);

  const save = useCallback(
    async (override?: Files): Promise<{ outcome: SaveOutcome; message?: string }> => {
      const files = override ?? stateRef.current.files;
      const changed = changedFiles(files);
      if (Object.keys(changed).length === 0) return { outcome: 'nothing' };
      setState((s) => ({ ...s, saving: true }));
      try {
        const r = await client.save({ collection, id, files: changed });
        if (r.kind === 'conflict') {
          setState((s) => ({ ...s, saving: false, conflicts: r.data.conflicts }));
          return { outcome: 'conflict' };
        }
        if (r.kind === 'invalid') {
          setState((s) => ({ ...s, saving: false, saveDiagnostics: r.data.diagnostics }));
          return { outcome: 'invalid' };
        }
        const written = r.data.files;
        setState((s) => {
          const next: Files = { ...s.files };
          for (const [lang, f] of Object.entries(written)) {
            const mine = next[lang];
            const text = f.text ?? mine?.text ?? null;
            next[lang] = { path: f.path, text: mine && mine.text !== changed[lang]?.text ? mine.text : text, base: text, version: f.version };
          }
          const entry = s.entry ? { ...s.entry, files: { ...s.entry.files, ...written } } : s.entry;
          return { ...s, saving: false, files: next, entry, isNew: false, restoredAt: null, conflicts: null, saveDiagnostics: null };
        });
        clearDraft(collection, id);
        // The translation state may have changed: refresh the units quietly.
        client.entry(collection, id).then(
          (e) => setState((s) => (s.entry ? { ...s, entry: { ...s.entry, units: e.units } } : s)),
          () => {},
        );
        return { outcome: 'saved' };
      } catch (e) {
        setState((s) => ({ ...s, saving: false }));
        return { outcome: 'failed', message: errorText(e) };
      }
    },
    [client, collection, id],
  );

  /** Resolves a conflicted language: `theirs` replaces the draft, `mine` saves over theirs. */
  const resolve = useCallback((lang: string, choice: 'mine' | 'theirs'): Files | null => {
    const s = stateRef.current;
    const theirs = s.conflicts?.[lang];
    const mine = s.files[lang];
    if (!theirs || !mine || !s.conflicts) return null;
    const files: Files = {
      ...s.files,
      [lang]: choice === 'theirs' ? { path: theirs.path, text: theirs.text, base: theirs.text, version: theirs.version } : { ...mine, base: theirs.text, version: theirs.version },
    };
    const rest = { ...s.conflicts };
    delete rest[lang];
    const left = Object.keys(rest).length > 0 ? rest : null;
    const next = { ...s, files, conflicts: left };
    stateRef.current = next;
    setState(next);
    return left ? null : files;
  }, []);

  const setUnits = useCallback((entry: Entry) => setState((s) => (s.entry ? { ...s, entry: { ...s.entry, units: entry.units } } : s)), []);

  return { state, setText, updateFiles, discard, save, resolve, setUnits };
}
