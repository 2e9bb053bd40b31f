/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The Rust build runs `vite build` (client) and `vite build --ssr src/entry-server.tsx`
// with --outDir under .cache/site/; see src/assets.rs.
export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The server never uses the backend (see the file): supabase-js stays out of its bundle.
      ...(isSsrBuild ? { '@supabase/supabase-js': fileURLToPath(new URL('./src/server/no-supabase.ts', import.meta.url)) } : {}),
    },
  },
  // The SSR bundle is one self-contained file: a render worker then loads only the code the app
  // uses (lucide-react alone is ~1,500 icon modules when imported whole), and starts faster.
  ssr: { noExternal: true },
  // ...with React's production code only (its CommonJS entries choose by NODE_ENV at run time).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    manifest: true,
    target: 'es2022',
    // The server bundle is one CommonJS file with no chunks: a render worker loads it with one
    // require(), and it can be evaluated into a V8 startup snapshot (src/ssr/snapshot.rs),
    // which takes one script and no module loading.
    rollupOptions: isSsrBuild
      ? { output: { format: 'cjs', codeSplitting: false, entryFileNames: 'entry-server.cjs' } }
      : { input: 'src/entry-client.tsx' },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    setupFiles: ['src/__tests__/setup.ts'],
  },
}));
