// The draft's page as sahel rendered it, in two iframes used in turn: the next preview loads in
// the hidden one, takes the shown one's scroll position (same origin), then is swapped in, so an
// update neither flashes nor jumps to the top.
import { useRef, useState } from 'react';
import { useI18n } from '../i18n';

interface Props {
  url: string | null;
  /** Changes with every check reply that had a preview: the page is loaded again even when its
   * address is the same. */
  revision: number;
  languageName: string;
  stale: boolean;
  noPage: boolean;
}

type Slot = { url: string; revision: number } | null;

function scrollOf(frame: HTMLIFrameElement | null): { x: number; y: number } | null {
  try {
    const w = frame?.contentWindow;
    return w ? { x: w.scrollX, y: w.scrollY } : null;
  } catch {
    return null;
  }
}

interface Frames {
  slots: [Slot, Slot];
  shown: number;
  /** The slot loading the next preview, swapped in on its load. */
  pending: number | null;
  /** The last preview asked for. */
  target: Slot;
}

/** Where the preview `slot` goes: the shown frame when there is none yet, else the other one. */
function place(f: Frames, slot: Slot): Frames {
  if (slot === null) return { ...f, target: slot };
  const current = f.slots[f.shown];
  if (current === null) return { ...f, target: slot, slots: f.shown === 0 ? [slot, f.slots[1]] : [f.slots[0], slot] };
  const next = f.shown === 0 ? 1 : 0;
  return { ...f, target: slot, pending: next, slots: next === 0 ? [slot, f.slots[1]] : [f.slots[0], slot] };
}

export function PreviewFrame({ url, revision, languageName, stale, noPage }: Props) {
  const { t } = useI18n();
  const first = useRef<HTMLIFrameElement>(null);
  const second = useRef<HTMLIFrameElement>(null);
  const [frames, setFrames] = useState<Frames>({ slots: [null, null], shown: 0, pending: null, target: null });
  // A new preview (or the same page rendered again) loads in the hidden frame.
  if (url !== null && (frames.target?.url !== url || frames.target.revision !== revision)) setFrames(place(frames, { url, revision }));
  const { slots, shown } = frames;

  const onLoad = (index: number) => {
    if (frames.pending !== index) return;
    const refs = [first, second];
    const pos = scrollOf(refs[shown]?.current ?? null);
    try {
      if (pos) refs[index]?.current?.contentWindow?.scrollTo(pos.x, pos.y);
    } catch {
      // another origin: the position cannot be kept
    }
    setFrames((f) => (f.pending === index ? { ...f, shown: index, pending: null } : f));
  };

  return (
    <section className="preview" aria-label={t('preview.heading')}>
      <h2 className="preview-title">{t('preview.heading')}</h2>
      {stale && (
        <p className="notice notice-warning" role="note">
          {t('preview.stale')}
        </p>
      )}
      {slots[0] === null && slots[1] === null ? (
        <p className="muted">{noPage ? t('preview.noPage') : t('preview.none')}</p>
      ) : (
        <div className="preview-frames">
          {slots.map((slot, i) =>
            slot === null ? null : (
              <iframe
                key={`${i}-${slot.revision}`}
                ref={i === 0 ? first : second}
                src={slot.url}
                title={t('preview.frame', { language: languageName })}
                className={`preview-frame${i === shown ? '' : ' is-hidden'}`}
                aria-hidden={i === shown ? undefined : true}
                tabIndex={i === shown ? undefined : -1}
                onLoad={() => onLoad(i)}
              />
            ),
          )}
        </div>
      )}
    </section>
  );
}
