// Sends a contact message to the configured backend: one row inserted over its REST API
// (`POST <url>/rest/v1/<table>`), as a Supabase-compatible backend expects it.
import type { SiteInfo } from '@/shared/page-data';
import type { ContactMessage } from './validate';

/** How long to wait for the backend before giving up, in ms. */
export const SEND_TIMEOUT_MS = 10_000;

export type SendFailure = 'network' | 'timeout' | 'rejected' | 'server' | 'unconfigured';

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

/** Resolves once the backend stored the message; rejects with a ContactSendError otherwise. */
export type SendContactMessage = (site: SiteInfo, message: ContactMessage, lang: string) => Promise<void>;

/** `url` without its trailing slashes (a loop: `/\/+$/` backtracks quadratically on a long run of `/`). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

export const sendContactMessage: SendContactMessage = async (site, message, lang) => {
  const backend = site.backend;
  if (!backend) throw new ContactSendError('unconfigured');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${withoutTrailingSlashes(backend.url)}/rest/v1/${encodeURIComponent(backend.contactTable)}`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${backend.anonKey}`,
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify({
        full_name: message.fullName,
        email: message.email,
        phone: message.phone,
        message: message.message,
        language: lang,
      }),
      signal: controller.signal,
    });
  } catch {
    throw new ContactSendError(controller.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new ContactSendError(response.status >= 500 ? 'server' : 'rejected', response.status);
};
