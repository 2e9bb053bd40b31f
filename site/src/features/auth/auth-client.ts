// The part of the auth context that talks to the backend. Imported on first use only
// (`auth-provider.tsx`), and it alone imports `@supabase/supabase-js`, dynamically.
import { toast } from '@/shared/toast/toast-store';
import type { TFunction } from '@/i18n';
import type { AuthClient, AuthResult, AuthSession, Backend, LoadClient } from './auth-context';

/** The supabase client, with the session kept in localStorage and refreshed automatically. */
export const loadSupabase: LoadClient = (backend) =>
  import('@supabase/supabase-js').then((m) =>
    m.createClient(backend.url, backend.anonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    }),
  );

type Action = 'signUp' | 'signIn' | 'signOut';

/** Shows the destructive toast for a failed call; `t` gives the page's language. */
function fail(t: TFunction, action: Action, message: string | undefined): void {
  toast({
    variant: 'destructive',
    title: t(`auth.${action}Failed`),
    description: message || t('auth.somethingWentWrong'),
  });
}

/**
 * The calls behind the context, over one client created on first use (none without a backend:
 * then every call fails with the toast). Each resolves to `{ error }` and never rejects.
 */
export function createEngine(backend: Backend | null, loadClient: LoadClient = loadSupabase) {
  const client: Promise<AuthClient> = backend
    ? loadClient(backend)
    : Promise.reject(new Error('No backend is configured for this site'));
  client.catch(() => {}); // the failure is reported by whoever awaits the client
  let onSession: ((session: AuthSession | null) => void) | null = null;

  async function run(t: TFunction, action: Action, call: (c: AuthClient) => Promise<AuthResult>): Promise<AuthResult> {
    let error: AuthResult['error'];
    try {
      ({ error } = await call(await client));
    } catch (thrown) {
      // Not the server's answer (no backend, client code not loaded, ...): no server message.
      fail(t, action, undefined);
      return { error: { message: thrown instanceof Error ? thrown.message : String(thrown) } };
    }
    // Sign-out answered 401 or 404: the session is already gone on the server; so it is here.
    if (error && action === 'signOut' && (error.status === 401 || error.status === 404)) error = null;
    if (error) fail(t, action, error.message);
    else if (action === 'signOut') onSession?.(null);
    return { error };
  }

  return {
    /** Follows the session: the current one, then every change. Returns the unsubscribe. */
    watch(listener: (session: AuthSession | null) => void): () => void {
      let live = true;
      let changed = false;
      let subscription: { unsubscribe(): void } | undefined;
      onSession = listener;
      client
        .then(async (c) => {
          if (!live) return;
          ({ subscription } = c.auth.onAuthStateChange((_event, session) => {
            changed = true;
            if (live) listener(session);
          }).data);
          const { data } = await c.auth.getSession();
          // An event that came first is newer than this answer.
          if (live && !changed) listener(data.session);
        })
        .catch(() => live && !changed && listener(null));
      return () => {
        live = false;
        if (onSession === listener) onSession = null;
        subscription?.unsubscribe();
      };
    },
    signUp: (t: TFunction, email: string, password: string, data?: object) =>
      run(t, 'signUp', (c) => c.auth.signUp({ email, password, options: data ? { data } : undefined })),
    signIn: (t: TFunction, emailOrPhone: string, password: string) =>
      run(t, 'signIn', (c) =>
        c.auth.signInWithPassword(emailOrPhone.includes('@') ? { email: emailOrPhone, password } : { phone: emailOrPhone, password }),
      ),
    signOut: (t: TFunction) => run(t, 'signOut', (c) => c.auth.signOut()),
  };
}
