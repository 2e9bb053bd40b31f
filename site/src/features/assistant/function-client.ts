// The assistant function client: when the site config names a backend function
// (`[backend] assistant_function`), questions go to `POST <url>/functions/v1/<name>` with the
// conversation and the best local passages as context. The answer may come as server-sent
// events, as streamed plain text, or as JSON; any failure rejects, and the caller shows the
// failure message.
import type { Lang, SiteInfo } from '@/shared/page-data';
import type { Passage } from '@/shared/site-index/answerer';

/** How long a whole answer may take, from the request to its last byte. */
export const ASSISTANT_TIMEOUT_MS = 20_000;

export interface AssistantBackend {
  url: string;
  anonKey: string;
  assistantFunction: string;
}

export interface FunctionMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface FunctionRequest {
  messages: FunctionMessage[];
  language: Lang;
  /** The best local passages for the question. */
  context: Pick<Passage, 'id' | 'title' | 'text' | 'url'>[];
}

export interface AskOptions {
  /** Called with the whole answer so far, each time more of it arrives. */
  onText?: (textSoFar: string) => void;
  /** Aborts the request (the page went away). */
  signal?: AbortSignal;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class AssistantFunctionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssistantFunctionError';
  }
}

/** The site's assistant function, or null when none is configured. */
export function assistantBackend(site: SiteInfo): AssistantBackend | null {
  const backend = site.backend;
  if (!backend || typeof backend.assistantFunction !== 'string' || !backend.assistantFunction) return null;
  return { url: backend.url, anonKey: backend.anonKey, assistantFunction: backend.assistantFunction };
}

/** `url` without its trailing slashes (a loop: `/\/+$/` backtracks quadratically on a long run of `/`). */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

export function functionUrl(backend: AssistantBackend): string {
  return `${withoutTrailingSlashes(backend.url)}/functions/v1/${encodeURIComponent(backend.assistantFunction)}`;
}

/** The text an SSE event or a JSON body carries: `{content}`, `{delta}`, `{answer}`, `{reply}`, … */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  for (const key of ['content', 'delta', 'answer', 'reply', 'text']) {
    if (typeof v[key] === 'string') return v[key];
  }
  // The OpenAI streaming shape, which many functions pass through unchanged.
  const choice = Array.isArray(v.choices) ? (v.choices[0] as Record<string, unknown> | undefined) : undefined;
  const delta = choice?.delta as Record<string, unknown> | undefined;
  return typeof delta?.content === 'string' ? delta.content : null;
}

/**
 * Reads server-sent events: each event's `data:` lines joined; `[DONE]` ends the stream; an
 * event's data is JSON with the text in it, or the text itself.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  done = false;

  constructor(private readonly emit: (text: string) => void) {}

  push(chunk: string) {
    this.buffer += chunk;
    // Only a chunk with a line end can complete a line: splitting the whole buffer on every
    // chunk made a long line sent in small chunks quadratic.
    if (!chunk.includes('\n') && !chunk.includes('\r')) return;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? ''; // an incomplete last line waits for the next chunk
    for (const line of lines) this.line(line);
  }

  end() {
    if (this.buffer) this.line(this.buffer);
    this.buffer = '';
    this.dispatch();
  }

  private line(line: string) {
    if (this.done) return;
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }

  private dispatch() {
    const data = this.data.join('\n');
    const event = this.event;
    this.data = [];
    this.event = '';
    if (this.done || data === '') return;
    if (event === 'error') throw new AssistantFunctionError(`the function sent an error event: ${data}`);
    if (data.trim() === '[DONE]') {
      this.done = true;
      return;
    }
    let text: string | null;
    try {
      text = textOf(JSON.parse(data));
    } catch {
      text = data; // not JSON: the text itself
    }
    if (text) this.emit(text);
  }
}

/**
 * Asks the assistant function; resolves with the whole answer (streamed answers are also given
 * to `onText` as they grow). Rejects with an AssistantFunctionError on a network error, a non-2xx
 * status, a timeout, an abort or an empty answer.
 */
export async function askAssistantFunction(
  backend: AssistantBackend,
  request: FunctionRequest,
  { onText, signal, timeoutMs = ASSISTANT_TIMEOUT_MS, fetch: fetchImpl = fetch }: AskOptions = {},
): Promise<string> {
  const controller = new AbortController();
  // Every await below races this, so a stalled request or stream ends at the deadline even
  // where aborting the fetch does not interrupt a pending read.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new AssistantFunctionError(String(controller.signal.reason))));
  });
  aborted.catch(() => {}); // handled by the races; no unhandled rejection when nothing awaits it
  const timer = setTimeout(() => controller.abort('the assistant function timed out'), timeoutMs);
  const onAbort = () => controller.abort('the request was cancelled');
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort);

  let answer = '';
  const append = (text: string) => {
    answer += text;
    onText?.(answer);
  };
  try {
    const response = await Promise.race([
      fetchImpl(functionUrl(backend), {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          Authorization: `Bearer ${backend.anonKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(request),
        signal: controller.signal,
      }),
      aborted,
    ]);
    if (!response.ok) throw new AssistantFunctionError(`the assistant function answered ${response.status}`);
    const type = (response.headers.get('content-type') ?? '').toLowerCase();

    if (type.includes('application/json')) {
      answer = textOf(await Promise.race([response.json(), aborted])) ?? '';
    } else if (response.body) {
      // text/event-stream, or any other text (text/plain): read it as it arrives.
      const sse = type.includes('text/event-stream') ? new SseParser(append) : null;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await Promise.race([reader.read(), aborted]);
          const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
          if (sse) {
            sse.push(text);
            if (done) sse.end();
            if (sse.done) break;
          } else if (text) append(text);
          if (done) break;
        }
      } finally {
        reader.cancel().catch(() => {});
      }
    } else {
      answer = await Promise.race([response.text(), aborted]);
    }
  } catch (error) {
    if (error instanceof AssistantFunctionError) throw error;
    throw new AssistantFunctionError(controller.signal.aborted ? String(controller.signal.reason) : String(error));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (!answer.trim()) throw new AssistantFunctionError('the assistant function gave an empty answer');
  return answer;
}
