// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_FUNCTION, ContactSendError, SEND_TIMEOUT_MS, contactRow, fetchChallenge, makeProof, sendContactMessage } from '../send-contact-message';
import { proofZeros, type Challenge, type Proof } from '../proof-of-work';
import { fieldError, isDialable, isEmail, trimmed, validate } from '../validate';
import { westernDigits } from '@/shared/locale';
import { contactHrefs } from '@/shared/paths';
import { handoffText } from '../handoff';
import { SITE } from '@/__tests__/test-utils';
import type { SiteInfo } from '@/shared/page-data';

const MESSAGE = { fullName: 'Sara Ali', email: 'sara@example.com', phone: '+971 50 123 4567', message: 'I need a trade licence.' };
const SITE_B: SiteInfo = {
  ...SITE,
  backend: { url: 'https://x.example.co/', anonKey: 'anon-key', contactTable: 'contact_messages', assistantFunction: null, formEndpoint: null },
};

describe('validation', () => {
  it.each(['+971 50 123 4567', '+971501234567', '00971 4 555 0100', '050 123 4567', '04 555 0100', '+44 20 7946 0958', '(050) 123-4567', '٠٥٠ ١٢٣ ٤٥٦٧'])(
    'accepts the dialable number %s',
    (n) => expect(isDialable(n)).toBe(true),
  );
  it.each(['12345', '+971', '50 123', 'call me', '+971 50 123 4567 ext', '0000', '+1234567890123456'])('rejects %s', (n) =>
    expect(isDialable(n)).toBe(false),
  );
  it('checks e-mail addresses', () => {
    expect(isEmail('sara@example.com')).toBe(true);
    expect(isEmail('s.ali+pro@mail.example.ae')).toBe(true);
    for (const bad of ['sara@example', 'sara@', '@example.com', 'sara example@x.com', 'sara@@x.com', 'sara@x..com']) expect(isEmail(bad)).toBe(false);
  });
  it('gives each field its own message key, and trims first', () => {
    expect(validate({ fullName: ' ', email: '', phone: '', message: '' })).toEqual({
      fullName: 'required', email: 'required', phone: 'required', message: 'required',
    });
    expect(fieldError('fullName', 'S')).toBe('nameShort');
    expect(fieldError('fullName', 'x'.repeat(101))).toBe('nameLong');
    expect(fieldError('message', 'Too short')).toBe('messageShort');
    expect(fieldError('message', 'x'.repeat(2001))).toBe('messageLong');
    expect(validate(MESSAGE)).toEqual({});
  });
  it('maps Arabic-Indic digits to Western ones', () => {
    expect(westernDigits('٠٥٠ ١٢٣ ۴۵۶۷')).toBe('050 123 4567');
    expect(trimmed({ ...MESSAGE, phone: ' ٠٥٠ ١٢٣ ٤٥٦٧ ' }).phone).toBe('050 123 4567');
  });
});

describe('the handoff links', () => {
  it('prefill the chat app and e-mail with the message and the sender', () => {
    const text = handoffText(MESSAGE, (f) => ({ fullName: 'Name', phone: 'Phone', email: 'Email', message: 'Message' })[f]);
    expect(text).toBe('I need a trade licence.\n\nName: Sara Ali\nPhone: +971 50 123 4567\nEmail: sara@example.com');
    // In Arabic (a right-to-left chat bubble) the phone and e-mail are isolated left to right,
    // the name by its first strong letter.
    expect(handoffText(MESSAGE, (f) => ({ fullName: 'الاسم', phone: 'الهاتف', email: 'البريد', message: 'الرسالة' })[f], true)).toBe(
      'I need a trade licence.\n\nالاسم: \u2068Sara Ali\u2069\nالهاتف: \u2066+971 50 123 4567\u2069\nالبريد: \u2066sara@example.com\u2069',
    );
    expect(contactHrefs.whatsapp('+971 50 555 0100', 'a b&c')).toBe('https://wa.me/971505550100?text=a%20b%26c');
    expect(contactHrefs.mailto('info@x.ae', { subject: 'Hi there', body: 'Line 1\nLine 2' })).toBe('mailto:info@x.ae?subject=Hi%20there&body=Line%201%0ALine%202');
  });
});

/** A proof the tests' fake backends take as it is (the database's check is in proof-of-work.test.ts). */
const PROOF: Proof = { proof_minute: 29_000_000, proof_nonce: 42 };
const proof = () => Promise.resolve(PROOF);

/** The database's challenge, as `contact_message_challenge` answers it (PostgREST: the function's JSON). */
const CHALLENGE: Challenge = { minute: 29_000_007, bits: 12, seed: 'a5'.repeat(32) };
const challengeAnswer = (challenge: Challenge = CHALLENGE) =>
  new Response(JSON.stringify(challenge), { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
const isChallengeRequest = (url: string) => url === `https://x.example.co/rest/v1/rpc/${CHALLENGE_FUNCTION}`;

/** PostgREST's answer to the table's P0001 raise: HTTP 400, `{code, details, hint, message}`. */
const refusal = (message: string, details: string | null = null) =>
  new Response(JSON.stringify({ code: 'P0001', details, hint: 'Try again later, or reach us on WhatsApp.', message }), {
    status: 400,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

describe('sendContactMessage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('inserts one row over the REST API, as the backend expects', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await sendContactMessage(SITE_B, MESSAGE, 'ar', proof());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://x.example.co/rest/v1/contact_messages');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      apikey: 'anon-key',
      Authorization: 'Bearer anon-key',
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    });
    expect(JSON.parse(init.body as string)).toEqual({
      full_name: 'Sara Ali', email: 'sara@example.com', phone: '+971 50 123 4567', message: 'I need a trade licence.', language: 'ar',
      proof_minute: PROOF.proof_minute, proof_nonce: PROOF.proof_nonce,
    });
  });

  it('without a proof given, asks the database for the challenge, proves it for the row and sends: one request more', async () => {
    const fetchMock = vi.fn(async (url: string) => (isChallengeRequest(url) ? challengeAnswer() : new Response(null, { status: 201 })));
    vi.stubGlobal('fetch', fetchMock);
    await sendContactMessage(SITE_B, MESSAGE, 'en');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [[url, init], [insertUrl, insert]] = fetchMock.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    // PostgREST's call of a function without arguments: POST, an empty JSON object, the anon key.
    expect(url).toBe('https://x.example.co/rest/v1/rpc/contact_message_challenge');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.headers).toEqual({ apikey: 'anon-key', Authorization: 'Bearer anon-key', 'Content-Type': 'application/json' });
    expect(insertUrl).toBe('https://x.example.co/rest/v1/contact_messages');
    const body = JSON.parse(insert.body as string) as Proof;
    // The database's minute, not this device's clock.
    expect(body.proof_minute).toBe(CHALLENGE.minute);
    expect(proofZeros(contactRow(MESSAGE, 'en'), body, CHALLENGE.seed)).toBeGreaterThanOrEqual(CHALLENGE.bits);
  });

  it.each([
    ['rate_limited_sender', 'limitedSender'],
    ['rate_limited_address', 'limitedAddress'],
    ['proof_invalid', 'proof'],
    ['proof_stale', 'proof'],
    ['proof_reused', 'proof'],
    ['proof_missing', 'proof'],
    ['too_many_rows', 'proof'],
  ] as const)("the table's refusal %s is reported as %s", async (message, reason) => {
    const fetchMock = vi.fn(async () => refusal(message));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendContactMessage(SITE_B, MESSAGE, 'en', proof())).rejects.toMatchObject({ reason, status: 400 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 400 for a broken rule (a check constraint) stays "rejected"', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ code: '23514', details: null, hint: null, message: 'new row violates check constraint' }), { status: 400 }),
    );
    await expect(sendContactMessage(SITE_B, MESSAGE, 'en', proof())).rejects.toMatchObject({ reason: 'rejected', status: 400 });
  });

  it.each(['proof_stale', 'proof_invalid'])(
    "a proof refused as %s (too slow to arrive, or the minute's difficulty rose) is made again for the challenge the refusal names, once",
    async (raised) => {
      // The table's details: the challenge of its minute, as contact_message_challenge gives it.
      const named: Challenge = { minute: PROOF.proof_minute + 2, bits: 13, seed: '5a'.repeat(32) };
      const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
        (JSON.parse(init.body as string) as Proof).proof_minute === named.minute ? new Response(null, { status: 201 }) : refusal(raised, JSON.stringify(named)),
      );
      vi.stubGlobal('fetch', fetchMock);
      await sendContactMessage(SITE_B, MESSAGE, 'en', proof());
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const second = JSON.parse(fetchMock.mock.calls[1]![1].body as string) as Proof;
      expect(second.proof_minute).toBe(named.minute);
      expect(proofZeros(contactRow(MESSAGE, 'en'), second, named.seed)).toBeGreaterThanOrEqual(named.bits);
      // Refused again: no third try.
      fetchMock.mockImplementation(async () => refusal(raised, JSON.stringify(named)));
      await expect(sendContactMessage(SITE_B, MESSAGE, 'en', proof())).rejects.toMatchObject({ reason: 'proof' });
      expect(fetchMock).toHaveBeenCalledTimes(4);
    },
  );

  it('a proof refusal without a challenge in its details (an older table) is not tried again', async () => {
    const fetchMock = vi.fn(async () => refusal('proof_stale', 'server_minute=29000090'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendContactMessage(SITE_B, MESSAGE, 'en', proof())).rejects.toMatchObject({ reason: 'proof' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it.each([
    [500, 'server'],
    [503, 'server'],
    [400, 'rejected'],
    [401, 'rejected'],
  ] as const)('an HTTP %i is reported as %s, with the status', async (status, reason) => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status }));
    const error = await sendContactMessage(SITE_B, MESSAGE, 'en', proof()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactSendError);
    expect((error as ContactSendError).reason).toBe(reason);
    expect((error as ContactSendError).status).toBe(status);
  });

  it('a network failure is reported as such', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendContactMessage(SITE_B, MESSAGE, 'en', proof())).rejects.toMatchObject({ reason: 'network' });
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const result = sendContactMessage(SITE_B, MESSAGE, 'en', proof()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await result).toMatchObject({ reason: 'timeout' });
  });

  it('a challenge that cannot be had fails the send as the request failed, with no insert', async () => {
    for (const [answer, reason] of [
      [() => Promise.reject(new TypeError('Failed to fetch')), 'network'],
      [async () => new Response('{}', { status: 503 }), 'server'],
      [async () => new Response('{"code":"PGRST202","message":"Could not find the function"}', { status: 404 }), 'rejected'],
      [async () => new Response('not json', { status: 200 }), 'server'],
      [async () => challengeAnswer({ ...CHALLENGE, seed: 'not hex' }), 'server'],
    ] as const) {
      const fetchMock = vi.fn(answer);
      vi.stubGlobal('fetch', fetchMock);
      await expect(sendContactMessage(SITE_B, MESSAGE, 'en'), reason).rejects.toMatchObject({ reason });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('a challenge that never comes times out', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const result = fetchChallenge(SITE_B).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await result).toMatchObject({ reason: 'timeout' });
  });

  it('makeProof tells the form the challenge, and stops when the form is left', async () => {
    vi.stubGlobal('fetch', async () => challengeAnswer());
    const told: Challenge[] = [];
    const made = await makeProof(SITE_B, contactRow(MESSAGE, 'en'), { onChallenge: (c) => told.push(c) });
    expect(told).toEqual([CHALLENGE]);
    expect(proofZeros(contactRow(MESSAGE, 'en'), made, CHALLENGE.seed)).toBeGreaterThanOrEqual(CHALLENGE.bits);
    // 60 bits: only leaving ends it.
    vi.stubGlobal('fetch', async () => challengeAnswer({ ...CHALLENGE, bits: 60 }));
    const controller = new AbortController();
    const search = makeProof(SITE_B, contactRow(MESSAGE, 'en'), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('left the page')), 30);
    await expect(search).rejects.toThrow('left the page');
  });

  it('with no backend, fails as unconfigured without a request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendContactMessage(SITE, MESSAGE, 'en')).rejects.toMatchObject({ reason: 'unconfigured' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
