import { useContext, useEffect } from 'react';
import { AuthContext, type AuthState } from './auth-context';

/**
 * The auth state and calls. Using it is what loads the auth code and the supabase client and
 * reads the session (after the first render, so server rendering loads nothing).
 */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider>');
  const { watch } = auth;
  useEffect(watch, [watch]);
  return auth;
}
