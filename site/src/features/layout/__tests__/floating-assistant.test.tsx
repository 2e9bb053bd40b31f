import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { renderWithApp } from '@/__tests__/test-utils';
import { TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY } from '@/features/layout/assistant-tooltip';
import { FloatingAssistant } from '@/features/layout/floating-buttons';
import { createTranslator, TranslatorContext } from '@/i18n';
import en from '@/i18n/en/common.json';

afterEach(() => vi.useRealTimers());

const assistantLink = () => screen.getByRole('link', { name: 'Open the assistant chat' });

/** English strings without `chatbot.tooltip`, as for a language whose chatbot text is missing. */
function withoutTooltip() {
  const { tooltip: _dropped, ...chatbot } = en.chatbot;
  return createTranslator('en', { en: { ...en, chatbot } });
}

describe('the floating assistant button', () => {
  it('shows the chatbot tooltip after 700 ms of hover (300 ms skip delay)', async () => {
    expect(TOOLTIP_DELAY).toBe(700);
    expect(TOOLTIP_SKIP_DELAY).toBe(300);
    renderWithApp(<FloatingAssistant />, { path: '/en/about/' });
    // The tooltip (Radix) is loaded once the browser is idle after hydration, and wraps the link.
    await waitFor(() => expect(assistantLink().getAttribute('data-state')).toBe('closed'));
    vi.useFakeTimers();
    fireEvent.pointerMove(assistantLink(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY - 100));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('tooltip').textContent).toBe('Ask our assistant');
  });

  it('keeps the focus of a keyboard visitor on the button when its tooltip arrives (which shows it)', async () => {
    renderWithApp(<FloatingAssistant />, { path: '/en/about/' });
    const before = assistantLink();
    before.focus();
    expect(document.activeElement).toBe(before);
    // The link is mounted anew inside the tooltip's trigger: the new one takes the focus.
    await waitFor(() => expect(assistantLink().getAttribute('data-state')).not.toBeNull());
    expect(assistantLink()).not.toBe(before);
    expect(document.activeElement).toBe(assistantLink());
    expect(screen.getByRole('tooltip').textContent).toBe('Ask our assistant');
  });

  it('does not open its tooltip for the focus a tap gives it (a phone navigates at once), but does for a keyboard focus later', async () => {
    renderWithApp(<FloatingAssistant />, { path: '/en/about/' });
    await waitFor(() => expect(assistantLink().getAttribute('data-state')).toBe('closed'));
    // A tap: pointerdown and pointerup (Radix forgets the press at pointerup), then the focus.
    fireEvent.pointerDown(assistantLink(), { pointerType: 'touch' });
    fireEvent.pointerUp(document, { pointerType: 'touch' });
    fireEvent.focus(assistantLink());
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(assistantLink().getAttribute('data-state')).toBe('closed');
    fireEvent.blur(assistantLink());
    // Later, a focus from the keyboard shows it.
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + 5000);
    fireEvent.focus(assistantLink());
    expect(screen.getByRole('tooltip').textContent).toBe('Ask our assistant');
    vi.restoreAllMocks();
  });

  it('has no tooltip when the language has no chatbot tooltip text', async () => {
    renderWithApp(
      <TranslatorContext.Provider value={withoutTooltip()}>
        <FloatingAssistant />
      </TranslatorContext.Provider>,
      { path: '/en/about/' },
    );
    // Give a lazily loaded tooltip every chance to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(assistantLink().hasAttribute('data-state')).toBe(false);
    vi.useFakeTimers();
    fireEvent.pointerMove(assistantLink(), { pointerType: 'mouse' });
    fireEvent.focus(assistantLink());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.queryByText('Ask our assistant')).toBeNull();
  });

  it('links to the assistant chat of the current language, on the left in Arabic and the right in English', () => {
    renderWithApp(<FloatingAssistant />, { path: '/ar/pricing/' });
    const ar = screen.getByRole('link', { name: 'افتح محادثة المساعد الذكي' });
    expect(ar.getAttribute('href')).toBe('/ar/assistant-chat/');
    expect(ar.className).toMatch(/(^| )left-4( |$)/);
    expect(ar.className).toContain('md:left-5');
    expect(ar.className).toContain('bottom-[84px]');
    expect(ar.className).toContain('md:bottom-[96px]');
    expect(ar.className).toContain('rounded-full');
  });

  it('sits on the right in English', () => {
    renderWithApp(<FloatingAssistant />, { path: '/en/' });
    expect(assistantLink().getAttribute('href')).toBe('/en/assistant-chat/');
    expect(assistantLink().className).toMatch(/(^| )right-4( |$)/);
    expect(assistantLink().className).toContain('md:right-5');
  });

  it('is hidden on the assistant chat page', () => {
    renderWithApp(<FloatingAssistant />, { path: '/en/assistant-chat/' });
    expect(screen.queryByRole('link', { name: 'Open the assistant chat' })).toBeNull();
  });
});

describe('the floating assistant button in a third language', () => {
  withThreeLanguages();

  it('sits on the left on a right-to-left page (Farsi), its tooltip on its right, in Farsi', async () => {
    renderWithApp(<FloatingAssistant />, { path: '/fa/pricing/' });
    // Read anew each time: the link is mounted again when its tooltip arrives.
    const link = () => document.querySelector<HTMLAnchorElement>('a[data-floating="assistant"]')!;
    expect(link().getAttribute('href')).toBe('/fa/assistant-chat/');
    expect(link().className).toMatch(/(^| )left-4( |$)/);
    await waitFor(() => expect(link().getAttribute('data-state')).toBe('closed'));
    vi.useFakeTimers();
    fireEvent.pointerMove(link(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY + 50));
    const tooltip = document.querySelector<HTMLElement>('[data-side]')!;
    expect(tooltip.getAttribute('data-side')).toBe('right');
    expect([tooltip.getAttribute('lang'), tooltip.getAttribute('dir')]).toEqual(['fa', 'rtl']);
    expect(tooltip.className).toContain('font-vazirmatn');
  });
});
