// Confirm a delete; when sahel refuses (409), the pages that link to the entry, at their lines.
import type { DeleteRefused } from '../api';
import { useI18n } from '../i18n';
import { Dialog } from './dialog';

interface Props {
  id: string;
  paths: string[];
  busy: boolean;
  refused: DeleteRefused | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteDialog({ id, paths, busy, refused, onConfirm, onCancel }: Props) {
  const { t } = useI18n();
  return (
    <Dialog
      title={t('entry.deleteTitle', { id })}
      onClose={onCancel}
      actions={
        <>
          {!refused && (
            <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('entry.deleting') : t('entry.deleteConfirm')}
            </button>
          )}
          <button type="button" className="btn" onClick={onCancel}>
            {refused ? t('close') : t('cancel')}
          </button>
        </>
      }
    >
      {refused ? (
        <div role="alert">
          <p>{t('entry.linkedFrom')}</p>
          <ul className="linked-from">
            {refused.linked_from.map((l, i) => (
              <li key={i}>
                <code dir="ltr">{l.path}</code>
                {l.line !== null && <> — {t('entry.linkAt', { line: l.line })}</>}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <p>{t('entry.deleteText')}</p>
          <ul>
            {paths.map((p) => (
              <li key={p}>
                <code dir="ltr">{p}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
