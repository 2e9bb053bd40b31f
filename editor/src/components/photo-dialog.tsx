// After a photo is uploaded: its description (alt text) in every language, one input each, in
// that language's direction and font.
import { useState } from 'react';
import type { Language } from '../api';
import { useI18n } from '../i18n';
import { Dialog } from './dialog';
import { SCRIPT_FONT_CLASS } from './language-pane';

interface Props {
  src: string;
  languages: Language[];
  initial: Record<string, string>;
  onDone: (alts: Record<string, string>) => void;
  onCancel: () => void;
}

export function PhotoDialog({ src, languages, initial, onDone, onCancel }: Props) {
  const { t } = useI18n();
  const [alts, setAlts] = useState<Record<string, string>>(initial);
  return (
    <Dialog
      title={t('photo.altTitle')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => onDone(alts)}>
            {t('photo.use')}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {t('cancel')}
          </button>
        </>
      }
    >
      <p>{t('photo.altHelp')}</p>
      <img className="photo-thumb" src={src} alt="" />
      {languages.map((l) => (
        <div key={l.code} className={`field ${SCRIPT_FONT_CLASS(l.dir)}`} lang={l.code} dir={l.dir}>
          <label htmlFor={`alt-${l.code}`} className="field-label">
            {t('photo.altIn', { language: l.name })}
          </label>
          <input id={`alt-${l.code}`} type="text" value={alts[l.code] ?? ''} onChange={(e) => setAlts((a) => ({ ...a, [l.code]: e.target.value }))} />
        </div>
      ))}
    </Dialog>
  );
}
