// The client entry: loads the first page's screen, hydrates the pre-rendered page, then the
// router takes over navigation.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { loadCatalogue } from '@/i18n';
import { createClientScreens } from '@/app/routes/client-screens';
import { completeInlineData, type InlineRouteData } from '@/shared/page-data/inline';
import './styles.css';

/**
 * Reads the page's data and starts hydrating. It runs in a task after the one that evaluated
 * the entry and its imports (React DOM, the router, i18next, the app's modules), which is long
 * enough on a phone without also parsing the page's data and reading the document.
 */
function boot(root: HTMLElement | null, dataElement: HTMLElement | null) {
  if (!root || !dataElement?.textContent) return;
  // The inlined data leaves out what the document carries (its head, a post's body): read back
  // from the document before anything renders.
  const data = completeInlineData(JSON.parse(dataElement.textContent) as InlineRouteData, document);
  const screens = createClientScreens();
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App initial={data} screens={screens} />
      </BrowserRouter>
    </StrictMode>
  );
  // A 404 page is served for many URLs; it was rendered for none of them, so it is replaced
  // rather than hydrated (the router then shows "Article Not Found" or redirects home).
  if (data.page.kind === 'notFound') void loadCatalogue(data.lang).then(() => createRoot(root).render(app));
  else {
    // The first page's screen code is loaded before hydrating, so the first render matches
    // the server's markup (a failed load hydrates anyway: the screen shows the error).
    // Hydrating in a transition lets React yield to the browser between components instead of
    // blocking the main thread for the whole page (the page is already on screen).
    const start = () =>
      startTransition(() => {
        hydrateRoot(root, app, {
          // A mismatch between server and client markup is a bug: make it loud.
          onRecoverableError: (error) => console.error('Hydration error:', error),
        });
      });
    // The page's strings come first too (each page preloads only its own language's).
    Promise.all([screens.load(data.page.kind).catch(() => null), loadCatalogue(data.lang)]).then(start, start);
  }
}

setTimeout(() => boot(document.getElementById('root'), document.getElementById('page-data')), 0);
