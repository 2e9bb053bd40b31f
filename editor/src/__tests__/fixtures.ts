// Canned api.ts replies and a fetch double that answers them, for the editor's tests.
import { vi } from 'vitest';
import type { CollectionInfo, Entry, SiteInfo } from '../api';

export const POSTS: CollectionInfo = {
  name: 'posts',
  form: 'markdown',
  entries_can_change: true,
  fields: {
    title: { type: 'text', required: true, min: 1 },
    author: { type: 'text', required: true, min: 1 },
    date: { type: 'date', required: true },
    excerpt: { type: 'text', required: true, min: 1 },
    draft: { type: 'boolean' },
    image: { type: 'object', fields: { src: { type: 'text', required: true, min: 1 }, alt: { type: 'text', required: true, min: 1 } } },
    body: { type: 'markdown', required: true },
  },
  entries: [
    {
      id: 'golden-visa-guide',
      titles: { ar: 'الإقامة الذهبيّة في الإمارات: دليل عملي', en: 'The UAE Golden Visa: a practical guide' },
      files: { ar: 'content/ar/blog/golden-visa-guide.md', en: 'content/en/blog/golden-visa-guide.md' },
      states: { ar: 'source', en: 'fresh' },
      draft: false,
    },
    {
      id: 'uae-corporate-tax-guide',
      titles: { ar: 'دليل ضريبة الشركات في الإمارات', en: 'UAE corporate tax guide' },
      files: { ar: 'content/ar/blog/uae-corporate-tax-guide.md', en: 'content/en/blog/uae-corporate-tax-guide.md' },
      states: { ar: 'source', en: 'stale' },
      draft: false,
    },
    {
      id: 'family-visa-steps',
      titles: { ar: 'خطوات تأشيرة العائلة', en: null },
      files: { ar: 'content/ar/blog/family-visa-steps.md', en: 'content/en/blog/family-visa-steps.md' },
      states: { ar: 'source', en: 'missing' },
      draft: true,
    },
  ],
};

export const FAQ: CollectionInfo = {
  name: 'faq',
  form: 'list',
  entries_can_change: false,
  fields: {
    id: { type: 'text', required: true, min: 1 },
    question: { type: 'text', required: true, min: 1 },
    answer: { type: 'text', required: true, min: 1 },
  },
  entries: [
    {
      id: 'faq',
      titles: { ar: 'الأسئلة الشائعة', en: 'FAQ' },
      files: { ar: 'content/ar/faq.yaml', en: 'content/en/faq.yaml' },
      states: { ar: 'source', en: 'fresh' },
      draft: false,
    },
  ],
};

export const SITE: SiteInfo = {
  languages: [
    { code: 'ar', name: 'العربية', dir: 'rtl', default: true },
    { code: 'en', name: 'English', dir: 'ltr', default: false },
  ],
  collections: [POSTS, FAQ],
  git: { available: true, reason: null, branch: 'main', remote: true, author: { name: 'Staff', email: 'staff@example.com' } },
  refs: { services: ['company-formation', 'visas-residency'], posts: ['golden-visa-guide'] },
};

export const AR_POST = `---
title: "الإقامة الذهبيّة في الإمارات: دليل عملي"
author: "فريق التحرير"
date: 2025-05-19
excerpt: "كل ما تحتاج إلى معرفته."
---

نص المقال.
`;

export const EN_POST = `---
title: "The UAE Golden Visa: a practical guide"
author: "Nahj Editorial Team"
date: 2025-05-19
excerpt: "All you need to know."
---

The body.
`;

export function postEntry(): Entry {
  return {
    collection: 'posts',
    id: 'golden-visa-guide',
    files: {
      ar: { path: 'content/ar/blog/golden-visa-guide.md', text: AR_POST, version: 'v-ar-1' },
      en: { path: 'content/en/blog/golden-visa-guide.md', text: EN_POST, version: 'v-en-1' },
    },
    units: [{ key: 'golden-visa-guide', source: 'ar', states: { ar: 'source', en: 'fresh' }, source_diff: null }],
  };
}

export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status?: number; json: unknown };
export type Handler = (call: Call) => Reply | undefined;

/** A fetch that answers /_edit/api/* from `handler` (404 when it returns nothing). */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://127.0.0.1:8000');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    let body: unknown = init?.body ?? null;
    if (typeof body === 'string' && headers['content-type'] === 'application/json') body = JSON.parse(body);
    const call: Call = { method: init?.method ?? 'GET', path: url.pathname.replace('/_edit/api', ''), params: url.searchParams, headers, body };
    calls.push(call);
    const reply = handler(call) ?? { status: 404, json: { message: 'not found' } };
    return new Response(JSON.stringify(reply.json), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** The replies every view needs: /site, /entry of the golden visa post, and /check. */
export function baseHandler(extra: Handler = () => undefined): Handler {
  return (call) => {
    const r = extra(call);
    if (r) return r;
    if (call.path === '/site') return { json: SITE };
    if (call.path === '/entry') return { json: postEntry() };
    if (call.path === '/check') return { json: { diagnostics: [], preview: null } };
    return undefined;
  };
}

export function setToken(token = 'test-token'): void {
  document.head.querySelectorAll('meta[name="sahel-edit-token"]').forEach((m) => m.remove());
  const meta = document.createElement('meta');
  meta.name = 'sahel-edit-token';
  meta.content = token;
  document.head.append(meta);
}

/** jsdom lacks layout: CodeMirror asks for rectangles it can do without. */
export function stubLayout(): void {
  const rect = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) };
  const list = Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= () => list;
  Range.prototype.getBoundingClientRect ??= () => rect as DOMRect;
  if (!('showModal' in HTMLDialogElement.prototype) || typeof HTMLDialogElement.prototype.showModal !== 'function') {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
}
