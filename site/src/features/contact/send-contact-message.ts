// Sends a contact message to the configured backend: one row inserted over its REST API
// (`POST <url>/rest/v1/<table>`), as a Supabase-compatible backend expects it, with the proof of
// work the table requires (proof-of-work.ts; docs/contact-messages.sql checks it). The proof's
// challenge comes first, from `POST <url>/rest/v1/rpc/contact_message_challenge`: one request
// more per message, and no more unless the table refuses the proof (too slow to arrive, say),
// when its refusal names the challenge to prove instead, and the message is sent once more.
import type { SiteInfo } from '@/shared/page-data';
import { CHALLENGE_FUNCTION, readChallenge, solveProof, type Challenge, type Proof, type ProofInput } from './proof-of-work';

export { CHALLENGE_FUNCTION };
import { FIELDS, fieldNames, type FieldList, type Fields, type Values } from './fields';

/** How long to wait for the backend before giving up, in ms (each request). */
export const SEND_TIMEOUT_MS = 10_000;

/**
 * Why a message was not sent. `limitedSender` and `limitedAddress`: the table's hourly limits
 * (per e-mail address or phone, and per client address); `proof`: the table refused the proof of
 * work.
 */
export type SendFailure = 'network' | 'timeout' | 'rejected' | 'server' | 'unconfigured' | 'limitedSender' | 'limitedAddress' | 'proof';

/** Why a message was not sent: what the visitor is told, and the HTTP status if there was one. */
export class ContactSendError extends Error {
  constructor(
    readonly reason: SendFailure,
    readonly status?: number,
  ) {
    super(`contact message not sent: ${reason}${status ? ` (HTTP ${status})` : ''}`);
    this.name = 'ContactSendError';
  }
}

/**
 * Resolves once the backend stored the message; rejects with a ContactSendError otherwise.
 * `proof`, when given, is the proof of work already under way (the form starts it, with
 * `makeProof`, while the send is held); otherwise one is made here.
 */
export type SendContactMessage = <F extends FieldList = Fields>(site: SiteInfo, message: Values<F>, lang: string, proof?: Promise<Proof>, fields?: F) => Promise<void>;

/** `url` without its trailing slashes (a loop: `/\/+$/` backtracks quadratically on a long run of `/`). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/**
 * The row as the table stores it: each field's value under its column (fields.ts), and the
 * page's language. The proof binds its name, e-mail, phone, message and language.
 */
export function contactRow<F extends FieldList = Fields>(message: NoInfer<Values<F>>, lang: string, fields: F = FIELDS as FieldList as F): ProofInput & Record<string, string> {
  const row: Record<string, string> = {};
  for (const field of fieldNames(fields)) row[fields[field]!.column] = message[field];
  row.language = lang;
  return row as ProofInput & Record<string, string>;
}

/** The table's refusals (PostgREST answers a P0001 raise with HTTP 400 and `{code, message, details, hint}`). */
export const REFUSALS: Readonly<Record<string, SendFailure>> = {
  rate_limited_sender: 'limitedSender',
  rate_limited_address: 'limitedAddress',
  proof_missing: 'proof',
  proof_invalid: 'proof',
  proof_stale: 'proof',
  proof_reused: 'proof',
  too_many_rows: 'proof',
};

/** Refusals whose details name the challenge to prove instead: worth one more proof. */
export const PROVE_AGAIN: ReadonlySet<string> = new Set(['proof_missing', 'proof_invalid', 'proof_stale']);

interface Answer {
  status: number;
  /** The table's refusal, when the body is PostgREST's error for one. */
  refusal?: string;
  /** The challenge a proof refusal names. */
  challenge?: Challenge | null;
}

/** Reads a PostgREST error body: `{code: "P0001", message, details}` for the table's refusals. */
async function readError(response: Response): Promise<Pick<Answer, 'refusal' | 'challenge'>> {
  try {
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') return {};
    const { code, message, details } = body as Record<string, unknown>;
    if (code !== 'P0001' || typeof message !== 'string' || !(message in REFUSALS)) return {};
    if (!PROVE_AGAIN.has(message) || typeof details !== 'string') return { refusal: message };
    let challenge: Challenge | null = null;
    try {
      challenge = readChallenge(JSON.parse(details));
    } catch {
      // not a challenge: nothing to prove again
    }
    return { refusal: message, challenge };
  } catch {
    return {};
  }
}

/** The REST request's headers for the site's public key. */
function headers(anonKey: string): Record<string, string> {
  return { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' };
}

/** `fetch`, given up after SEND_TIMEOUT_MS (or when `signal` aborts: rethrown as it is). */
async function request(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    signal?.throwIfAborted();
    throw new ContactSendError(controller.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** The challenge of the database's current minute (`POST <url>/rest/v1/rpc/contact_message_challenge`). */
export async function fetchChallenge(site: SiteInfo, signal?: AbortSignal): Promise<Challenge> {
  const backend = site.backend;
  if (!backend) throw new ContactSendError('unconfigured');
  const url = `${withoutTrailingSlashes(backend.url)}/rest/v1/rpc/${CHALLENGE_FUNCTION}`;
  const response = await request(url, { method: 'POST', headers: headers(backend.anonKey), body: '{}' }, signal);
  if (!response.ok) throw new ContactSendError(response.status >= 500 ? 'server' : 'rejected', response.status);
  let challenge: Challenge | null = null;
  try {
    challenge = readChallenge(await response.json());
  } catch {
    // not JSON: refused below
  }
  if (!challenge) throw new ContactSendError('server', response.status);
  return challenge;
}

export interface MakeProofOptions {
  /** Stops the request and the search (the form was left). */
  signal?: AbortSignal;
  /** Told the challenge, once the database has given it. */
  onChallenge?: (challenge: Challenge) => void;
}

/** A proof of `row` for the database's current challenge: asks for it, then solves it. */
export async function makeProof(site: SiteInfo, row: ProofInput, options: MakeProofOptions = {}): Promise<Proof> {
  const challenge = await fetchChallenge(site, options.signal);
  options.onChallenge?.(challenge);
  return solveProof(row, challenge, { signal: options.signal });
}

export const sendContactMessage: SendContactMessage = async (site, message, lang, proof, fields) => {
  const backend = site.backend;
  if (!backend) throw new ContactSendError('unconfigured');
  const row = contactRow(message, lang, fields);
  const post = async (withProof: Proof): Promise<Answer> => {
    const url = `${withoutTrailingSlashes(backend.url)}/rest/v1/${encodeURIComponent(backend.contactTable)}`;
    const body = JSON.stringify({ ...row, ...withProof });
    const response = await request(url, { method: 'POST', headers: { ...headers(backend.anonKey), Prefer: 'return=minimal' }, body });
    if (response.ok || response.status >= 500) return { status: response.status };
    return { status: response.status, ...(await readError(response)) };
  };
  let answer = await post(await (proof ?? makeProof(site, row)));
  // A proof the table could not take (made too slowly to arrive by the end of the next minute,
  // or for a minute whose difficulty rose as it began): its refusal names the challenge of the
  // table's minute, and one more proof, for that, goes through.
  if (answer.challenge) answer = await post(await solveProof(row, answer.challenge));
  if (answer.status >= 200 && answer.status < 300) return;
  const refused = answer.refusal ? REFUSALS[answer.refusal] : undefined;
  throw new ContactSendError(refused ?? (answer.status >= 500 ? 'server' : 'rejected'), answer.status);
};
