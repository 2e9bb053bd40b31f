// The header's search button, and Ctrl+K / ⌘K anywhere on the site. It is a link to the search
// page (so it works before the app has loaded, in a new tab, and without JavaScript); a plain
// click or the shortcut opens the search dialog instead, whose code (`search-dialog.tsx`, with
// the ranking and the assistant's normalisation) is downloaded then, not on the first visit.
import { useCallback, useEffect, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import * as LucideSearch from 'lucide-react/icons/search';
import { useTranslation } from '@/i18n';
import type { Lang } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { Link } from '@/shared/routing/link';
import { buttonVariants } from '@/shared/ui/button';
import { lean } from '@/shared/ui/lean-icon';
import type { SearchDialogProps } from './search-dialog';

const SearchIcon = lean(LucideSearch);

/** Ctrl+K, or ⌘K on a Mac; by the key's place (`KeyK`), so it works with an Arabic layout too. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && (event.code === 'KeyK' || event.key.toLowerCase() === 'k')
  );
}

export function SearchLauncher({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  // Each opening is a session: the dialog's `close` event arrives a task after Escape closed it,
  // so a Ctrl+K in between opens a new dialog, which that late event must not close.
  const [session, setSession] = useState(0);
  const [open, setOpen] = useState(false);
  const sessionRef = useRef(0);
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  const buttonRef = useRef<HTMLAnchorElement>(null);

  // The index is requested with the dialog's code, not after the dialog has rendered: the first
  // results come a round trip sooner. Once per language; later openings use the loaded index.
  const indexRequest = useRef<Promise<Response> | null>(null);
  const requested = useRef(new Set<Lang>());
  const takeIndex = useCallback(() => {
    const request = indexRequest.current;
    indexRequest.current = null;
    return request;
  }, []);

  const show = useCallback(() => {
    if (document.querySelector('dialog[data-search-dialog][open]')) return;
    if (!requested.current.has(lang)) {
      requested.current.add(lang);
      indexRequest.current = fetch(paths.siteIndex(lang));
      // Taken once: after a failure the box requests the index itself on the next opening.
      indexRequest.current.catch(() => undefined);
    }
    sessionRef.current += 1;
    setSession(sessionRef.current);
    setOpen(true);
    import('./search-dialog').then(
      (module) => setDialog(() => module.SearchDialog),
      // The dialog's code could not load (offline, a new deploy): the search page instead.
      () => window.location.assign(paths.search(lang)),
    );
  }, [lang]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    show();
  };

  const close = useCallback((closed: number) => {
    if (closed !== sessionRef.current) return;
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  return (
    <>
      <Link
        ref={buttonRef}
        to={paths.search(lang)}
        onClick={onClick}
        aria-label={t('nav.searchLabel')}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      >
        <SearchIcon />
      </Link>
      {open && Dialog ? <Dialog key={session} lang={lang} onClose={() => close(session)} takeIndex={takeIndex} /> : null}
    </>
  );
}
