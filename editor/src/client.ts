// The editor's calls to sahel (src/api.ts is the contract). Every request carries the run's
// token from <meta name="sahel-edit-token"> as `X-Sahel-Edit-Token` and the editor's language as
// `ui`; bodies are JSON (the photo upload sends its bytes). The replies the contract names for
// 409 and 422 come back as typed results; any other failure throws an ApiError.
import type {
  Changes,
  CheckReply,
  ConflictReply,
  DeleteRefused,
  Diagnostic,
  Entry,
  MediaReply,
  SaveReply,
  SiteInfo,
  TemplateReply,
} from './api';

export const API_BASE = '/_edit/api';
export const TOKEN_HEADER = 'X-Sahel-Edit-Token';

/** A reply as a value: `ok` (200), `conflict` (409) or `invalid` (422). */
export type Result<T, C = never, I = never> =
  | { kind: 'ok'; data: T }
  | { kind: 'conflict'; data: C }
  | { kind: 'invalid'; data: I };

export class ApiError extends Error {
  /** The HTTP status, or 0 when sahel could not be reached. */
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export function readToken(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="sahel-edit-token"]');
  return meta?.content ?? '';
}

export interface FileText {
  text: string;
  version: string | null;
}

export interface CheckRequest {
  collection: string;
  id: string;
  files: Record<string, string>;
  preview: string | null;
}

export interface SaveRequest {
  collection: string;
  id: string;
  files: Record<string, FileText>;
}

export interface Author {
  name: string;
  email: string;
}

export class Client {
  private readonly ui: () => string;
  private readonly token: () => string;

  constructor(ui: () => string, token: () => string = () => readToken()) {
    this.ui = ui;
    this.token = token;
  }

  private url(path: string, params: Record<string, string> = {}): string {
    const q = new URLSearchParams({ ...params, ui: this.ui() });
    return `${API_BASE}${path}?${q.toString()}`;
  }

  private async send(method: 'GET' | 'POST', path: string, params?: Record<string, string>, body?: unknown, raw?: Blob | ArrayBuffer): Promise<{ status: number; data: unknown }> {
    const headers: Record<string, string> = { [TOKEN_HEADER]: this.token(), Accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (raw !== undefined) {
      headers['Content-Type'] = 'application/octet-stream';
      payload = raw;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(this.url(path, params), { method, headers, body: payload, credentials: 'same-origin', cache: 'no-store' });
    } catch (e) {
      throw new ApiError(0, e instanceof Error ? e.message : String(e));
    }
    let data: unknown = null;
    const text = await res.text();
    if (text !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        data = { message: text };
      }
    }
    return { status: res.status, data };
  }

  private async call<T, C = never, I = never>(method: 'GET' | 'POST', path: string, opts: { params?: Record<string, string>; body?: unknown; raw?: Blob | ArrayBuffer; conflict?: boolean; invalid?: boolean } = {}): Promise<Result<T, C, I>> {
    const { status, data } = await this.send(method, path, opts.params, opts.body, opts.raw);
    if (status >= 200 && status < 300) return { kind: 'ok', data: data as T };
    if (status === 409 && opts.conflict) return { kind: 'conflict', data: data as C };
    if (status === 422 && opts.invalid) return { kind: 'invalid', data: data as I };
    throw new ApiError(status, messageOf(data) ?? `HTTP ${status}`);
  }

  private async plain<T>(method: 'GET' | 'POST', path: string, opts: { params?: Record<string, string>; body?: unknown } = {}): Promise<T> {
    const r = await this.call<T>(method, path, opts);
    return r.data;
  }

  site(): Promise<SiteInfo> {
    return this.plain<SiteInfo>('GET', '/site');
  }

  entry(collection: string, id: string): Promise<Entry> {
    return this.plain<Entry>('GET', '/entry', { params: { collection, id } });
  }

  check(req: CheckRequest): Promise<CheckReply> {
    return this.plain<CheckReply>('POST', '/check', { body: req });
  }

  save(req: SaveRequest): Promise<Result<SaveReply, ConflictReply, { diagnostics: Diagnostic[] }>> {
    return this.call('POST', '/save', { body: req, conflict: true, invalid: true });
  }

  /** 409 when the id is taken. */
  template(collection: string, id: string): Promise<Result<TemplateReply, { message?: string }>> {
    return this.call('GET', '/template', { params: { collection, id }, conflict: true });
  }

  delete(collection: string, id: string, versions: Record<string, string | null>): Promise<Result<{ deleted: string[] }, DeleteRefused>> {
    return this.call('POST', '/delete', { body: { collection, id, versions }, conflict: true });
  }

  mark(collection: string, id: string, lang: string): Promise<Entry> {
    return this.plain<Entry>('POST', '/mark', { body: { collection, id, lang } });
  }

  media(name: string, bytes: Blob | ArrayBuffer): Promise<Result<MediaReply, never, { message: string }>> {
    return this.call('POST', '/media', { params: { name }, raw: bytes, invalid: true });
  }

  changes(): Promise<Changes> {
    return this.plain<Changes>('GET', '/changes');
  }

  commit(message: string, author: Author | null): Promise<{ commit: string }> {
    return this.plain('POST', '/commit', { body: { message, author } });
  }

  publish(): Promise<Result<{ pushed: true }, { refused: true; message: string }>> {
    return this.call('POST', '/publish', { conflict: true });
  }

  /** `author` signs the merge commit when git's configuration has none. */
  pull(author: Author | null = null): Promise<Result<{ ok: true }, { message: string }>> {
    return this.call('POST', '/pull', { body: { author }, conflict: true });
  }
}

function messageOf(data: unknown): string | undefined {
  if (data !== null && typeof data === 'object' && 'message' in data) {
    const m = (data as { message: unknown }).message;
    if (typeof m === 'string') return m;
  }
  return undefined;
}
