// The search dialog the header's search button and Ctrl+K / ⌘K open: a modal `<dialog>` (the
// browser keeps focus inside it, makes the page behind it inert, and closes it on Escape), with
// the search box and a link to the search page. Its own chunk: the header loads it on first use.
import { useEffect, useId, useRef, useState } from 'react';
import * as LucideX from 'lucide-react/icons/x';
import { useTranslation } from '@/i18n';
import type { Lang } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { Link } from '@/shared/routing/link';
import { buttonVariants } from '@/shared/ui/button';
import { lean } from '@/shared/ui/lean-icon';
import { SearchBox } from './search-box';

const X = lean(LucideX);

export interface SearchDialogProps {
  lang: Lang;
  /** The dialog closed (Escape, the close button, a click outside it, a result opened). */
  onClose: () => void;
  /** The index's request, started with the dialog's code (see `SearchBox`). */
  takeIndex?: () => Promise<Response> | null;
}

export function SearchDialog({ lang, onClose, takeIndex }: SearchDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [query, setQuery] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // showModal focuses the control marked `autofocus`, else the first (the close button): the
    // field is where typing goes. (React does not write `autoFocus` as the attribute.)
    const field = dialog.querySelector<HTMLElement>('[role="combobox"]');
    field?.setAttribute('autofocus', '');
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    field?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  const close = () => {
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    else onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      data-search-dialog=""
      onClose={onClose}
      // A click on the backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-0 mx-auto mt-[8vh] max-h-[84vh] w-[calc(100%-2rem)] max-w-2xl overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50"
    >
      <div className="flex max-h-[84vh] flex-col p-4 sm:p-5">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id={headingId} className="text-lg font-bold text-brand-950">{t('search.inputLabel')}</h2>
          <button type="button" onClick={close} aria-label={t('search.close')} className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
            <X />
          </button>
        </div>
        <SearchBox
          lang={lang}
          query={query}
          onQueryChange={setQuery}
          variant="dialog"
          onOpen={close}
          takeIndex={takeIndex}
          footer={
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
              <span className="text-slate-600 max-sm:hidden">{t('search.keys')}</span>
              <Link to={paths.search(lang, query.trim())} onClick={close} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                {t('search.seeAll')}
              </Link>
            </div>
          }
        />
      </div>
    </dialog>
  );
}
