import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeData, SITE } from '@/__tests__/test-utils';
import type { AuthChangeEvent, AuthClient, AuthFailure, AuthResult, AuthSession, AuthState, LoadClient } from '@/features/auth/auth-context';
import { AuthProvider } from '@/features/auth/auth-provider';
import { useAuth } from '@/features/auth/use-auth';
import { LanguageProvider } from '@/shared/language/language-provider';
import { PageDataProvider } from '@/shared/page-data/page-data-provider';
import { Toaster } from '@/shared/toast/toaster';
import { dismissToast, getToasts, TOAST_REMOVE_DELAY } from '@/shared/toast/toast-store';
import type { SiteInfo } from '@/shared/page-data';

// Only url and anonKey matter here (other backend fields belong to other features).
const BACKEND = {
  url: 'https://backend.example.test',
  anonKey: 'anon-key',
  contactTable: 'contact_messages',
  assistantFunction: null,
} as NonNullable<SiteInfo['backend']>;

function session(email: string): AuthSession {
  return { access_token: 'token', refresh_token: 'refresh', expires_in: 3600, token_type: 'bearer', user: { id: email, email } } as AuthSession;
}

/** A fake client: the session answer is held until `resolveSession`; events go through `emit`. */
function fakeClient() {
  let resolveSession: (session: AuthSession | null) => void = () => {};
  const listeners = new Set<(event: AuthChangeEvent, session: AuthSession | null) => void>();
  const ok = async (): Promise<AuthResult> => ({ error: null });
  const client = {
    auth: {
      getSession: vi.fn(() => new Promise<{ data: { session: AuthSession | null } }>((resolve) => (resolveSession = (s) => resolve({ data: { session: s } })))),
      onAuthStateChange: vi.fn((callback: (event: AuthChangeEvent, session: AuthSession | null) => void) => {
        listeners.add(callback);
        return { data: { subscription: { unsubscribe: () => listeners.delete(callback) } } };
      }),
      signUp: vi.fn(ok),
      signInWithPassword: vi.fn(ok),
      signOut: vi.fn(ok),
    },
  } satisfies AuthClient;
  const loadClient = vi.fn<LoadClient>(async () => client);
  return {
    client,
    loadClient,
    listeners,
    resolveSession: (s: AuthSession | null) => act(async () => resolveSession(s)),
    emit: (event: AuthChangeEvent, s: AuthSession | null) => act(() => listeners.forEach((l) => l(event, s))),
  };
}

let auth: AuthState;
/** A consumer: shows the state and keeps the calls for the test. */
function Probe() {
  auth = useAuth();
  return (
    <output data-testid="auth">
      {auth.loading ? 'loading' : `loaded:${auth.user?.email ?? 'none'}:${auth.session ? 'session' : 'no-session'}`}
    </output>
  );
}

function renderAuth(ui: ReactNode, { path = '/en/', backend = BACKEND as SiteInfo['backend'], loadClient }: { path?: string; backend?: SiteInfo['backend']; loadClient?: LoadClient } = {}) {
  const initial = { ...routeData(path), site: { ...SITE, backend } };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PageDataProvider initial={initial}>
        <LanguageProvider>
          <AuthProvider loadClient={loadClient}>
            {ui}
            <Toaster />
          </AuthProvider>
        </LanguageProvider>
      </PageDataProvider>
    </MemoryRouter>,
  );
}

const state = () => screen.getByTestId('auth').textContent;

/** Renders a consumer with a signed-out session loaded, then runs `call` and returns its result. */
async function loadedThen(call: (a: AuthState) => Promise<AuthResult>, options: { path?: string } = {}) {
  const fake = fakeClient();
  renderAuth(<Probe />, { ...options, loadClient: fake.loadClient });
  await waitFor(() => expect(fake.client.auth.getSession).toHaveBeenCalled());
  await fake.resolveSession(null);
  return { fake, run: () => act(() => call(auth)) };
}

function failWith(error: AuthFailure) {
  return async (): Promise<AuthResult> => ({ error });
}

/** The toast on screen: its title, description and variant. */
function shownToast() {
  const [item] = getToasts();
  return item && { title: item.title, description: item.description, variant: item.variant };
}

afterEach(() => {
  vi.useFakeTimers();
  act(() => {
    dismissToast();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY + 10);
  });
  vi.useRealTimers();
});

describe('auth context', () => {
  it('starts loading, then is loaded with the first session', async () => {
    const fake = fakeClient();
    renderAuth(<Probe />, { loadClient: fake.loadClient });
    expect(state()).toBe('loading');
    await waitFor(() => expect(fake.client.auth.getSession).toHaveBeenCalled());
    expect(fake.loadClient).toHaveBeenCalledWith(BACKEND);
    expect(state()).toBe('loading');
    await fake.resolveSession(session('amal@example.ae'));
    expect(state()).toBe('loaded:amal@example.ae:session');
  });

  it('tracks session changes through onAuthStateChange, and unsubscribes on unmount', async () => {
    const fake = fakeClient();
    const view = renderAuth(<Probe />, { loadClient: fake.loadClient });
    await waitFor(() => expect(fake.client.auth.getSession).toHaveBeenCalled());
    await fake.resolveSession(null);
    expect(state()).toBe('loaded:none:no-session');
    fake.emit('SIGNED_IN', session('omar@example.ae'));
    expect(state()).toBe('loaded:omar@example.ae:session');
    fake.emit('TOKEN_REFRESHED', session('omar2@example.ae'));
    expect(state()).toBe('loaded:omar2@example.ae:session');
    fake.emit('SIGNED_OUT', null);
    expect(state()).toBe('loaded:none:no-session');
    view.unmount();
    expect(fake.listeners.size).toBe(0);
  });

  it('is loaded by an INITIAL_SESSION event that comes before the getSession answer', async () => {
    const fake = fakeClient();
    renderAuth(<Probe />, { loadClient: fake.loadClient });
    await waitFor(() => expect(fake.listeners.size).toBe(1));
    fake.emit('INITIAL_SESSION', session('sara@example.ae'));
    expect(state()).toBe('loaded:sara@example.ae:session');
    await fake.resolveSession(null); // older than the event: ignored
    expect(state()).toBe('loaded:sara@example.ae:session');
  });

  it('loads nothing when no consumer uses auth', async () => {
    const fake = fakeClient();
    renderAuth(<p>No auth here</p>, { loadClient: fake.loadClient });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fake.loadClient).not.toHaveBeenCalled();
  });

  it('loads the client once, however many consumers there are', async () => {
    const fake = fakeClient();
    renderAuth(
      <>
        <Probe />
        <Probe />
      </>,
      { loadClient: fake.loadClient },
    );
    await waitFor(() => expect(fake.client.auth.getSession).toHaveBeenCalled());
    await fake.resolveSession(null);
    expect(fake.loadClient).toHaveBeenCalledTimes(1);
  });

  it('passes sign-up and sign-in details to the client', async () => {
    const { fake, run } = await loadedThen((a) => a.signUp('new@example.ae', 'secret-1', { fullName: 'Amal' }));
    expect(await run()).toEqual({ error: null });
    expect(fake.client.auth.signUp).toHaveBeenCalledWith({ email: 'new@example.ae', password: 'secret-1', options: { data: { fullName: 'Amal' } } });
    await act(() => auth.signIn('new@example.ae', 'secret-1'));
    expect(fake.client.auth.signInWithPassword).toHaveBeenLastCalledWith({ email: 'new@example.ae', password: 'secret-1' });
    await act(() => auth.signIn('+971505550100', 'secret-1'));
    expect(fake.client.auth.signInWithPassword).toHaveBeenLastCalledWith({ phone: '+971505550100', password: 'secret-1' });
    expect(getToasts()).toHaveLength(0);
  });

  it.each([
    ['signUp', 'Sign up Failed', (a: AuthState) => a.signUp('a@example.ae', 'x')],
    ['signInWithPassword', 'Sign in Failed', (a: AuthState) => a.signIn('a@example.ae', 'x')],
    ['signOut', 'Sign out Failed', (a: AuthState) => a.signOut()],
  ] as const)('shows a destructive toast when %s fails, with the server message', async (method, title, call) => {
    const { fake, run } = await loadedThen(call);
    fake.client.auth[method].mockImplementation(failWith({ message: 'Invalid login credentials', status: 400 }));
    const result = await run();
    expect(result.error?.message).toBe('Invalid login credentials');
    expect(shownToast()).toEqual({ title, description: 'Invalid login credentials', variant: 'destructive' });
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByText('Invalid login credentials')).toBeTruthy();
  });

  it.each([
    ['signUp', 'تعذّر إنشاء الحساب', (a: AuthState) => a.signUp('a@example.ae', 'x')],
    ['signInWithPassword', 'تعذّر تسجيل الدخول', (a: AuthState) => a.signIn('a@example.ae', 'x')],
    ['signOut', 'تعذّر تسجيل الخروج', (a: AuthState) => a.signOut()],
  ] as const)('titles the %s failure in Arabic on an Arabic page, "Something went wrong" without a message', async (method, title, call) => {
    const { fake, run } = await loadedThen(call, { path: '/ar/' });
    fake.client.auth[method].mockImplementation(failWith({ message: '', status: 500 }));
    await run();
    expect(shownToast()).toEqual({ title, description: 'حدث خطأ ما', variant: 'destructive' });
    expect(screen.getByText(title)).toBeTruthy();
  });

  it('says "Something went wrong" when the error has no message', async () => {
    const { fake, run } = await loadedThen((a) => a.signIn('a@example.ae', 'x'));
    fake.client.auth.signInWithPassword.mockImplementation(async () => ({ error: { status: 400 } as AuthFailure }));
    await run();
    expect(shownToast()).toEqual({ title: 'Sign in Failed', description: 'Something went wrong', variant: 'destructive' });
  });

  it.each([401, 404])('treats a %i sign-out answer as signed out: no toast, user and session cleared', async (status) => {
    const fake = fakeClient();
    renderAuth(<Probe />, { loadClient: fake.loadClient });
    await waitFor(() => expect(fake.client.auth.getSession).toHaveBeenCalled());
    await fake.resolveSession(session('amal@example.ae'));
    expect(state()).toBe('loaded:amal@example.ae:session');
    fake.client.auth.signOut.mockImplementation(failWith({ message: 'Not found', status }));
    expect(await act(() => auth.signOut())).toEqual({ error: null });
    expect(getToasts()).toHaveLength(0);
    expect(state()).toBe('loaded:none:no-session');
    expect(auth.user).toBeNull();
  });

  it('reports a 500 sign-out answer and keeps the session', async () => {
    const fake = fakeClient();
    renderAuth(<Probe />, { loadClient: fake.loadClient });
    await waitFor(() => expect(fake.client.auth.getSession).toHaveBeenCalled());
    await fake.resolveSession(session('amal@example.ae'));
    fake.client.auth.signOut.mockImplementation(failWith({ message: 'Internal error', status: 500 }));
    await act(() => auth.signOut());
    expect(shownToast()).toEqual({ title: 'Sign out Failed', description: 'Internal error', variant: 'destructive' });
    expect(state()).toBe('loaded:amal@example.ae:session');
  });

  it('without a backend: loaded at once with no user, and every call fails with the toast', async () => {
    const fake = fakeClient();
    renderAuth(<Probe />, { backend: null, loadClient: fake.loadClient });
    expect(state()).toBe('loaded:none:no-session');
    const cases = [
      ['Sign up Failed', () => auth.signUp('a@example.ae', 'x')],
      ['Sign in Failed', () => auth.signIn('a@example.ae', 'x')],
      ['Sign out Failed', () => auth.signOut()],
    ] as const;
    for (const [title, call] of cases) {
      const result = await act(call);
      expect(result.error).not.toBeNull();
      expect(shownToast()).toEqual({ title, description: 'Something went wrong', variant: 'destructive' });
    }
    expect(state()).toBe('loaded:none:no-session');
    expect(fake.loadClient).not.toHaveBeenCalled();
  });

  it('ends loading with no session when the client cannot be created, and calls then fail with the toast', async () => {
    const loadClient = vi.fn<LoadClient>(() => Promise.reject(new Error('chunk failed')));
    renderAuth(<Probe />, { loadClient });
    await waitFor(() => expect(state()).toBe('loaded:none:no-session'));
    await act(() => auth.signIn('a@example.ae', 'x'));
    expect(shownToast()).toEqual({ title: 'Sign in Failed', description: 'Something went wrong', variant: 'destructive' });
  });

  it('answers a call made while the session is still being read, over the same client', async () => {
    const fake = fakeClient();
    renderAuth(<Probe />, { loadClient: fake.loadClient });
    expect(await act(() => auth.signUp('a@example.ae', 'x'))).toEqual({ error: null });
    expect(state()).toBe('loading');
    expect(fake.client.auth.signUp).toHaveBeenCalledTimes(1);
    expect(fake.loadClient).toHaveBeenCalledTimes(1);
  });

  it('renders on the server without loading anything', () => {
    const fake = fakeClient();
    const initial = { ...routeData('/en/'), site: { ...SITE, backend: BACKEND } };
    const html = renderToString(
      <StaticRouter location="/en/">
        <PageDataProvider initial={initial}>
          <LanguageProvider>
            <AuthProvider loadClient={fake.loadClient}>
              <Probe />
            </AuthProvider>
          </LanguageProvider>
        </PageDataProvider>
      </StaticRouter>,
    );
    expect(html).toContain('loading');
    expect(fake.loadClient).not.toHaveBeenCalled();
  });
});
