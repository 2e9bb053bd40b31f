// The draft checked by sahel (POST /check) 300 ms after typing stops, with every language's text
// and the preview in the focused pane's language. A reply that comes after a newer request was
// sent is dropped. The preview keeps the last page that rendered.
import { useEffect, useRef, useState } from 'react';
import type { Diagnostic } from '../api';
import type { Client } from '../client';
import type { Files } from './use-entry';
import { errorText } from './use-entry';

export const CHECK_DELAY_MS = 300;

export interface CheckState {
  status: 'idle' | 'checking' | 'done' | 'failed';
  diagnostics: Diagnostic[];
  error: string | null;
  /** The last preview that rendered, and the language it is in. */
  preview: string | null;
  previewLang: string | null;
  revision: number;
  /** The last reply had errors: the preview shown is an older one. */
  stale: boolean;
  /** The last reply rendered without errors but the entry has no page. */
  noPage: boolean;
}

const INITIAL: CheckState = { status: 'idle', diagnostics: [], error: null, preview: null, previewLang: null, revision: 0, stale: false, noPage: false };

export function useCheck(client: Client, collection: string, id: string, files: Files | null, previewLang: string | null, uiLang: string): CheckState {
  const [state, setState] = useState<CheckState>(INITIAL);
  const seq = useRef(0);

  useEffect(() => {
    if (files === null) return;
    const texts: Record<string, string> = {};
    for (const [lang, f] of Object.entries(files)) if (f.text !== null) texts[lang] = f.text;
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, status: 'checking' }));
      client.check({ collection, id, files: texts, preview: previewLang }).then(
        (reply) => {
          if (mine !== seq.current) return;
          const errors = reply.diagnostics.some((d) => d.severity === 'error');
          setState((s) => ({
            status: 'done',
            diagnostics: reply.diagnostics,
            error: null,
            preview: reply.preview ?? s.preview,
            previewLang: reply.preview ? previewLang : s.previewLang,
            revision: reply.preview ? s.revision + 1 : s.revision,
            stale: reply.preview === null && errors && s.preview !== null,
            noPage: reply.preview === null && !errors,
          }));
        },
        (e: unknown) => {
          if (mine !== seq.current) return;
          setState((s) => ({ ...s, status: 'failed', error: errorText(e) }));
        },
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [client, collection, id, files, previewLang, uiLang]);

  return state;
}
