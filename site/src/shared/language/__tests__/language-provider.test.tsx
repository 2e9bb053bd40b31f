import { act, screen } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { renderWithApp } from '@/__tests__/test-utils';
import { useLanguage } from '@/shared/language/use-language';
import type { LanguageState } from '@/shared/language/language-context';

let api: LanguageState;
let navigate: (to: string) => void;

function Probe() {
  api = useLanguage();
  navigate = useNavigate();
  return (
    <p data-testid="state" dir={document.documentElement.dir}>
      {api.language} {api.assistantOpen ? 'open' : 'closed'}
    </p>
  );
}

describe('the language context', () => {
  it('follows the path prefix, and keeps the language on a path without one', () => {
    renderWithApp(<Probe />, { path: '/en/about/' });
    expect(api.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    act(() => navigate('/ar/blog/'));
    expect(api.language).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    act(() => navigate('/fr/whatever/'));
    expect(api.language).toBe('ar');
    act(() => navigate('/en/'));
    expect(api.language).toBe('en');
  });

  it('switches language by rewriting the path, once its strings are loaded', async () => {
    renderWithApp(<Probe />, { path: '/en/blog/golden-visa-guide/' });
    await act(async () => api.switchLanguage('ar'));
    expect(screen.getByTestId('location').textContent).toBe('/ar/blog/golden-visa-guide/');
    expect(api.language).toBe('ar');
    act(() => navigate('/en/home/'));
    await act(async () => api.switchLanguage('ar'));
    expect(screen.getByTestId('location').textContent).toBe('/ar/');
  });

  it('opens, closes and flips the assistant panel', () => {
    renderWithApp(<Probe />);
    expect(api.assistantOpen).toBe(false);
    act(() => api.toggleAssistant());
    expect(api.assistantOpen).toBe(true);
    act(() => api.toggleAssistant(true));
    expect(api.assistantOpen).toBe(true);
    act(() => api.toggleAssistant(false));
    expect(api.assistantOpen).toBe(false);
    act(() => api.toggleAssistant(false));
    expect(api.assistantOpen).toBe(false);
    act(() => api.toggleAssistant());
    expect(screen.getByTestId('state').textContent).toContain('open');
  });
});

describe('the language context with a third language', () => {
  withThreeLanguages();

  it('follows a Farsi prefix, right to left, and switches from it keeping the path', async () => {
    renderWithApp(<Probe />, { path: '/en/about/' });
    act(() => navigate('/fa/about/'));
    expect(api.language).toBe('fa');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['fa', 'rtl']);
    await act(async () => api.switchLanguage('en'));
    expect(screen.getByTestId('location').textContent).toBe('/en/about/');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['en', 'ltr']);
  });
});
