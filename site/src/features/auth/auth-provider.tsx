import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { usePageData } from '@/shared/page-data/use-page-data';
import { AuthContext, type AuthResult, type AuthSession, type AuthState, type LoadClient } from './auth-context';

type Engine = ReturnType<typeof import('./auth-client').createEngine>;

export interface AuthProviderProps {
  children: ReactNode;
  /** Creates the client; defaults to supabase's `createClient` (tests pass a fake). */
  loadClient?: LoadClient;
}

/**
 * The auth context. Only state lives here: the code that talks to the backend (`auth-client.ts`,
 * and through it `@supabase/supabase-js`) is imported the first time something uses auth, so a
 * page with no `useAuth()` consumer never downloads it.
 */
export function AuthProvider({ children, loadClient }: AuthProviderProps) {
  const backend = usePageData().data.site.backend;
  const { t } = useTranslation(); // the page's language, for the failure toasts
  const [watched, setWatched] = useState(false);
  const [state, setState] = useState<{ session: AuthSession | null; loading: boolean }>({ session: null, loading: true });

  // The backend is the same on every page of a site: the first page's settings are kept.
  const config = useRef({ backend, loadClient });
  const engine = useRef<Promise<Engine> | null>(null);
  const watch = useCallback(() => setWatched(true), []);
  const load = useCallback(
    () => (engine.current ??= import('./auth-client').then((m) => m.createEngine(config.current.backend, config.current.loadClient))),
    [],
  );

  // Once a consumer asked, follow the session (the first one ends `loading`).
  useEffect(() => {
    if (!watched) return;
    let live = true;
    let stop: (() => void) | undefined;
    load().then(
      (e) => live && (stop = e.watch((session) => setState({ session, loading: false }))),
      () => live && setState({ session: null, loading: false }),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [watched, load]);

  const value = useMemo(() => {
    // The auth code itself could not be loaded (offline): resolve with an error, without a toast
    // (the toast code is loaded the same way and is most likely unavailable too).
    const call = (run: (e: Engine) => Promise<AuthResult>): Promise<AuthResult> =>
      load().then(run, () => ({ error: { message: 'The auth code could not be loaded' } }));
    const auth: AuthState & { watch(): void } = {
      session: state.session,
      user: state.session?.user ?? null,
      loading: backend ? state.loading : false,
      watch,
      signUp: (email, password, data) => call((e) => e.signUp(t, email, password, data)),
      signIn: (emailOrPhone, password) => call((e) => e.signIn(t, emailOrPhone, password)),
      signOut: () => call((e) => e.signOut(t)),
    };
    return auth;
  }, [state, backend, t, load, watch]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
