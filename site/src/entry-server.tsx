// The server entry: render(url, data) -> html, evaluated by the Node render workers.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { serverScreens } from '@/app/routes/server-screens';
import { forgetIntlObjects, registerCatalogue } from '@/i18n';
import catalogues from 'virtual:sahel/strings/common';
import type { RouteData } from '@/shared/page-data';

// The server renders every language: every catalogue, up front.
for (const [lang, catalogue] of Object.entries(catalogues)) registerCatalogue(lang, catalogue);

export function render(url: string, data: RouteData): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App initial={data} screens={serverScreens} />
      </StaticRouter>
    </StrictMode>,
  );
}

/** Called by the worker snapshot's builder just before V8 writes the heap: a snapshot cannot
 * hold a live Intl object (site/ssr-snapshot.mjs). */
export function beforeSnapshot(): void {
  forgetIntlObjects();
}
