import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Changes } from '../api';
import { App } from '../app';
import { baseHandler, mockFetch, setToken, SITE, type Handler } from './fixtures';

const CHANGES: Changes = {
  git: SITE.git,
  files: [{ path: 'content/ar/faq.yaml', status: 'modified' }],
  diff: 'diff --git a/content/ar/faq.yaml b/content/ar/faq.yaml\n@@ -1 +1 @@\n-  question: "قديم"\n+  question: "جديد"\n',
};

function open(handler: Handler) {
  const mock = mockFetch(baseHandler(handler));
  window.location.hash = '#/changes';
  render(<App />);
  return mock;
}

describe('changes and publishing', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('sahel-edit:ui-lang', 'en');
    setToken();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says why git is not available, and that saving still works', async () => {
    open((c) => (c.path === '/changes' ? { json: { ...CHANGES, git: { available: false, reason: 'git is not installed', branch: null, remote: false, author: null } } } : undefined));
    expect(await screen.findByText('Committing and publishing are not available: git is not installed')).toBeTruthy();
    expect(screen.getByText('Saving still works: your changes are written to the site’s files.')).toBeTruthy();
  });

  it('shows the diff, commits with a message, and brings in their changes when publishing is refused', async () => {
    let refused = true;
    const { calls } = open((c) => {
      if (c.path === '/changes') return { json: CHANGES };
      if (c.path === '/commit') return { json: { commit: 'abcdef1234567890' } };
      if (c.path === '/publish') return refused ? { status: 409, json: { refused: true, message: 'the remote has 2 new commits' } } : { json: { pushed: true } };
      if (c.path === '/pull') {
        refused = false;
        return { json: { ok: true } };
      }
      return undefined;
    });
    expect(await screen.findByText('content/ar/faq.yaml')).toBeTruthy();
    expect(screen.getByText('"جديد"', { exact: false }).closest('.diff-line')?.classList.contains('diff-add')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    expect(await screen.findByText('Describe your changes first.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Describe your changes'), { target: { value: 'Update the FAQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('Committed (abcdef1234).'));
    expect(calls.find((c) => c.path === '/commit')?.body).toEqual({ message: 'Update the FAQ', author: null });

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Publishing was refused/, { selector: 'p' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bring in their changes' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('Published.'));
    expect(calls.filter((c) => c.path === '/publish')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/pull')).toHaveLength(1);
  });

  it('asks the author once when git has none, and keeps it', async () => {
    const { calls } = open((c) => {
      if (c.path === '/changes') return { json: { ...CHANGES, git: { ...SITE.git, author: null } } };
      if (c.path === '/commit') return { json: { commit: '123' } };
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText('Describe your changes'), { target: { value: 'Fix' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mona' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mona@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/commit')?.body).toEqual({ message: 'Fix', author: { name: 'Mona', email: 'mona@example.com' } }));
    expect(JSON.parse(localStorage.getItem('sahel-edit:author') ?? '{}')).toEqual({ name: 'Mona', email: 'mona@example.com' });
  });
});
