// The assistant page renders on the server: the greeting and the suggested questions, in the
// page's language, without touching storage or the network (those wait for effects). The
// build's render workers run the same entry in Node, with no window at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeData } from '@/__tests__/test-utils';
import { render } from '@/entry-server';

afterEach(() => vi.restoreAllMocks());

function renderPage(path: string) {
  const storage = vi.spyOn(window, 'sessionStorage', 'get');
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const html = render(path, routeData(path, { kind: 'assistantChat' }));
  expect(storage).not.toHaveBeenCalled();
  expect(fetchSpy).not.toHaveBeenCalled();
  return html;
}

describe('the assistant page on the server', () => {
  it('renders the greeting, suggestions and the live log', () => {
    sessionStorage.setItem('sahel.assistant.en', JSON.stringify([{ id: 'q', role: 'user', content: 'Stored question' }]));
    const html = renderPage('/en/assistant-chat/');
    expect(html).toContain('Hello! Ask me about our services');
    expect(html).toContain('Suggested questions');
    expect(html).toContain('How long does company formation take?');
    expect(html).toMatch(/role="log"[^>]*aria-live="polite"/);
    expect(html).not.toContain('Stored question');
    sessionStorage.clear();
  });

  it('renders in Arabic', () => {
    const html = renderPage('/ar/assistant-chat/');
    expect(html).toContain('أسئلة مقترحة');
    expect(html).toContain('كم يستغرق تأسيس الشركة؟');
  });
});
