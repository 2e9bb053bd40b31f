// The assistant's conversation with the app's providers: sending, the built-in answerer over the real
// index (fetch stubbed), the function path and its failure, storage and hydration.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, routeData, SITE } from '@/__tests__/test-utils';
import { LanguageProvider } from '@/shared/language/language-provider';
import { PageDataProvider } from '@/shared/page-data/page-data-provider';
import type { Lang, SiteInfo } from '@/shared/page-data';
import { clearSearchIndexCache } from '@/shared/site-index/answerer';
import { AssistantChat } from '../assistant-chat';
import type { ChatMessage } from '../conversation';
import ar from '../../../../../tests/contracts/assistant-index.ar.json';
import en from '../../../../../tests/contracts/assistant-index.en.json';

const ERROR_EN = 'Sorry, something went wrong. Please try again or contact one of our agents for assistance.';
const ERROR_AR = 'عذراً، حدث خطأ ما. يُرجى المحاولة مرة أخرى أو التواصل مع أحد موظفينا للمساعدة.';
const FUNCTION_URL = 'https://demo.supabase.co/functions/v1/assistant';
const WITH_FUNCTION: SiteInfo = {
  ...SITE,
  backend: { url: 'https://demo.supabase.co', anonKey: 'anon', contactTable: 'contact_messages', assistantFunction: 'assistant' } as NonNullable<SiteInfo['backend']>,
};

/** Serves the content indexes; `answer` serves the assistant function. */
function stubFetch(answer: (init?: RequestInit) => Promise<Response> = async () => new Response(null, { status: 404 })) {
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    if (String(url) === '/en/assistant-index.json') return Response.json(en);
    if (String(url) === '/ar/assistant-index.json') return Response.json(ar);
    if (String(url) === FUNCTION_URL) return answer(init);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen(lang: Lang = 'en', site: SiteInfo = SITE) {
  return renderWithApp(<AssistantChat lang={lang} site={site} />, { path: `/${lang}/assistant-chat/`, page: { kind: 'assistantChat' } });
}

const input = () => screen.getByRole('textbox') as HTMLTextAreaElement;
const log = () => screen.getByRole('log');

beforeEach(() => {
  clearSearchIndexCache();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the assistant screen', () => {
  it('shows the greeting and suggested questions', () => {
    stubFetch();
    renderScreen();
    expect(within(log()).getByText(/Hello! Ask me about our services/)).toBeTruthy();
    const suggestions = within(screen.getByRole('group', { name: 'Suggested questions' })).getAllByRole('button');
    expect(suggestions.length).toBeGreaterThanOrEqual(3);
    expect(suggestions.length).toBeLessThanOrEqual(4);
  });

  it('sends on Enter and answers from the content index, with a link to the page', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    renderScreen();
    await user.type(input(), 'How long does company formation take?{Enter}');
    expect(within(log()).getByText('How long does company formation take?')).toBeTruthy();
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());

    expect(await within(log()).findByText('2-10 working days')).toBeTruthy();
    const link = within(log()).getByRole('link', { name: 'Company formation and trade licences' });
    expect(link.getAttribute('href')).toBe('/en/services/company-formation/');
    expect(fetchMock).toHaveBeenCalledWith('/en/assistant-index.json');
    // Stored for the session, under the language's key: by an effect after the answer's commit,
    // which a busy machine may run after the answer is on screen (CI failed on that once).
    await waitFor(() => {
      const stored = JSON.parse(sessionStorage.getItem('sahel.assistant.en')!) as ChatMessage[];
      expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    });
    // The suggestions made way for the conversation.
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
  });

  it('adds a new line on Shift+Enter instead of sending', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderScreen();
    await user.type(input(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(input().value).toBe('First line\nsecond line');
    expect(within(log()).getAllByRole('listitem')).toHaveLength(1); // the greeting only
  });

  it('does not send on the Enter that ends an IME composition', () => {
    stubFetch();
    renderScreen();
    fireEvent.change(input(), { target: { value: 'كم' } });
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 229 });
    expect(input().value).toBe('كم');
    expect(within(log()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends a suggested question', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'What are your working hours?' }));
    expect(await within(log()).findByText(/from 9 AM to 8 PM/)).toBeTruthy();
    // The question as sent (the answer repeats it as its title).
    expect(within(log()).getAllByText('What are your working hours?')[0]!.closest('li')?.className).toContain('justify-end');
    expect(document.activeElement).toBe(input());
  });

  it('says so honestly when nothing matches, and offers an agent on WhatsApp', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderScreen();
    await user.type(input(), 'what is the weather on mars{Enter}');
    const agent = await within(log()).findByRole('link', { name: /^Chat with an agent on WhatsApp/ });
    expect(agent.getAttribute('href')).toBe('https://wa.me/971505550100');
    expect(agent.getAttribute('target')).toBe('_blank');
    expect(agent.className).toContain('min-h-11'); // a 44 px touch target, not an inline link
    expect(within(log()).getByText(/^I don't have that information on this site/)).toBeTruthy();
    expect(within(log()).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/en/contact/');
  });

  it('offers the nearest passage as such, with the question back and an agent, when it holds only part of the question', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderScreen();
    await user.type(input(), 'company formation renewal downtown{Enter}');
    expect(await within(log()).findByText(/^I'm not sure this is what you're asking/)).toBeTruthy();
    // The passage is named (in bold, and its page linked), and an agent is offered as on a refusal.
    expect(within(log()).getByText(/^Company formation/, { selector: 'strong' })).toBeTruthy();
    expect(within(log()).getByRole('link', { name: /^Company formation/ }).getAttribute('href')).toBe('/en/services/company-formation/');
    expect(within(log()).getByRole('link', { name: /^Chat with an agent on WhatsApp/ })).toBeTruthy();
    // Stored by an effect after the answer's commit (see above).
    await waitFor(() => {
      const stored = JSON.parse(sessionStorage.getItem('sahel.assistant.en') ?? '[]') as ChatMessage[];
      expect(stored.at(-1)?.status).toBe('tentative');
    });
  });

  it('restores the conversation from sessionStorage', async () => {
    stubFetch();
    const stored: ChatMessage[] = [
      { id: 'q', role: 'user', content: 'Earlier question' },
      { id: 'a', role: 'assistant', content: '**Earlier** answer', sources: [{ title: 'FAQ', url: '/en/faq/' }] },
    ];
    sessionStorage.setItem('sahel.assistant.en', JSON.stringify(stored));
    renderScreen();
    expect(await within(log()).findByText('Earlier question')).toBeTruthy();
    expect(within(log()).getByText('Earlier').tagName).toBe('STRONG');
    expect(within(log()).getByRole('link', { name: 'FAQ' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
  });

  it('starts a new conversation', async () => {
    const user = userEvent.setup();
    stubFetch();
    sessionStorage.setItem('sahel.assistant.en', JSON.stringify([{ id: 'q', role: 'user', content: 'Old' }, { id: 'a', role: 'assistant', content: 'Answer' }]));
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New conversation' }));
    expect(within(log()).queryByText('Old')).toBeNull();
    expect(sessionStorage.getItem('sahel.assistant.en')).toBeNull();
  });

  it('answers in Arabic on the Arabic page', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderScreen('ar');
    await user.type(input(), 'كم يستغرق تاسيس شركه{Enter}');
    expect(await within(log()).findByText('من 2 إلى 10 أيام عمل')).toBeTruthy();
    expect(within(log()).getByRole('link', { name: 'تأسيس الشركات والرخص التجارية' }).getAttribute('href')).toBe('/ar/services/company-formation/');
    expect(sessionStorage.getItem('sahel.assistant.ar')).toContain('كم يستغرق');
    expect(sessionStorage.getItem('sahel.assistant.en')).toBeNull();
  });
});

describe('the assistant screen with a function configured', () => {
  it('sends the conversation with local context, disables sending while pending, shows the answer', async () => {
    const user = userEvent.setup();
    let reply!: (response: Response) => void;
    const fetchMock = stubFetch(() => new Promise((resolve) => (reply = resolve)));
    renderScreen('en', WITH_FUNCTION);
    await user.type(input(), 'How long does company formation take?{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(FUNCTION_URL, expect.anything()));
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(log().getAttribute('aria-busy')).toBe('true');

    const init = fetchMock.mock.calls.find(([url]) => String(url) === FUNCTION_URL)![1]!;
    const body = JSON.parse(String(init.body));
    expect(body.language).toBe('en');
    expect(body.messages).toEqual([{ role: 'user', content: 'How long does company formation take?' }]);
    expect(body.context[0]).toMatchObject({ id: 'service:company-formation:timeline', url: '/en/services/company-formation/' });
    expect(body.context.length).toBeLessThanOrEqual(5);

    await act(async () => reply(Response.json({ answer: 'It takes **2-10 working days**. See [the service](/en/services/company-formation/).' })));
    expect(await within(log()).findByText('2-10 working days')).toBeTruthy();
    expect(within(log()).getByRole('link', { name: 'the service' }).getAttribute('href')).toBe('/en/services/company-formation/');
    expect(send.disabled).toBe(false);
  });

  it('shows the failure message, keeps the question and retries it', async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchMock = stubFetch(async () => (fail ? new Response('boom', { status: 500 }) : Response.json({ answer: 'Working again.' })));
    renderScreen('en', WITH_FUNCTION);
    await user.type(input(), 'Hello?{Enter}');
    expect(await within(log()).findByText(ERROR_EN)).toBeTruthy();
    expect(within(log()).getByText('Hello?')).toBeTruthy();

    fail = false;
    await user.click(within(log()).getByRole('button', { name: 'Try again' }));
    expect(await within(log()).findByText('Working again.')).toBeTruthy();
    expect(within(log()).queryByText(ERROR_EN)).toBeNull();
    expect(within(log()).getAllByText('Hello?')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === FUNCTION_URL)).toHaveLength(2);
  });

  it('shows the Arabic failure message on the Arabic page', async () => {
    const user = userEvent.setup();
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen('ar', WITH_FUNCTION);
    await user.type(input(), 'مرحبا{Enter}');
    expect(await within(log()).findByText(ERROR_AR)).toBeTruthy();
    expect(within(log()).getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
  });
});

describe('server rendering and hydration', () => {
  function app(path: string) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <PageDataProvider initial={routeData(path, { kind: 'assistantChat' })}>
          <LanguageProvider>
            <AssistantChat lang="en" site={SITE} />
          </LanguageProvider>
        </PageDataProvider>
      </MemoryRouter>
    );
  }

  it('hydrates the server markup without a mismatch, then shows the stored conversation', async () => {
    stubFetch();
    const html = renderToString(app('/en/assistant-chat/'));
    expect(html).toContain('Hello! Ask me about our services');
    expect(html).toContain('How long does company formation take?');

    sessionStorage.setItem('sahel.assistant.en', JSON.stringify([{ id: 'q', role: 'user', content: 'Stored question' }, { id: 'a', role: 'assistant', content: 'Stored answer' }]));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const root = await act(async () => hydrateRoot(container, app('/en/assistant-chat/'), { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Stored question');
    expect(container.textContent).toContain('Stored answer');
    act(() => root.unmount());
    container.remove();
    consoleError.mockRestore();
  });
});
