import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loadCatalogue } from '@/i18n';
import { langFromPath } from '@/shared/locale';
import type { RouteData } from '@/shared/page-data';
import { normalizePath, paths } from '@/shared/paths';
import { applyHead } from './apply-head';
import { PageDataContext } from './page-data-context';

type Entry = { path: string; data: RouteData } | { path: string; missing: true };

/** The element a URL fragment (`#working-hours`, `#%D9%82`) names, if the page has one. */
function fragmentTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: the id as written.
  }
  return document.getElementById(id);
}

/** Frames to wait for a fragment's element (its screen's code may still be loading): a second. */
const FRAGMENT_FRAMES = 60;

/**
 * Holds the current route's data. The first page's data comes inlined in the document; on
 * client navigation the next page's `page-data.json` is fetched while a spinner shows, then the
 * head is updated and the window scrolls to the top, or to the element the URL's fragment names.
 * Every navigation to a fragment scrolls to it once its page shows (the browser does not: the
 * app handles the click), also a second click on a link whose fragment is already the address's.
 */
export function PageDataProvider({ initial, children }: { initial: RouteData; children: ReactNode }) {
  const location = useLocation();
  const path = normalizePath(location.pathname);
  const [current, setCurrent] = useState<RouteData>(initial);
  const [missingPath, setMissingPath] = useState<string | null>(null);

  useEffect(() => {
    if (path === current.path || path === missingPath) return;
    const controller = new AbortController();
    const page = fetch(paths.pageData(path), { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response): Promise<Entry> => {
        if (!response.ok) return { path, missing: true };
        return { path, data: (await response.json()) as RouteData };
      })
      .catch((error: unknown): Entry | null =>
        error instanceof DOMException && error.name === 'AbortError' ? null : { path, missing: true },
      );
    // A page in the other language also needs that language's strings: fetched alongside.
    const strings = loadCatalogue(langFromPath(path)).catch(() => null);
    Promise.all([page, strings])
      .then(([entry]) => {
        if (controller.signal.aborted) return;
        if (!entry) return;
        if ('data' in entry) {
          setCurrent(entry.data);
          setMissingPath(null);
          applyHead(entry.data.head, current.head);
        } else {
          setMissingPath(entry.path);
        }
        if (!location.hash) window.scrollTo(0, 0);
      });
    return () => controller.abort();
  }, [path, current.path, current.head, missingPath, location.hash]);

  const loading = path !== current.path && missingPath !== path;
  useEffect(() => {
    if (loading || !location.hash) return;
    let frames = 0;
    let request = 0;
    const scroll = () => {
      const target = fragmentTarget(location.hash);
      if (target) target.scrollIntoView();
      else if (++frames < FRAGMENT_FRAMES) request = requestAnimationFrame(scroll);
    };
    scroll();
    return () => cancelAnimationFrame(request);
    // `key` changes on every navigation, also to the address already shown.
  }, [location.key, location.hash, loading]);

  const value = useMemo(
    () => ({
      data: current,
      missing: missingPath === path,
      loading,
    }),
    [current, missingPath, path, loading],
  );
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}
