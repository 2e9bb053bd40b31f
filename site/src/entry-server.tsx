// The server entry: render(url, data) -> html, evaluated by the Node render workers.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';
import { serverScreens } from './features/screens/server-screens';
import type { RouteData } from './shared/page-data';

export function render(url: string, data: RouteData): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App initial={data} screens={serverScreens} />
      </StaticRouter>
    </StrictMode>,
  );
}
