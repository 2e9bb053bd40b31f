import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/__tests__/test-utils';
import { ErrorBoundary, errorSummary } from '@/features/layout/error-boundary';

function Boom({ error }: { error: unknown }): never {
  throw error;
}

beforeEach(() => {
  // React and the boundary log the caught error; keep the test output clean.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the error boundary', () => {
  it('shows "Unexpected Application Error!" with the message and, outside production, the stack', () => {
    renderWithApp(
      <ErrorBoundary showStack>
        <Boom error={new Error('kaboom')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('kaboom');
    expect(document.querySelector('pre')?.textContent).toContain('kaboom');
  });

  it('hides the stack in production builds', () => {
    renderWithApp(
      <ErrorBoundary showStack={false}>
        <Boom error={new Error('kaboom')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('kaboom');
    expect(document.querySelector('pre')).toBeNull();
  });

  it('shows the stack by default only in development builds', () => {
    renderWithApp(
      <ErrorBoundary>
        <Boom error={new Error('kaboom')} />
      </ErrorBoundary>,
    );
    expect(document.querySelector('pre') !== null).toBe(import.meta.env.DEV);
  });

  it('is translated in Arabic', () => {
    renderWithApp(
      <ErrorBoundary>
        <Boom error={new Error('x')} />
      </ErrorBoundary>,
      { path: '/ar/' },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('حدث خطأ غير متوقع في التطبيق!');
  });

  it.each([
    [{ status: 404, statusText: 'Not Found' }, '404 Not Found'],
    [{ status: 500 }, '500'],
    [new TypeError('x is undefined'), 'x is undefined'],
    ['plain text', 'plain text'],
  ])('summarises %o as %s', (error, expected) => {
    expect(errorSummary(error)).toBe(expected);
  });
});
