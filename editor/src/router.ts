// Hash routes: #/ (home), #/entry/<collection>/<id>, #/new/<collection>, #/changes.
import { useEffect, useState } from 'react';

export type Route =
  | { view: 'home' }
  | { view: 'entry'; collection: string; id: string }
  | { view: 'new'; collection: string }
  | { view: 'changes' };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((p) => p !== '')
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  const [head, a, ...rest] = parts;
  if (head === 'entry' && a !== undefined && rest.length > 0) return { view: 'entry', collection: a, id: rest.join('/') };
  if (head === 'new' && a !== undefined) return { view: 'new', collection: a };
  if (head === 'changes') return { view: 'changes' };
  return { view: 'home' };
}

export function hrefOf(route: Route): string {
  switch (route.view) {
    case 'home':
      return '#/';
    case 'entry':
      return `#/entry/${encodeURIComponent(route.collection)}/${route.id.split('/').map(encodeURIComponent).join('/')}`;
    case 'new':
      return `#/new/${encodeURIComponent(route.collection)}`;
    case 'changes':
      return '#/changes';
  }
}

export function navigate(route: Route): void {
  window.location.hash = hrefOf(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}
