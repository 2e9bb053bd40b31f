// What `@supabase/supabase-js` resolves to in the SSR bundle only (site/vite.config.ts). The
// server never talks to the backend: the auth client imports supabase-js on first use, in the
// browser. Leaving its 760 KB of code out of the bundle shrinks every render worker's snapshot
// and start-up. If a server render ever reached it, the build would fail, naming this file.
export function createClient(): never {
  throw new Error(
    'supabase-js is not in the server bundle (site/src/server/no-supabase.ts): the backend is only used in the browser',
  );
}
