// A photo for an entry: uploaded (POST /media), then described in every language and written
// into each language's file: an image field's src and alt, or `![alt](src)` in the body (at the
// cursor in the pane it came from, at the end in the others).
import { useCallback, useState, type RefObject } from 'react';
import type { Form, Language } from '../api';
import type { Client } from '../client';
import type { CodeEditorHandle } from '../components/code-editor';
import { useAnnounce } from '../components/status';
import { applyOp, readDoc, valueAt } from '../doc';
import { useI18n } from '../i18n';
import type { Path } from '../validate';
import { errorText, type Files } from './use-entry';

export type PhotoTarget = { kind: 'field'; path: Path } | { kind: 'body'; lang: string };

export interface PendingPhoto {
  src: string;
  /** The chosen file, shown in the dialog (sahel serves a new photo once the site is rebuilt). */
  preview: string;
  target: PhotoTarget;
  initial: Record<string, string>;
}

function markdownImage(alt: string, src: string): string {
  return `![${alt.replace(/[[\]]/g, '')}](${src})`;
}

export function usePhoto(client: Client, form: Form, languages: Language[], files: Files, updateFiles: (fn: (f: Files) => Files) => void, editors: RefObject<Record<string, CodeEditorHandle | null>>) {
  const { t } = useI18n();
  const announce = useAnnounce();
  const [pending, setPending] = useState<PendingPhoto | null>(null);

  const upload = useCallback(
    async (file: File, target: PhotoTarget) => {
      announce(t('photo.uploading'));
      try {
        const r = await client.media(file.name, file);
        if (r.kind === 'invalid') {
          announce(t('photo.refused', { message: r.data.message }), 'error');
          return;
        }
        const initial: Record<string, string> = {};
        if (target.kind === 'field')
          for (const l of languages) {
            const text = files[l.code]?.text;
            const alt = text != null ? valueAt(readDoc(text, form).values, [...target.path, 'alt']) : undefined;
            initial[l.code] = typeof alt === 'string' ? alt : '';
          }
        setPending({ src: r.data.src, preview: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : r.data.src, target, initial });
      } catch (e) {
        announce(t('photo.refused', { message: errorText(e) }), 'error');
      }
    },
    [client, languages, files, form, announce, t],
  );

  const finish = useCallback(
    (alts: Record<string, string>) => {
      const p = pending;
      setPending(null);
      if (!p) return;
      if (p.preview.startsWith('blob:')) URL.revokeObjectURL(p.preview);
      const { target, src } = p;
      const changed: Files = {};
      const failed: string[] = [];
      for (const l of languages) {
        const f = files[l.code];
        if (!f || f.text === null) continue;
        const alt = alts[l.code] ?? '';
        try {
          if (target.kind === 'field') {
            let text = applyOp(f.text, form, { op: 'set', path: [...target.path, 'src'], value: src });
            text = applyOp(text, form, { op: 'set', path: [...target.path, 'alt'], value: alt });
            changed[l.code] = { ...f, text };
          } else if (l.code !== target.lang || !editors.current?.[l.code]) {
            const body = readDoc(f.text, form).body ?? '';
            const sep = body === '' || body.endsWith('\n\n') ? '' : body.endsWith('\n') ? '\n' : '\n\n';
            changed[l.code] = { ...f, text: applyOp(f.text, form, { op: 'body', body: `${body}${sep}${markdownImage(alt, src)}\n` }) };
          }
        } catch (e) {
          failed.push(`${l.name}: ${errorText(e)}`);
        }
      }
      updateFiles((fs) => {
        const next = { ...fs };
        for (const [lang, f] of Object.entries(changed)) if (next[lang]) next[lang] = { ...next[lang], text: f.text };
        return next;
      });
      // The pane the photo came from takes it at its cursor (after the others are written).
      if (target.kind === 'body') editors.current?.[target.lang]?.insertAtCursor(markdownImage(alts[target.lang] ?? '', src));
      if (failed.length > 0) announce(failed.join(' — '), 'error');
      else announce(t('photo.done'), 'success');
    },
    [pending, editors, updateFiles, languages, files, form, announce, t],
  );

  const cancel = useCallback(() => {
    if (pending?.preview.startsWith('blob:')) URL.revokeObjectURL(pending.preview);
    setPending(null);
  }, [pending]);

  return { pending, upload, finish, cancel };
}
