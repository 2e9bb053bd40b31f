import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { saveDraft } from '../drafts';
import { baseHandler, mockFetch, setToken } from './fixtures';

function rowTitles(): string[] {
  return screen
    .queryAllByRole('row')
    .map((r) => within(r).queryByRole('link')?.textContent ?? '')
    .filter((t) => t !== '');
}

describe('home', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('sahel-edit:ui-lang', 'en');
    setToken();
    window.location.hash = '#/';
    mockFetch(baseHandler());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every collection with its entries and a state per language, in words', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { name: /Blog posts/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Frequently asked questions/ })).toBeTruthy();
    expect(rowTitles()).toEqual(['The UAE Golden Visa: a practical guide', 'UAE corporate tax guide', 'خطوات تأشيرة العائلة', 'FAQ']);
    const stale = screen.getByRole('row', { name: /corporate tax/ });
    expect(within(stale).getByText('Out of date')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /العائلة/ })).getByText('Missing')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /العائلة/ })).getByText('Not published (draft)')).toBeTruthy();
    // "New" only where entries can change.
    expect(screen.getByRole('link', { name: 'New entry in “Blog posts”' }).getAttribute('href')).toBe('#/new/posts');
    expect(screen.queryByRole('link', { name: /New entry in “Frequently/ })).toBeNull();
  });

  it('filters the entries that need translating', async () => {
    render(<App />);
    await screen.findByRole('heading', { name: /Blog posts/ });
    await userEvent.click(screen.getByLabelText('Only entries that need translating'));
    expect(rowTitles()).toEqual(['UAE corporate tax guide', 'خطوات تأشيرة العائلة']);
    expect(screen.queryByRole('heading', { name: /Frequently asked questions/ })).toBeNull();
  });

  it('finds an Arabic title with or without diacritics, tatweel and alef forms', async () => {
    render(<App />);
    await screen.findByRole('heading', { name: /Blog posts/ });
    const search = screen.getByRole('searchbox', { name: 'Search titles' });
    await userEvent.type(search, 'الاقامة الذهبية');
    expect(rowTitles()).toEqual(['The UAE Golden Visa: a practical guide']);
    await userEvent.clear(search);
    await userEvent.type(search, 'الإقـامةُ الذّهبيّة');
    expect(rowTitles()).toEqual(['The UAE Golden Visa: a practical guide']);
    await userEvent.clear(search);
    await userEvent.type(search, 'ضريبه');
    expect(rowTitles()).toEqual(['UAE corporate tax guide']);
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like this');
    expect(screen.getByText('No entry matches.')).toBeTruthy();
  });

  it('marks entries with a draft in progress', async () => {
    saveDraft({
      collection: 'posts',
      id: 'golden-visa-guide',
      isNew: false,
      savedAt: 1,
      files: { en: { path: 'p', text: 'changed', base: 'original', version: 'v1' } },
    });
    render(<App />);
    const row = await screen.findByRole('row', { name: /Golden Visa/ });
    expect(within(row).getByText('Unsaved changes')).toBeTruthy();
  });

  it('speaks Arabic, right to left, when the site default is Arabic and nothing was chosen', async () => {
    localStorage.removeItem('sahel-edit:ui-lang');
    render(<App />);
    expect(await screen.findByRole('heading', { name: /المقالات/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: /الأسئلة الشائعة/ }).textContent).toContain('عنصر واحد');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('sahel-edit:ui-lang')).toBe('en');
    expect(screen.getByRole('heading', { name: /Blog posts/ }).textContent).toContain('3 entries');
  });
});
