// The search field and its results, shared by the search dialog and the search page: an ARIA
// combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/) whose list is the results,
// grouped by kind. Focus stays in the field; ↑ and ↓ move the active result
// (`aria-activedescendant`), Enter opens it, and the count of results is announced.
// Each result is the link itself (`<a role="option">`), so a click, a middle click and "copy
// link" work as on any link.
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as LucideSearch from 'lucide-react/icons/search';
import { useTranslation } from '@/i18n';
import type { SearchIndex } from '@/shared/site-index/answerer';
import { cx } from '@/shared/class-names';
import { whenIdle } from '@/shared/idle';
import type { Lang } from '@/shared/page-data';
import { Link, useGo } from '@/shared/routing/link';
import { lean } from '@/shared/ui/lean-icon';
import { searchable } from './query';
import type { GroupKind, SearchGroup, Segment } from './search';

const SearchIcon = lean(LucideSearch);

const GROUP_LABEL = {
  services: 'search.groupServices',
  faq: 'search.groupFaq',
  posts: 'search.groupPosts',
} as const satisfies Record<GroupKind, string>;

/** The longest query read (the field's `maxLength`; an address's `?q=` is cut to it too). */
export const MAX_QUERY_CHARS = 200;
/** How long the status must stay the same before it is announced. */
const ANNOUNCE_AFTER_MS = 600;

/** A query as the visitor's words in a message: without controls or bidi overrides, trimmed. */
function shownQuery(query: string): string {
  // eslint-disable-next-line no-control-regex
  return query.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The index's request for a language if one was started and not taken yet (then it is taken). */
export type TakeIndex = (lang: Lang) => Promise<Response> | null;

/** The ranking's chunk (with the assistant's index code): loaded with the index, on first use. */
type Ranking = typeof import('./search');

type IndexState = { status: 'loading' } | { status: 'ready'; index: SearchIndex; ranking: Ranking } | { status: 'error' };

/**
 * The language's index and the ranking's code, loaded once `wanted` (shared with the assistant's
 * index), from the request `takeIndex` gives if it has one for the language (the dialog's,
 * started with its code).
 */
function useSearchIndex(lang: Lang, wanted: boolean, takeIndex?: TakeIndex): IndexState {
  const [state, setState] = useState<IndexState>({ status: 'loading' });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState({ status: 'loading' });
    import('./search')
      .then((ranking) => ranking.loadSearchIndex(lang, (input, init) => takeIndex?.(lang) ?? fetch(input, init)).then((index) => ({ ranking, index })))
      .then(
        ({ ranking, index }) => live && setState({ status: 'ready', index, ranking }),
        () => live && setState({ status: 'error' }),
      );
    return () => {
      live = false;
    };
  }, [lang, takeIndex, wanted]);
  return state;
}

function Snippet({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

export interface SearchBoxProps {
  lang: Lang;
  /** The query to start with (the page's `?q=`). */
  query: string;
  onQueryChange: (query: string) => void;
  /** In the dialog, the list scrolls inside it. */
  variant: 'dialog' | 'page';
  /** Called when a result is opened (the dialog closes). */
  onOpen?: () => void;
  /** Enter with no result chosen (the dialog opens the search page; the page's form submits). */
  onSubmit?: () => void;
  takeIndex?: TakeIndex;
  /** Shown under the results (the dialog's link to the search page). */
  footer?: ReactNode;
}

export function SearchBox({ lang, query, onQueryChange, variant, onOpen, onSubmit, footer, takeIndex }: SearchBoxProps) {
  const { t } = useTranslation();
  const go = useGo();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The dialog is a first use; the search page's box loads the ranking and the index once the
  // browser is idle after hydration, or at once when there is a query or the field takes focus.
  const [started, setStarted] = useState(variant === 'dialog');
  useEffect(() => (started ? undefined : whenIdle(() => setStarted(true))), [started]);
  const state = useSearchIndex(lang, started || query !== '', takeIndex);
  // The results follow the field in a deferred render (issue 52): a key paints the field at
  // once, and the ranking and the list (up to 60 ms a key at 4× slowdown) come after, given up
  // when the next key arrives first. `shown` is the query the listed results are for.
  const shown = useDeferredValue(query);
  const groups: SearchGroup[] = useMemo(() => (state.status === 'ready' ? state.ranking.searchSite(state.index, shown) : []), [state, shown]);
  const results = useMemo(() => groups.flatMap((g) => g.results), [groups]);
  const count = results.length;
  const done = state.status === 'ready' && searchable(shown);
  // The active result belongs to the results it was chosen in: new results start with none, in
  // the same render (not one render later, which would name a stale option).
  const [chosen, setChosen] = useState<{ of: SearchGroup[]; index: number }>({ of: groups, index: -1 });
  const active = chosen.of === groups ? chosen.index : -1;
  const setActive = (next: (current: number) => number) => setChosen({ of: groups, index: next(active) });
  // The active result stays in view.
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`#${CSS.escape(`${id}-${active}`)}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A key that ends an input method's composition (Safari sends Enter after it) is the IME's.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a < 0 ? (step > 0 ? 0 : count - 1) : (a + step + count) % count));
    } else if (event.key === 'Enter') {
      const result = results[active];
      if (!result) {
        if (onSubmit && searchable(query)) {
          event.preventDefault();
          onSubmit();
        }
        return;
      }
      event.preventDefault();
      onOpen?.();
      go(result.url);
    } else if (event.key === 'Escape' && query) {
      // The combobox pattern: Escape empties the field first (the list goes); in the dialog, the
      // next Escape closes it. Every browser alike (Chromium clears a search field itself).
      event.preventDefault();
      onQueryChange('');
    }
  };

  let status = '';
  if (state.status === 'error') status = t('search.error');
  else if (searchable(query) && state.status === 'loading') status = t('search.loading');
  else if (done)
    status = count ? t('search.results', { count }) : t(variant === 'dialog' ? 'search.noResultsDialog' : 'search.noResults', { query: shownQuery(shown) });
  const announced = useSettled(status, ANNOUNCE_AFTER_MS);

  let n = 0;
  return (
    <div className="flex min-h-0 flex-col">
      <div className="relative">
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
        <input
          ref={inputRef}
          type="search"
          name="q"
          role="combobox"
          aria-label={t('search.inputLabel')}
          aria-expanded={count > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
          maxLength={MAX_QUERY_CHARS}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          dir="auto"
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onFocus={() => setStarted(true)}
          onKeyDown={onKeyDown}
          className="h-12 w-full rounded-lg border border-slate-300 bg-white px-10 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
        />
      </div>
      {/* A query of one long word wraps (the dialog would cut it off). */}
      <p className={cx('text-sm text-slate-600 wrap-anywhere', status ? 'mt-3' : 'sr-only')}>{status}</p>
      {/* Read out once typing pauses, not at every key. */}
      <p role="status" className="sr-only">
        {announced}
      </p>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('search.inputLabel')}
        data-search-results=""
        data-query={done ? shown : undefined}
        className={cx(variant === 'dialog' && 'min-h-0 overflow-y-auto overscroll-contain', count > 0 && 'mt-3 space-y-4')}
      >
        {groups.map((group) => {
          const headingId = `${id}-${group.kind}`;
          return (
            <div key={group.kind} role="group" aria-labelledby={headingId}>
              <div id={headingId} role="presentation" className="mb-1 px-2 text-xs font-bold text-brand-800 ltr:uppercase ltr:tracking-wide">
                {t(GROUP_LABEL[group.kind])}
              </div>
              {group.results.map((result) => {
                const index = n++;
                const selected = index === active;
                return (
                  <Link
                    key={result.id}
                    id={`${id}-${index}`}
                    to={result.url}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    data-search-result=""
                    onClick={(event) => {
                      if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) onOpen?.();
                    }}
                    onMouseMove={() => index !== active && setActive(() => index)}
                    className={cx(
                      'block rounded-lg px-2 py-2 text-start',
                      selected ? 'bg-brand-50 outline-2 outline-brand-600' : 'hover:bg-slate-50',
                    )}
                  >
                    <span className="block font-semibold text-brand-900">{result.title}</span>
                    <span className="mt-0.5 block text-sm leading-relaxed text-slate-700">
                      <Snippet segments={result.snippet} />
                    </span>
                  </Link>
                );
              })}
            </div>
          );
        })}
      </div>
      {footer}
    </div>
  );
}
