// The client entry: hydrates the pre-rendered page, then the router takes over navigation.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import type { RouteData } from './shared/page-data';
import './styles.css';

const root = document.getElementById('root');
const dataElement = document.getElementById('page-data');
if (root && dataElement?.textContent) {
  const data = JSON.parse(dataElement.textContent) as RouteData;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App initial={data} />
      </BrowserRouter>
    </StrictMode>
  );
  // A 404 page is served for many URLs; it was rendered for none of them, so it is replaced
  // rather than hydrated (the router then shows "Article Not Found" or redirects home).
  if (data.page.kind === 'notFound') createRoot(root).render(app);
  else
    hydrateRoot(root, app, {
      // A mismatch between server and client markup is a bug: make it loud.
      onRecoverableError: (error) => console.error('Hydration error:', error),
    });
}
