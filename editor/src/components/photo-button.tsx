// Choose a photo with the file picker, or drop one on the button's area.
import { useId, useRef, useState } from 'react';
import { useI18n } from '../i18n';

export function PhotoButton({ onFile, current, compact }: { onFile: (file: File) => void; current?: string; compact?: boolean }) {
  const { t, ui } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  return (
    <div
      className={`photo-drop${over ? ' is-over' : ''}${compact ? ' is-compact' : ''}`}
      {...ui}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('photo.choose')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      <button type="button" className="btn" onClick={() => input.current?.click()}>
        <span aria-hidden="true">🖼 </span>
        {compact ? t('photo.insert') : t('photo.choose')}
      </button>
      {!compact && <span className="muted"> {t('photo.drop')}</span>}
      {current ? (
        <span className="photo-current muted">
          {t('photo.current')}{' '}
          <bdi dir="ltr">{current}</bdi>
        </span>
      ) : null}
    </div>
  );
}
