// The backend side of the browser tests. The site in dist-backend/ (built from
// backend-site.toml) talks to a backend at BACKEND_ORIGIN, where nothing listens: each test
// starts its own small HTTP server on 127.0.0.1 and routes the page's backend requests to it,
// so tests can run in parallel, each with its own answers. The server checks requests exactly
// as the backend's REST API expects them, and answers CORS preflights as a real one does.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';

export const BACKEND_ORIGIN = 'http://127.0.0.1:4190';
export const ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzYWhlbC10ZXN0cyIsInJvbGUiOiJhbm9uIn0.bm90LWEtcmVhbC1zaWduYXR1cmU'; // a JWT with role "anon", as site.toml requires
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BACKEND_SITE_PORT = Number(process.env.E2E_BACKEND_PORT ?? PORT + 1);

/** A page of the site built with the backend configured. */
export function backendSite(path: string): string {
  return `http://127.0.0.1:${BACKEND_SITE_PORT}${path}`;
}

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: Received, res: ServerResponse) => void;

export interface MockBackend {
  port: number;
  /** Every non-preflight request, in order. */
  received: Received[];
  close(): Promise<void>;
}

export async function startMockBackend(handler: Handler): Promise<MockBackend> {
  const received: Received[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
          'Access-Control-Allow-Headers': 'apikey, authorization, content-type, prefer, x-client-info',
          'Access-Control-Max-Age': '0',
        });
        res.end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const r = { method: req.method ?? '', path: url.pathname, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      handler(r, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy(); // also ends requests the test left hanging
        server.close(() => resolve());
      }),
  };
}

/** Sends the page's backend requests to a local port (a mock, or a closed port). */
export async function routeBackend(page: Page, port: number): Promise<void> {
  await page.route(`${BACKEND_ORIGIN}/**`, (route) =>
    route.continue({ url: route.request().url().replace(BACKEND_ORIGIN, `http://127.0.0.1:${port}`) }),
  );
}

/** A port nothing listens on: a server is opened there, then closed. */
export async function closedPort(): Promise<number> {
  const mock = await startMockBackend(() => {});
  await mock.close();
  return mock.port;
}

/** Checks a request is the REST insert of one contact message, exactly. */
export function expectContactInsert(r: Received, row: Record<string, string>): void {
  expect(r.method).toBe('POST');
  expect(r.path).toBe('/rest/v1/contact_messages');
  expect(r.headers.apikey).toBe(ANON_KEY);
  expect(r.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.headers.prefer).toBe('return=minimal');
  expect(JSON.parse(r.body)).toEqual(row);
}
