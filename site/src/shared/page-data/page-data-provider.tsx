import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loadCatalogue } from '@/i18n';
import { langFromPath } from '@/shared/locale';
import type { RouteData } from '@/shared/page-data';
import { normalizePath, paths } from '@/shared/paths';
import { applyHead } from './apply-head';
import { PageDataContext } from './page-data-context';

type Entry = { path: string; data: RouteData } | { path: string; missing: true };

/**
 * Holds the current route's data. The first page's data comes inlined in the document; on
 * client navigation the next page's `page-data.json` is fetched while a spinner shows, then the
 * head is updated and the window scrolls to the top.
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

  const value = useMemo(
    () => ({
      data: current,
      missing: missingPath === path,
      loading: path !== current.path && missingPath !== path,
    }),
    [current, missingPath, path],
  );
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}
