// @vitest-environment node
// The assistant function client against a mocked fetch: the request, the three answer formats,
// and every way it fails.
import { describe, expect, it, vi } from 'vitest';
import { SITE } from '@/__tests__/test-utils';
import {
  ASSISTANT_TIMEOUT_MS,
  askAssistantFunction,
  assistantBackend,
  AssistantFunctionError,
  type AssistantBackend,
  type FunctionRequest,
} from '../function-client';

const BACKEND: AssistantBackend = { url: 'https://demo.supabase.co/', anonKey: 'anon-key', assistantFunction: 'assistant' };
const REQUEST: FunctionRequest = {
  messages: [
    { role: 'user', content: 'Hello' },
    { role: 'assistant', content: 'Hi! How can I help?' },
    { role: 'user', content: 'How long does company formation take?' },
  ],
  language: 'en',
  context: [{ id: 'service:company-formation:timeline', title: 'Company formation — timeline', text: '2-10 working days', url: '/en/services/company-formation/' }],
};

/** A streamed body whose chunks are pushed by the test, one at a time. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    stream,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    pushBytes: (bytes: Uint8Array) => controller.enqueue(bytes),
    close: () => controller.close(),
  };
}

/** Lets the client read what was pushed. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('askAssistantFunction', () => {
  it('posts the conversation, language and context with the anon key', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ answer: 'Two to ten working days.' }));
    await askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://demo.supabase.co/functions/v1/assistant');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ apikey: 'anon-key', Authorization: 'Bearer anon-key', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual(REQUEST);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('reads a JSON answer, also as `reply` or `content`', async () => {
    for (const body of [{ answer: 'A' }, { reply: 'A' }, { content: 'A' }]) {
      const fetchMock = vi.fn<typeof fetch>(async () => Response.json(body));
      await expect(askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock })).resolves.toBe('A');
    }
  });

  it('shows a server-sent-events answer growing as its events arrive', async () => {
    const body = controlledStream();
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(body.stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }));
    const seen: string[] = [];
    const done = askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock, onText: (text) => seen.push(text) });

    body.push('data: {"content":"Company formation "}\n\n');
    await settle();
    expect(seen).toEqual(['Company formation ']);

    // An event split across chunks, a keep-alive comment, a `delta` and a plain-text event.
    body.push(': keep-alive\n\ndata: {"del');
    await settle();
    expect(seen).toHaveLength(1);
    body.push('ta":"takes "}\r\n\r\ndata: 2-10 working days.\n\n');
    await settle();
    expect(seen.at(-1)).toBe('Company formation takes 2-10 working days.');

    body.push('data: [DONE]\n\ndata: {"content":" ignored"}\n\n');
    await expect(done).resolves.toBe('Company formation takes 2-10 working days.');
  });

  it('streams a plain-text answer as it arrives', async () => {
    const body = controlledStream();
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(body.stream, { headers: { 'content-type': 'text/plain; charset=utf-8' } }));
    const seen: string[] = [];
    const done = askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock, onText: (text) => seen.push(text) });
    body.push('من 2 إلى ');
    await settle();
    expect(seen).toEqual(['من 2 إلى ']);
    // A character split between two chunks is decoded whole once its second half arrives.
    const bytes = new TextEncoder().encode('10 أيام');
    body.pushBytes(bytes.slice(0, 4)); // "10 " and half of "أ"
    await settle();
    expect(seen.at(-1)).toBe('من 2 إلى 10 ');
    body.pushBytes(bytes.slice(4));
    body.close();
    await expect(done).resolves.toBe('من 2 إلى 10 أيام');
    expect(seen.at(-1)).toBe('من 2 إلى 10 أيام');
  });

  it('fails on a non-2xx status', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ answer: 'ok' }, { status: 500 }));
    await expect(askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock })).rejects.toThrow(AssistantFunctionError);
  });

  it('fails on a network error', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock })).rejects.toThrow(AssistantFunctionError);
  });

  it('fails on an empty answer', async () => {
    for (const response of [Response.json({ answer: '  ' }), Response.json({ other: 'x' }), new Response('', { headers: { 'content-type': 'text/plain' } })]) {
      const fetchMock = vi.fn<typeof fetch>(async () => response);
      await expect(askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock })).rejects.toThrow(/empty/);
    }
  });

  it('fails when no response comes before the deadline, and aborts the request', async () => {
    let signal: AbortSignal | undefined;
    const fetchMock = vi.fn<typeof fetch>((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {}); // never answers
    });
    await expect(askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock, timeoutMs: 30 })).rejects.toThrow(/timed out/);
    expect(signal?.aborted).toBe(true);
  });

  it('fails when a stream stalls past the deadline, even after part of the answer', async () => {
    const body = controlledStream();
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(body.stream, { headers: { 'content-type': 'text/event-stream' } }));
    const seen: string[] = [];
    const done = askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock, timeoutMs: 50, onText: (t) => seen.push(t) });
    body.push('data: {"content":"Partial"}\n\n');
    await expect(done).rejects.toThrow(/timed out/);
    expect(seen).toEqual(['Partial']);
  });

  it('fails on an SSE error event', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('event: error\ndata: overloaded\n\n', { headers: { 'content-type': 'text/event-stream' } }));
    await expect(askAssistantFunction(BACKEND, REQUEST, { fetch: fetchMock })).rejects.toThrow(AssistantFunctionError);
  });

  it('has a bounded default deadline', () => {
    expect(ASSISTANT_TIMEOUT_MS).toBeGreaterThan(0);
    expect(ASSISTANT_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });
});

describe('assistantBackend', () => {
  it('is the configured function, or null without one', () => {
    expect(assistantBackend(SITE)).toBeNull();
    const backend = { url: 'https://x.supabase.co', anonKey: 'k', contactTable: 'contact_messages', assistantFunction: null };
    expect(assistantBackend({ ...SITE, backend: { ...SITE.backend, ...backend } as typeof SITE.backend })).toBeNull();
    expect(assistantBackend({ ...SITE, backend: { ...backend, assistantFunction: 'assistant' } as typeof SITE.backend })).toEqual({
      url: 'https://x.supabase.co',
      anonKey: 'k',
      assistantFunction: 'assistant',
    });
  });
});
