import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, Client, readToken, TOKEN_HEADER } from '../client';
import { mockFetch, setToken, SITE } from './fixtures';

describe('client', () => {
  beforeEach(() => setToken('s3cret'));
  afterEach(() => vi.unstubAllGlobals());

  it('reads the token from the meta tag', () => {
    expect(readToken()).toBe('s3cret');
  });

  it('sends the token header and the ui language on every request', async () => {
    const { calls } = mockFetch((c) => (c.path === '/site' ? { json: SITE } : { json: { diagnostics: [], preview: null } }));
    let ui = 'ar';
    const client = new Client(() => ui);
    await client.site();
    ui = 'en';
    await client.check({ collection: 'posts', id: 'x', files: { ar: 'a' }, preview: 'ar' });
    expect(calls).toHaveLength(2);
    for (const c of calls) expect(c.headers[TOKEN_HEADER.toLowerCase()]).toBe('s3cret');
    expect(calls[0]?.params.get('ui')).toBe('ar');
    expect(calls[1]?.params.get('ui')).toBe('en');
    expect(calls[1]?.method).toBe('POST');
    expect(calls[1]?.headers['content-type']).toBe('application/json');
    expect(calls[1]?.body).toEqual({ collection: 'posts', id: 'x', files: { ar: 'a' }, preview: 'ar' });
  });

  it('returns 409 and 422 replies as typed results', async () => {
    mockFetch((c) => {
      if (c.path === '/save' && (c.body as { id: string }).id === 'late') return { status: 409, json: { conflicts: { en: { path: 'p', text: 'theirs', version: 'v2' } } } };
      if (c.path === '/save') return { status: 422, json: { diagnostics: [] } };
      if (c.path === '/media') return { status: 422, json: { message: 'not a photo' } };
      return undefined;
    });
    const client = new Client(() => 'en');
    const conflict = await client.save({ collection: 'posts', id: 'late', files: {} });
    expect(conflict.kind).toBe('conflict');
    if (conflict.kind === 'conflict') expect(conflict.data.conflicts.en?.text).toBe('theirs');
    const invalid = await client.save({ collection: 'posts', id: 'bad', files: {} });
    expect(invalid).toEqual({ kind: 'invalid', data: { diagnostics: [] } });
    const media = await client.media('x.jpg', new Blob(['abc']));
    expect(media).toEqual({ kind: 'invalid', data: { message: 'not a photo' } });
  });

  it('uploads a photo as octet-stream with its name', async () => {
    const { calls } = mockFetch(() => ({ json: { src: '/media/x.jpg', width: 10, height: 10 } }));
    const r = await new Client(() => 'en').media('x.jpg', new Blob(['abc']));
    expect(r).toEqual({ kind: 'ok', data: { src: '/media/x.jpg', width: 10, height: 10 } });
    expect(calls[0]?.params.get('name')).toBe('x.jpg');
    expect(calls[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(calls[0]?.headers[TOKEN_HEADER.toLowerCase()]).toBe('s3cret');
  });

  it('throws an ApiError with the message on other failures', async () => {
    mockFetch(() => ({ status: 403, json: { message: 'bad token' } }));
    await expect(new Client(() => 'en').site()).rejects.toEqual(new ApiError(403, 'bad token'));
  });
});
