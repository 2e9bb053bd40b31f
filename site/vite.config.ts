/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { i18nextTrim } from './vite-plugins/i18next-trim.ts';
import { lucideIconData } from './vite-plugins/lucide-icon-data.ts';
import { reactRouterTreeShaking } from './vite-plugins/react-router-tree-shaking.ts';
import { readLanguages, readStringsDirs } from './vite-plugins/languages.ts';
import { stringsFallback } from './vite-plugins/strings-fallback.ts';
import { stringsModules } from './vite-plugins/strings-modules.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// The language table and each language's strings folder: from the Rust build's environment
// (`SAHEL_LANGUAGES`, `SAHEL_STRINGS_DIRS`), else `languages.default.json` and `src/i18n/<code>/`
// (see vite-plugins/languages.ts). The app reads the table as `__SAHEL_LANGUAGES__`
// (src/shared/languages.ts) and the strings through `virtual:sahel/...` modules.
const languages = readLanguages(root);
const stringsDirs = readStringsDirs(root, languages);

// react-router 7's package exports name its development build for every condition (upstream
// remix-run/react-router#12532, #14102), so a bundler never picks its production build, which
// differs only in leaving out the development warnings. Both builds resolve to the same
// version's files; the aliases take the production one.
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
// react-router-dom (which re-exports react-router) names its CommonJS build for Node (`node` →
// `default`, its ES module only under `module-sync`, a condition Vite does not use), so the
// server bundle took it: its `require("react-router")` made the bundler keep every export of
// React Router, with the cookie parsers and the framework's server code (about 400 KB of the bundle).
// The ES module, which the browser's build already takes, lets it drop what the app does not use.
const reactRouterDom = join(dirname(createRequire(import.meta.url).resolve('react-router-dom/package.json')), 'dist', 'index.mjs');

// The server renders with renderToString only. react-dom/server's Node entry requires both of
// React's server renderers (the streaming one too, for renderToPipeableStream), so the SSR bundle
// takes the one that holds renderToString directly: 250 KB less for every render worker to load,
// and 750 KB less in its startup snapshot.
const reactDomServerLegacy = join(dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs', 'react-dom-server-legacy.node.production.js');


// The Rust build runs `vite build` (client) and `vite build --ssr src/entry-server.tsx`
// with --outDir under .cache/site/; see src/assets.rs.
export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: 'public',
  plugins: [stringsModules(languages, stringsDirs), stringsFallback(languages, stringsDirs), react(), tailwindcss(), reactRouterTreeShaking(), i18nextTrim(), lucideIconData()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
      { find: /^react-router-dom$/, replacement: reactRouterDom },
      // The server never uses the backend (see the file): supabase-js stays out of its bundle.
      ...(isSsrBuild ? [{ find: '@supabase/supabase-js', replacement: fileURLToPath(new URL('./src/server/no-supabase.ts', import.meta.url)) }] : []),
      ...(isSsrBuild ? [{ find: /^react-dom\/server$/, replacement: reactDomServerLegacy }] : []),
    ],
  },
  // The SSR bundle is one self-contained file: a render worker then loads only the code the app
  // uses (lucide-react alone is ~1,500 icon modules when imported whole), and starts faster.
  ssr: { noExternal: true },
  define: {
    __SAHEL_LANGUAGES__: JSON.stringify(languages),
    // ...with React's production code only (its CommonJS entries choose by NODE_ENV at run time).
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  build: {
    manifest: true,
    target: 'es2022',
    // The server bundle is one CommonJS file with no chunks: a render worker loads it with one
    // require(), and it can be evaluated into a V8 startup snapshot (src/ssr/snapshot.rs),
    // which takes one script and no module loading.
    rollupOptions: isSsrBuild
      ? {
          output: {
            format: 'cjs',
            codeSplitting: false,
            entryFileNames: 'entry-server.cjs',
            // ASCII only (Arabic strings escaped, no comments): V8 then keeps the bundle's source
            // in one byte per character instead of two, in every worker and its snapshot.
            charset: 'ascii',
            comments: false,
          },
        }
      : { input: 'src/entry-client.tsx' },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    setupFiles: ['src/__tests__/setup.ts'],
  },
}));
