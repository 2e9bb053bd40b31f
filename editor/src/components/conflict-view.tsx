// A refused save (409): per language whose file changed on disk since it was opened, the file
// as it is now ("theirs") beside the draft ("yours"), and the choice of which to keep.
import type { EntryFile, Language } from '../api';
import type { DraftFile } from '../drafts';
import { useI18n } from '../i18n';
import { SCRIPT_FONT_CLASS } from './language-pane';

interface Props {
  conflicts: Record<string, EntryFile>;
  files: Record<string, DraftFile>;
  languages: Language[];
  onResolve: (lang: string, choice: 'mine' | 'theirs') => void;
}

export function ConflictView({ conflicts, files, languages, onResolve }: Props) {
  const { t } = useI18n();
  return (
    <section className="conflicts" aria-labelledby="conflicts-title">
      <h2 id="conflicts-title">{t('conflict.heading')}</h2>
      <p>{t('conflict.intro')}</p>
      {languages
        .filter((l) => conflicts[l.code] !== undefined)
        .map((l) => {
          const theirs = conflicts[l.code];
          const mine = files[l.code];
          return (
            <div key={l.code} className="conflict" role="group" aria-label={l.name}>
              <h3>{l.name}</h3>
              <div className="conflict-sides">
                <figure className="conflict-side">
                  <figcaption>{t('conflict.theirs')}</figcaption>
                  {theirs?.text == null ? (
                    <p className="muted">{t('conflict.deleted')}</p>
                  ) : (
                    <pre className={`conflict-text ${SCRIPT_FONT_CLASS(l.dir)}`} dir="auto" lang={l.code} data-testid={`theirs-${l.code}`}>
                      {theirs.text}
                    </pre>
                  )}
                </figure>
                <figure className="conflict-side">
                  <figcaption>{t('conflict.yours')}</figcaption>
                  <pre className={`conflict-text ${SCRIPT_FONT_CLASS(l.dir)}`} dir="auto" lang={l.code} data-testid={`yours-${l.code}`}>
                    {mine?.text ?? ''}
                  </pre>
                </figure>
              </div>
              <div className="actions">
                <button type="button" className="btn btn-primary" onClick={() => onResolve(l.code, 'mine')}>
                  {t('conflict.keepMine')}
                </button>
                <button type="button" className="btn" onClick={() => onResolve(l.code, 'theirs')}>
                  {t('conflict.takeTheirs')}
                </button>
              </div>
            </div>
          );
        })}
    </section>
  );
}
