// The backend side of the browser tests. The site in dist-backend/ (built from
// backend-site.toml) talks to a backend at BACKEND_ORIGIN, where nothing listens: each test
// starts its own small HTTP server on 127.0.0.1 and routes the page's backend requests to it,
// so tests can run in parallel, each with its own answers. The server checks requests exactly
// as the backend's REST API expects them, answers CORS preflights as a real one does, and gives
// the contact form its proof's challenge (`POST /rest/v1/rpc/contact_message_challenge`) as
// docs/contact-messages.sql does: the minute, the bits (the table's default, unless a test asks
// for more) and a seed of the minute's own.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { CHALLENGE_FUNCTION, challengeText, type Challenge } from '../../site/src/features/contact/proof-of-work';

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
  /** When it arrived (ms since the epoch). */
  at: number;
}

export type Handler = (req: Received, res: ServerResponse) => void;

export interface MockBackend {
  port: number;
  /** Every request but the preflights and the challenge's, in order. */
  received: Received[];
  /** The challenge's requests (`POST /rest/v1/rpc/contact_message_challenge`), in order. */
  challenges: Received[];
  close(): Promise<void>;
}

/** The proof's difficulty when few messages come: the table's default `proof_bits`. */
export const TABLE_BITS = Number(
  /^ {2}proof_bits integer not null default (\d+)/m.exec(readFileSync(new URL('../../docs/contact-messages.sql', import.meta.url), 'utf8'))?.[1],
);

/** The fake backend's seed of a minute (the database's is a secret's hash; any 32 bytes do here). */
export function mockSeed(minute: number): string {
  return createHash('sha256').update(`mock seed ${minute}`).digest('hex');
}

/** The challenge the fake backend gives now: this minute, `bits` (default TABLE_BITS), its seed. */
export function mockChallenge(bits = TABLE_BITS, minute = Math.floor(Date.now() / 60_000)): Challenge {
  return { minute, bits, seed: mockSeed(minute) };
}

export interface MockOptions {
  /** The bits the challenge asks for (default TABLE_BITS): a flooded table asks more. */
  bits?: number;
}

export async function startMockBackend(handler: Handler, options: MockOptions = {}): Promise<MockBackend> {
  const received: Received[] = [];
  const challenges: Received[] = [];
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
      const r = { method: req.method ?? '', path: url.pathname, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      if (r.path === `/rest/v1/rpc/${CHALLENGE_FUNCTION}`) {
        challenges.push(r);
        // PostgREST's answer to a function returning json: the value, as JSON.
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(mockChallenge(options.bits)));
        return;
      }
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
    challenges,
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

/** Checks a request is the challenge's: PostgREST's call of the function, with the anon key. */
export function expectChallengeRequest(r: Received): void {
  expect(r.method).toBe('POST');
  expect(r.path).toBe(`/rest/v1/rpc/${CHALLENGE_FUNCTION}`);
  expect(r.headers.apikey).toBe(ANON_KEY);
  expect(r.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.body).toBe('{}');
}

/** Checks a request is the REST insert of one contact message, exactly, with a proof of `bits`. */
export function expectContactInsert(r: Received, row: Record<string, string>, bits = TABLE_BITS): void {
  expect(r.method).toBe('POST');
  expect(r.path).toBe('/rest/v1/contact_messages');
  expect(r.headers.apikey).toBe(ANON_KEY);
  expect(r.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.headers.prefer).toBe('return=minimal');
  const { proof_minute: minute, proof_nonce: nonce, ...sent } = JSON.parse(r.body) as Record<string, unknown>;
  expect(sent).toEqual(row);
  expectProof(row, minute, nonce, bits);
}

/**
 * Checks a proof of work as docs/contact-messages.sql does, with node's crypto: for this minute
 * or the one before (or `seed`'s minute, given), and sha256(sha256(challenge) || nonce) starting
 * with `bits` zero bits, the challenge holding the minute's seed.
 */
export function expectProof(row: Record<string, string>, minute: unknown, nonce: unknown, bits = TABLE_BITS, seed?: string): void {
  const now = Math.floor(Date.now() / 60_000);
  if (!seed) expect(minute === now || minute === now - 1, `proof_minute ${String(minute)}, now ${now}`).toBe(true);
  expect(Number.isSafeInteger(nonce) && (nonce as number) >= 0, `proof_nonce ${String(nonce)}`).toBe(true);
  const input = { full_name: row.full_name!, email: row.email!, phone: row.phone!, message: row.message!, language: row.language! };
  const challenge = createHash('sha256').update(challengeText(input, minute as number, seed ?? mockSeed(minute as number)), 'utf8').digest();
  const n = Buffer.alloc(8);
  n.writeBigUInt64BE(BigInt(nonce as number));
  const hash = createHash('sha256').update(Buffer.concat([challenge, n])).digest();
  const zeros = [...hash].map((b) => b.toString(2).padStart(8, '0')).join('').indexOf('1');
  expect(zeros, `sha256 ${hash.toString('hex')}`).toBeGreaterThanOrEqual(bits);
}

/**
 * Answers as PostgREST does when the table's trigger raises P0001 (docs/contact-messages.sql):
 * HTTP 400 with the error's fields as JSON.
 */
export function refuseAsPostgrest(res: ServerResponse, message: string, details: string | null, hint: string | null = null): void {
  res
    .writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' })
    .end(JSON.stringify({ code: 'P0001', details, hint, message }));
}
