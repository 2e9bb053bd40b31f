// The auth context and its types. Types only (plus the context object): nothing here reaches
// `@supabase/supabase-js` at run time (`import('…')` in a type position is erased).
import { createContext } from 'react';
import type { SiteInfo } from '@/shared/page-data';

export type AuthSession = import('@supabase/supabase-js').Session;
export type AuthUser = import('@supabase/supabase-js').User;
export type AuthChangeEvent = import('@supabase/supabase-js').AuthChangeEvent;
export type Backend = NonNullable<SiteInfo['backend']>;

/** An error as the auth calls return it (a supabase `AuthError` fits). */
export interface AuthFailure {
  message: string;
  status?: number;
}

export interface AuthResult {
  error: AuthFailure | null;
}

/** The part of the supabase client the context uses (a `SupabaseClient` fits; tests pass fakes). */
export interface AuthClient {
  auth: {
    getSession(): Promise<{ data: { session: AuthSession | null } }>;
    onAuthStateChange(callback: (event: AuthChangeEvent, session: AuthSession | null) => void): {
      data: { subscription: { unsubscribe(): void } };
    };
    signUp(credentials: { email: string; password: string; options?: { data?: object } }): Promise<AuthResult>;
    signInWithPassword(credentials: { email: string; password: string } | { phone: string; password: string }): Promise<AuthResult>;
    signOut(): Promise<AuthResult>;
  };
}

/** Creates the client for a backend (by default the supabase client, imported on demand). */
export type LoadClient = (backend: Backend) => Promise<AuthClient>;

export interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True until the first session is known (false at once when the site has no backend). */
  loading: boolean;
  /** Signs up with an email and a password; `data` is stored as the user's metadata. */
  signUp(email: string, password: string, data?: object): Promise<AuthResult>;
  /** Signs in with a password and an email (a value with an `@`) or a phone number. */
  signIn(emailOrPhone: string, password: string): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
}

/** The context also carries `watch`: `useAuth()` calls it so that the session gets loaded. */
export const AuthContext = createContext<(AuthState & { watch(): void }) | null>(null);
