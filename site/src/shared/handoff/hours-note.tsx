import { cx } from '@/shared/class-names';

/**
 * The opening-hours note near a contact action. Its line is reserved from the first render
 * (empty on the server and until the browser has computed it), so it appears without moving
 * anything; `note` comes from `useContactHandoff()`.
 */
export function HoursNote({ note, open, className }: { note?: string; open?: boolean; className?: string }) {
  return (
    <p className={cx('flex min-h-5 items-center gap-1.5 text-xs leading-5', className)} data-hours-note={note === undefined ? '' : open ? 'open' : 'closed'}>
      {note === undefined ? null : (
        <>
          <span className={cx('size-2 shrink-0 rounded-full', open ? 'bg-emerald-500' : 'bg-amber-500')} aria-hidden="true" />
          {note}
        </>
      )}
    </p>
  );
}
