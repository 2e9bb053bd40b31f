// The header's search button, and Ctrl+K (⌘K on a Mac) anywhere on the site. It is a link to
// the search page (so it works before the app has loaded, in a new tab, and without JavaScript);
// a plain click or the shortcut opens the search dialog instead, whose code (`search-dialog.tsx`,
// and the ranking with the assistant's normalisation, `search.ts`) is downloaded then, not on the
// first visit, together with the language's index.
import { useCallback, useEffect, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import * as LucideSearch from 'lucide-react/icons/search';
import { useTranslation } from '@/i18n';
import type { Lang } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { Link } from '@/shared/routing/link';
import { buttonVariants } from '@/shared/ui/button';
import { lean } from '@/shared/ui/lean-icon';
import type { TakeIndex } from './search-box';
import type { SearchDialogProps } from './search-dialog';

const SearchIcon = lean(LucideSearch);

/** Whether the visitor is on a Mac (or an iPad or iPhone with a keyboard): ⌘ is the shortcut's key there. */
function onMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/**
 * ⌘K on a Mac, Ctrl+K elsewhere (on a Mac, Ctrl+K deletes to the end of the line in a text
 * field); by the key's place (`KeyK`) too, so it works with an Arabic layout.
 */
export function isSearchShortcut(event: KeyboardEvent, mac = onMac()): boolean {
  const modifier = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  return modifier && !event.altKey && !event.shiftKey && (event.code === 'KeyK' || event.key.toLowerCase() === 'k');
}

export function SearchLauncher({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Each opening is a session: the dialog's `close` event arrives a task after Escape closed it,
  // so a Ctrl+K in between opens a new dialog, which that late event must not close.
  const [session, setSession] = useState(0);
  const [open, setOpen] = useState(false);
  const sessionRef = useRef(0);
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  const buttonRef = useRef<HTMLAnchorElement>(null);
  // Where focus was when the dialog opened (the button, a form field…): it goes back there.
  const returnFocus = useRef<HTMLElement | null>(null);
  // The page the dialog was opened on.
  const openedOn = useRef<string | null>(null);

  // The index is requested with the dialog's code, not after the dialog has rendered (a round
  // trip sooner), once per language; the request is kept with its language, so one started on
  // /en/ is never read as the Arabic index.
  const indexRequest = useRef<{ lang: Lang; request: Promise<Response> } | null>(null);
  const requested = useRef(new Set<Lang>());
  const takeIndex: TakeIndex = useCallback((wanted) => {
    const started = indexRequest.current;
    if (!started || started.lang !== wanted) return null;
    indexRequest.current = null;
    return started.request;
  }, []);

  const show = useCallback(() => {
    if (document.querySelector('dialog[data-search-dialog][open]')) return;
    if (!requested.current.has(lang)) {
      requested.current.add(lang);
      const request = fetch(paths.siteIndex(lang));
      // A failure is reported by the box that takes the request.
      request.catch(() => undefined);
      indexRequest.current = { lang, request };
    }
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openedOn.current = window.location.pathname;
    sessionRef.current += 1;
    setSession(sessionRef.current);
    setOpen(true);
    import('./search-dialog').then(
      (module) => setDialog(() => module.SearchDialog),
      // The dialog's code could not load (offline, a new deploy): the search page instead.
      () => window.location.assign(paths.search(lang)),
    );
    // The ranking too, which the dialog's box would otherwise ask for only once it has rendered
    // (its failure is the box's to report).
    import('./search').catch(() => undefined);
  }, [lang]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isSearchShortcut(event)) {
        event.preventDefault();
        show();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show]);

  // While its code loads, Escape cancels the opening (the dialog is not there to take it).
  useEffect(() => {
    if (!open || Dialog) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, Dialog]);

  // Another page (back, forward, a link outside the dialog): the dialog opened on the page
  // before does not follow (one opened since the address changed stays).
  useEffect(() => {
    if (openedOn.current === null || openedOn.current === window.location.pathname) return;
    openedOn.current = null;
    sessionRef.current += 1;
    setOpen(false);
  }, [pathname]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    show();
  };

  // Where focus goes once the dialog is gone (while it is open, the page behind it is inert).
  const focusNext = useRef<HTMLElement | null>(null);
  const close = useCallback((closed: number, navigated: boolean) => {
    if (closed !== sessionRef.current) return;
    setOpen(false);
    // A result opened: the new page's content has focus, as after a link of the menu. Dismissed:
    // focus goes back where it was.
    const back = returnFocus.current;
    focusNext.current = navigated ? document.getElementById('main') : back?.isConnected ? back : buttonRef.current;
  }, []);
  useEffect(() => {
    if (open || !focusNext.current) return;
    focusNext.current.focus({ preventScroll: true });
    focusNext.current = null;
  }, [open]);

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
      {open && Dialog ? <Dialog key={session} lang={lang} onClose={(navigated) => close(session, navigated)} takeIndex={takeIndex} /> : null}
    </>
  );
}
