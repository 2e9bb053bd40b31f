// The search page, `/{lang}/search/?q=…`: the search box with its results, the query kept in
// the address so a search can be shared, and links to the site's sections under it. Without
// JavaScript the page says so and the sections' links lead to everything (it is never empty);
// the form still sends `?q=`, so the address a visitor shares is the same.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import * as LucideBookOpen from 'lucide-react/icons/book-open';
import * as LucideLayoutGrid from 'lucide-react/icons/layout-grid';
import * as LucideCircleHelp from 'lucide-react/icons/circle-question-mark';
import { useTranslation } from '@/i18n';
import { MAX_QUERY_CHARS, SearchBox } from '@/features/search/search-box';
import { paths } from '@/shared/paths';
import { Link } from '@/shared/routing/link';
import { buttonVariants } from '@/shared/ui/button';
import { lean } from '@/shared/ui/lean-icon';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

const BookOpen = lean(LucideBookOpen);
const LayoutGrid = lean(LucideLayoutGrid);
const CircleHelp = lean(LucideCircleHelp);

/** The `q` of an address's query string ("" if none), at most MAX_QUERY_CHARS characters. */
export function queryOf(search: string): string {
  return (new URLSearchParams(search).get('q') ?? '').slice(0, MAX_QUERY_CHARS);
}

/**
 * The address follows the field once typing pauses: each change of it is a `replaceState`, which
 * Safari refuses after 100 in 30 seconds (holding Backspace gets there), and a re-render of the
 * app.
 */
const ADDRESS_AFTER_MS = 300;

export function SearchRoute({ data, lang }: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // The page is rendered once for every query, without one: the address's query is read after
  // hydration, so the server's markup and the browser's first render are the same.
  const [query, setQuery] = useState('');
  // The query the field wrote to the address last: the address's change that follows is not news.
  const written = useRef<string | null>(null);
  useEffect(() => {
    const q = queryOf(location.search);
    if (q !== written.current) setQuery(q);
    written.current = null;
  }, [location.search]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (query === queryOf(window.location.search)) return;
      written.current = query;
      void navigate(paths.search(lang, query.trim() ? query : ''), { replace: true, preventScrollReset: true });
    }, ADDRESS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [query, lang, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The results are already there; on a touch screen, Enter closes the keyboard to show them
    // (a keyboard or screen reader user keeps the focus in the field).
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('q');
    if (field instanceof HTMLElement && window.matchMedia?.('(pointer: coarse)').matches) field.blur();
  };

  const sections = [
    { href: paths.services(lang), label: t('nav.services'), Icon: LayoutGrid },
    { href: paths.faq(lang), label: t('nav.faq'), Icon: CircleHelp },
    { href: paths.blog(lang), label: t('nav.blog'), Icon: BookOpen },
  ];

  return (
    <>
      <PageTitle screen={data.screen} />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <form role="search" action={paths.search(lang)} method="get" onSubmit={onSubmit} className="flex flex-col gap-3">
          <SearchBox lang={lang} query={query} onQueryChange={setQuery} variant="page" />
          <noscript>
            <button type="submit" className={buttonVariants({ className: 'self-start' })}>
              {t('search.submit')}
            </button>
          </noscript>
        </form>
        <noscript>
          <p className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-slate-800">{t('search.noScript')}</p>
        </noscript>
        <nav aria-labelledby="search-browse" className="mt-10 border-t border-slate-200 pt-8">
          <h2 id="search-browse" className="text-lg font-bold text-brand-950">
            {t('search.browse')}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-3">
            {sections.map(({ href, label, Icon }) => (
              <li key={href}>
                <Link
                  to={href}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 p-4 font-semibold text-brand-900 transition-colors hover:border-brand-300 hover:bg-brand-50"
                >
                  <Icon aria-hidden="true" className="size-5 text-brand-700" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
