// Sends a contact message to the configured backend: one row inserted over its REST API
// (`POST <url>/rest/v1/<table>`), as a Supabase-compatible backend expects it, with the proof of
// work the table requires (proof-of-work.ts; docs/contact-messages.sql checks it).
import type { SiteInfo } from '@/shared/page-data';
import { solveProof, type Proof, type ProofInput } from './proof-of-work';
import { FIELDS, fieldNames, type FieldList, type Fields, type Values } from './fields';

/** How long to wait for the backend before giving up, in ms. */
export const SEND_TIMEOUT_MS = 10_000;

/**
 * Why a message was not sent. `limitedSender` and `limitedGlobal`: the table's hourly limits
 * (per e-mail address or phone, and in all); `proof`: the table refused the proof of work.
 */
export type SendFailure = 'network' | 'timeout' | 'rejected' | 'server' | 'unconfigured' | 'limitedSender' | 'limitedGlobal' | 'proof';

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
 * `proof`, when given, is the proof of work already under way (the form starts it with the
 * send's hold); otherwise one is made here.
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
const REFUSALS: Record<string, SendFailure> = {
  rate_limited_sender: 'limitedSender',
  rate_limited_global: 'limitedGlobal',
  proof_missing: 'proof',
  proof_invalid: 'proof',
  proof_stale: 'proof',
  proof_reused: 'proof',
  too_many_rows: 'proof',
};

interface Answer {
  status: number;
  /** The table's refusal, when the body is PostgREST's error for one. */
  refusal?: string;
  details?: string;
}

/** Reads a PostgREST error body: `{code: "P0001", message, details}` for the table's refusals. */
async function readError(response: Response): Promise<Pick<Answer, 'refusal' | 'details'>> {
  try {
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') return {};
    const { code, message, details } = body as Record<string, unknown>;
    if (code !== 'P0001' || typeof message !== 'string' || !(message in REFUSALS)) return {};
    return { refusal: message, details: typeof details === 'string' ? details : undefined };
  } catch {
    return {};
  }
}

export const sendContactMessage: SendContactMessage = async (site, message, lang, proof, fields) => {
  const backend = site.backend;
  if (!backend) throw new ContactSendError('unconfigured');
  const row = contactRow(message, lang, fields);
  const post = async (withProof: Proof): Promise<Answer> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
    try {
      const response = await fetch(`${withoutTrailingSlashes(backend.url)}/rest/v1/${encodeURIComponent(backend.contactTable)}`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          Authorization: `Bearer ${backend.anonKey}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
        },
        body: JSON.stringify({ ...row, ...withProof }),
        signal: controller.signal,
      });
      if (response.ok || response.status >= 500) return { status: response.status };
      return { status: response.status, ...(await readError(response)) };
    } catch {
      throw new ContactSendError(controller.signal.aborted ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
  };
  let answer = await post(await (proof ?? solveProof(row)));
  // A device whose clock is more than a few minutes off makes a proof the table calls stale; it
  // gives its own minute, and one more proof for that minute goes through.
  const serverMinute = answer.refusal === 'proof_stale' ? /^server_minute=(\d+)$/.exec(answer.details ?? '')?.[1] : undefined;
  if (serverMinute) answer = await post(await solveProof(row, { minute: Number(serverMinute) }));
  if (answer.status >= 200 && answer.status < 300) return;
  const refused = answer.refusal ? REFUSALS[answer.refusal] : undefined;
  throw new ContactSendError(refused ?? (answer.status >= 500 ? 'server' : 'rejected'), answer.status);
};
