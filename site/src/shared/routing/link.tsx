// Links between the site's own pages. Every `to` here is an absolute path built by `paths`
// (or checked to be one, like an assistant answer's link), so a link needs no route-relative
// resolution: React Router's `Link` resolved each one against the route tree, read the location
// and made a navigate function of its own, and wrote `data-discover="true"` (route discovery
// for framework mode, which this app does not use) on every anchor. That was a quarter of a
// page's render in a render worker (26% of a cold worker's render time on a 240-page site) and
// 21 bytes per link (26 links on a post). Here a link is an anchor whose plain left click goes through the one
// navigate function `LinkNavigation` provides.
import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterPaint } from '@/shared/idle';

/** Shows the page at an app path. */
type Go = (to: string) => void;

const GoContext = createContext<Go | null>(null);

/** The same URL, however it is encoded (`/ar/خدمات/` and `/ar/%D8%AE...` are one page). */
function sameUrl(a: string, b: string): boolean {
  const base = 'https://site.invalid';
  return new URL(a, base).href === new URL(b, base).href;
}

/**
 * Gives every `Link` below it the router's navigation (one `useNavigate` per render of the app,
 * not one per link). A link to the page already shown replaces its history entry instead of
 * adding one, as React Router's links do.
 */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const here = pathname + search + hash;
  // After the tap's frame: the next page's render and commit (50-90 ms at 4× CPU slowdown on a
  // phone) otherwise ran before the browser could paint the tap (issue 52: opening the
  // assistant took 130-280 ms to the next paint; a visitor saw nothing happen meanwhile).
  const go = useCallback(
    (to: string) => {
      const replace = sameUrl(to, here);
      void afterPaint().then(() => navigate(to, { replace }));
    },
    [navigate, here],
  );
  return <GoContext.Provider value={go}>{children}</GoContext.Provider>;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path on this site (`/ar/...`), with an optional query and fragment. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * Whether `to` is a path on this site the router can show: not a URL, and not `//host` or
 * `/\\host`, which browsers read as another host.
 */
export function isAppPath(to: string): boolean {
  return to.startsWith('/') && !/^\/[\\/]/.test(to);
}

/** Whether the browser should handle this click itself (new tab, download, other frame...). */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    (target !== undefined && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}

/**
 * A link to a page of this site: `<a href={to}>`, navigated by the router on a plain left click.
 * Outside `LinkNavigation` (which `App` puts inside the router) it is a plain anchor.
 */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const go = useContext(GoContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!go || !isAppPath(to) || leftToBrowser(event, target)) return;
    event.preventDefault();
    go(to);
  };
  return <a {...rest} href={to} onClick={handleClick} target={target} />;
}

/**
 * Shows a page of this site as a `Link` click does (the router below `LinkNavigation`, else the
 * browser), for a choice made with the keyboard: the search's Enter on a result.
 */
export function useGo(): (to: string) => void {
  const go = useContext(GoContext);
  return useCallback(
    (to: string) => {
      // Only this site's pages: a URL of another scheme (`javascript:`) is never followed.
      if (!isAppPath(to)) return;
      if (go) go(to);
      else window.location.assign(to);
    },
    [go],
  );
}
