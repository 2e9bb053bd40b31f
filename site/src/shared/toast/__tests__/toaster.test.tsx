import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/__tests__/test-utils';
import { Toaster } from '@/shared/toast/toaster';
import { dismissToast, getToasts, TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, toast } from '@/shared/toast/toast-store';
import { useToast } from '@/shared/toast/use-toast';

function Trigger() {
  const api = useToast();
  return (
    <>
      <button type="button" onClick={() => api.toast({ title: `Saved ${api.toasts.length}`, description: 'All good' })}>
        raise
      </button>
      <output data-testid="count">{api.toasts.filter((t) => t.open).length}</output>
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    dismissToast();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY + 10);
  });
  vi.useRealTimers();
});

describe('toasts', () => {
  it('show one at a time: a new toast replaces the one on screen', () => {
    expect(TOAST_LIMIT).toBe(1);
    renderWithApp(<Toaster />);
    act(() => {
      toast({ title: 'First' });
    });
    expect(screen.getByText('First')).toBeTruthy();
    act(() => {
      toast({ title: 'Second', description: 'Replaces the first' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifications/ }).querySelectorAll('ol > li')).toHaveLength(1);
    expect(getToasts()).toHaveLength(1);
  });

  it('close themselves after 5000 ms', () => {
    expect(TOAST_DURATION).toBe(5000);
    renderWithApp(<Toaster />);
    act(() => {
      toast({ title: 'Going soon' });
    });
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Going soon')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY + 10));
    expect(screen.queryByText('Going soon')).toBeNull();
    expect(getToasts()).toHaveLength(0);
  });

  it('restart the 5 s clock when a new toast replaces the old one', () => {
    renderWithApp(<Toaster />);
    act(() => {
      toast({ title: 'One' });
    });
    act(() => vi.advanceTimersByTime(3000));
    act(() => {
      toast({ title: 'Two' });
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Two')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2100 + TOAST_REMOVE_DELAY));
    expect(screen.queryByText('Two')).toBeNull();
  });

  it('are raised through the useToast hook, which returns an object', () => {
    renderWithApp(
      <>
        <Trigger />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'raise' }));
    expect(screen.getByText('Saved 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'raise' }));
    expect(screen.getByText('Saved 1')).toBeTruthy();
    expect(screen.queryByText('Saved 0')).toBeNull();
    expect(screen.getByTestId('count').textContent).toBe('1');
  });

  it('are green with white, right-aligned text, and can be closed', () => {
    renderWithApp(<Toaster />);
    act(() => {
      toast({ title: 'Message Sent Successfully!', description: 'Thank you.' });
    });
    const item = screen.getByText('Message Sent Successfully!').closest('li')!;
    expect(item.className).toContain('bg-brand-700');
    expect(item.className).toContain('text-white');
    expect(item.className).toContain('text-right');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY + 10));
    expect(screen.queryByText('Message Sent Successfully!')).toBeNull();
  });

  it('sit in a notification region that F8 focuses, at most 420 px wide from md up', () => {
    renderWithApp(<Toaster />);
    act(() => {
      toast({ title: 'Focus me' });
    });
    const region = screen.getByRole('region', { name: /Notifications \(F8\)/ });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const viewport = region.querySelector('ol')!;
    expect(document.activeElement).toBe(viewport);
    expect(viewport.className).toContain('md:max-w-[420px]');
  });
});
