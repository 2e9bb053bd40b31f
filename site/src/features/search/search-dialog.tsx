// The search dialog the header's search button and Ctrl+K / ⌘K open: a modal `<dialog>` (the
// browser keeps focus inside it, makes the page behind it inert, and closes it on Escape), with
// the search box and a link to the search page. Its own chunk: the header loads it on first use.
import { useEffect, useId, useRef, useState } from 'react';
import * as LucideX from 'lucide-react/icons/x';
import { useTranslation } from '@/i18n';
import type { Lang } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { Link, useGo } from '@/shared/routing/link';
import { buttonVariants } from '@/shared/ui/button';
import { lean } from '@/shared/ui/lean-icon';
import { SearchBox, type TakeIndex } from './search-box';

const X = lean(LucideX);

export interface SearchDialogProps {
  lang: Lang;
  /**
   * The dialog closed: `navigated` when a result or the search page was opened, else it was
   * dismissed (Escape, the close button, a click outside it).
   */
  onClose: (navigated: boolean) => void;
  /** The index's request, started with the dialog's code. */
  takeIndex?: TakeIndex;
}

export function SearchDialog({ lang, onClose, takeIndex }: SearchDialogProps) {
  const { t } = useTranslation();
  const go = useGo();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [query, setQuery] = useState('');
  // Whether the pointer went down on the backdrop: a text selection dragged out of the panel
  // ends with a click on the dialog element, which must not close it.
  const downOnBackdrop = useRef(false);
  const closed = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // showModal focuses the control marked `autofocus`, else the first (the close button): the
    // field is where typing goes. (React does not write `autoFocus` as the attribute.)
    const field = dialog.querySelector<HTMLElement>('[role="combobox"]');
    field?.setAttribute('autofocus', '');
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    field?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  /** Closes the dialog once; `navigated` says a page was opened from it. */
  const finish = (navigated: boolean) => {
    if (closed.current) return;
    closed.current = true;
    onClose(navigated);
  };
  const dismiss = () => {
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    else finish(false);
  };
  const searchPage = paths.search(lang, query.trim());

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      data-search-dialog=""
      // The element's own close (Escape, `close()`); a late event of a dialog reopened since is not.
      onClose={() => {
        if (!ref.current?.open) finish(false);
      }}
      onPointerDown={(event) => {
        downOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && downOnBackdrop.current) dismiss();
      }}
      // Heights in `dvh`, the viewport as shown: on a phone, `vh` is the viewport with the browser's
      // bars hidden, and the bottom of the panel (the hint and the link to the search page) went
      // under them. If the panel is still too short for its fixed parts, it scrolls rather than
      // cutting them off; the results scroll on their own.
      className="m-0 mx-auto mt-[8dvh] max-h-[84dvh] w-[calc(100%-2rem)] max-w-2xl overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50"
    >
      <div className="flex max-h-[84dvh] flex-col overflow-y-auto overscroll-contain p-4 sm:p-5">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id={headingId} className="text-lg font-bold text-brand-950">
            {t('search.inputLabel')}
          </h2>
          <button type="button" onClick={dismiss} aria-label={t('search.close')} className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
            <X />
          </button>
        </div>
        <SearchBox
          lang={lang}
          query={query}
          onQueryChange={setQuery}
          variant="dialog"
          onOpen={() => finish(true)}
          takeIndex={takeIndex}
          // Enter with no result chosen: all the results, on the search page.
          onSubmit={() => {
            finish(true);
            go(searchPage);
          }}
          footer={
            // Each part may wrap (a long translation, large text) and holds its glyphs: Cairo's
            // reach above and below a 20 px line, which the padding takes (the link's is also
            // its target's height, 28 px).
            <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-100 pt-2 text-sm">
              <span className="min-w-0 py-1 text-slate-600 wrap-anywhere max-sm:hidden">{t('search.keys')}</span>
              <Link
                to={searchPage}
                onClick={(event) => {
                  if (!event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) finish(true);
                }}
                className="min-w-0 py-1 font-semibold text-brand-700 underline-offset-4 wrap-anywhere hover:underline"
              >
                {t('search.seeAll')}
              </Link>
            </div>
          }
        />
      </div>
    </dialog>
  );
}
