import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic, Entry } from '../api';
import { App } from '../app';
import { draftKey } from '../drafts';
import { baseHandler, EN_POST, mockFetch, postEntry, setToken, stubLayout, type Call, type Handler } from './fixtures';

const KEY = draftKey('posts', 'golden-visa-guide');
const EN_PATH = 'content/en/blog/golden-visa-guide.md';

function open(handler: Handler = () => undefined, hash = '#/entry/posts/golden-visa-guide') {
  const mock = mockFetch(baseHandler(handler));
  window.location.hash = hash;
  render(<App />);
  return mock;
}

function english(): HTMLElement {
  const pane = document.querySelector<HTMLElement>('section.pane[data-lang="en"]');
  if (!pane) throw new Error('no English pane');
  return pane;
}

async function englishTitle(): Promise<HTMLInputElement> {
  await screen.findAllByText('English');
  return (await within(await waitFor(english)).findByLabelText(/^Title/)) as HTMLInputElement;
}

function saves(calls: Call[]): { files: Record<string, { text: string; version: string | null }> }[] {
  return calls.filter((c) => c.path === '/save').map((c) => c.body as { files: Record<string, { text: string; version: string | null }> });
}

describe('the entry view', () => {
  beforeAll(stubLayout);
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('sahel-edit:ui-lang', 'en');
    setToken();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one pane per language with its direction, language and script font', async () => {
    open();
    await englishTitle();
    const ar = document.querySelector<HTMLElement>('section.pane[data-lang="ar"]');
    expect(ar?.getAttribute('dir')).toBe('rtl');
    expect(ar?.getAttribute('lang')).toBe('ar');
    expect(ar?.classList.contains('font-arabic')).toBe(true);
    expect(english().getAttribute('dir')).toBe('ltr');
    expect(english().classList.contains('font-latin')).toBe(true);
    // Below 1100px the languages are tabs.
    expect(screen.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps every change as a draft and restores it when the entry is opened again', async () => {
    open();
    fireEvent.change(await englishTitle(), { target: { value: 'A better title' } });
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { files: Record<string, { text: string; version: string }> };
    expect(kept.files.en?.text).toBe(EN_POST.replace('The UAE Golden Visa: a practical guide', 'A better title'));
    expect(kept.files.en?.version).toBe('v-en-1');
    cleanup();

    open();
    expect((await englishTitle()).value).toBe('A better title');
    expect(screen.getByText(/Your unsaved changes from .* were restored\./)).toBeTruthy();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Discard the draft' }));
    await waitFor(() => expect((within(english()).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('The UAE Golden Visa: a practical guide'));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('shows both versions on a 409, and "Keep mine" saves over theirs', async () => {
    const theirs = EN_POST.replace('All you need to know.', 'Edited by someone else.');
    let first = true;
    const { calls } = open((c) => {
      if (c.path !== '/save') return undefined;
      if (first) {
        first = false;
        return { status: 409, json: { conflicts: { en: { path: EN_PATH, text: theirs, version: 'v-en-2' } } } };
      }
      const f = (c.body as { files: Record<string, { text: string }> }).files.en;
      return { json: { files: { en: { path: EN_PATH, text: f?.text ?? '', version: 'v-en-3' } } } };
    });
    fireEvent.change(await englishTitle(), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Someone else changed this entry while you were editing' })).toBeTruthy();
    expect(screen.getByTestId('theirs-en').textContent).toBe(theirs);
    expect(screen.getByTestId('yours-en').textContent).toContain('title: "Mine"');
    expect(saves(calls)[0]?.files.en?.version).toBe('v-en-1');

    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('Saved.'));
    const second = saves(calls)[1];
    expect(second?.files.en?.version).toBe('v-en-2');
    expect(second?.files.en?.text).toContain('title: "Mine"');
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByTestId('theirs-en')).toBeNull();
  });

  it('"Take theirs" replaces the draft with the file on disk', async () => {
    const theirs = EN_POST.replace('The UAE Golden Visa: a practical guide', 'Their title');
    open((c) => (c.path === '/save' ? { status: 409, json: { conflicts: { en: { path: EN_PATH, text: theirs, version: 'v-en-2' } } } } : undefined));
    fireEvent.change(await englishTitle(), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Take theirs' }));
    expect((within(english()).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Their title');
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('shows a 422 at the mapped field and keeps the draft', async () => {
    const diag: Diagnostic = { lang: 'en', path: EN_PATH, line: 4, column: 7, severity: 'error', message: 'The date cannot be in the future.', help: 'Use the date the post was written.', rule: null, fix: null };
    open((c) => (c.path === '/save' ? { status: 422, json: { diagnostics: [diag] } } : undefined));
    await englishTitle();
    const date = within(english()).getByLabelText(/^Date/) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2099-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.querySelector('.notice-error')?.textContent).toBe('Not saved: fix the problems marked in the form. Your changes are kept.'));
    expect(screen.getByTestId('status').textContent).toBe('Not saved: fix the problems marked in the form. Your changes are kept.');
    const field = within(english()).getByLabelText(/^Date/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const msg = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(msg?.textContent).toContain('The date cannot be in the future.');
    expect(msg?.textContent).toContain('Use the date the post was written.');
    expect(localStorage.getItem(KEY)).toContain('2099-01-01');
  });

  it('sends every language to /check, debounced, with the focused pane as preview', async () => {
    const { calls } = open((c) => (c.path === '/check' ? { json: { diagnostics: [], preview: '/_edit/preview/en/blog/golden-visa-guide/' } } : undefined));
    const title = await englishTitle();
    await waitFor(() => expect(calls.filter((c) => c.path === '/check').length).toBe(1));
    fireEvent.change(title, { target: { value: 'A' } });
    fireEvent.change(title, { target: { value: 'AB' } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/check').length).toBe(2));
    const body = calls.filter((c) => c.path === '/check')[1]?.body as { files: Record<string, string>; preview: string };
    expect(Object.keys(body.files).sort()).toEqual(['ar', 'en']);
    expect(body.files.en).toContain('title: "AB"');
    expect(body.preview).toBe('en');
    await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toBe('/_edit/preview/en/blog/golden-visa-guide/'));
  });

  it('shows a stale unit’s source diff and marks it as translated', async () => {
    const stale = (): Entry => ({ ...postEntry(), units: [{ key: 'golden-visa-guide', source: 'ar', states: { ar: 'source', en: 'stale' }, source_diff: '@@ -1 +1 @@\n-قديم\n+جديد\n' }] });
    const { calls } = open((c) => (c.path === '/entry' ? { json: stale() } : c.path === '/mark' ? { json: postEntry() } : undefined));
    await englishTitle();
    const pane = english();
    expect(within(pane).getByText('Out of date')).toBeTruthy();
    expect(within(pane).getByText('جديد').closest('.diff-line')?.classList.contains('diff-add')).toBe(true);
    expect(within(pane).getByText('قديم').getAttribute('dir')).toBe('auto');
    fireEvent.click(within(pane).getByRole('button', { name: 'Mark as translated' }));
    await waitFor(() => expect(within(english()).getByText('The translation is up to date.')).toBeTruthy());
    expect(calls.find((c) => c.path === '/mark')?.body).toEqual({ collection: 'posts', id: 'golden-visa-guide', lang: 'en' });
  });

  it('lists the pages that link to an entry when a delete is refused', async () => {
    open((c) => (c.path === '/delete' ? { status: 409, json: { linked_from: [{ path: 'content/en/pages/about.md', line: 12 }] } } : undefined));
    await englishTitle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('content/en/pages/about.md')).toBeTruthy();
    expect(screen.getByText(/line 12/)).toBeTruthy();
  });
});

describe('a new entry', () => {
  beforeAll(stubLayout);
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('sahel-edit:ui-lang', 'en');
    setToken();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks a valid slug, takes the template as a draft and saves its files as new', async () => {
    const template: Entry = {
      collection: 'posts',
      id: 'new-post',
      units: [],
      files: {
        ar: { path: 'content/ar/blog/new-post.md', text: '---\ntitle: "عنوان"\n---\n\nنص.\n', version: null },
        en: { path: 'content/en/blog/new-post.md', text: '---\ntitle: "Title"\n---\n\nText.\n', version: null },
      },
    };
    const { calls } = open((c) => {
      if (c.path === '/template') return { json: template };
      if (c.path === '/save') return { json: { files: { ar: { ...template.files.ar, version: 'a1' }, en: { ...template.files.en, version: 'e1' } } } };
      return undefined;
    }, '#/new/posts');
    const input = await screen.findByLabelText('Name in the address (slug)');
    fireEvent.change(input, { target: { value: 'New Post' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/Use lowercase English letters/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'new-post' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('New, not saved yet')).toBeTruthy();
    expect(calls.find((c) => c.path === '/template')?.params.get('id')).toBe('new-post');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('Saved.'));
    const saved = calls.find((c) => c.path === '/save')?.body as { files: Record<string, { version: string | null }> };
    expect(saved.files.ar?.version).toBeNull();
    expect(saved.files.en?.version).toBeNull();
    expect(localStorage.getItem(draftKey('posts', 'new-post'))).toBeNull();
  });
});
