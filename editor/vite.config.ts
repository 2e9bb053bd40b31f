// The browser editor served by `sahel serve --edit` at /_edit/ (see src/api.ts for the contract
// with src/serve/edit/). Rust writes the HTML shell and serves the two files built here, which
// are embedded in sahel: fixed names, one JS module (no chunks), no source map, and the same bytes
// from the same sources (build twice and compare).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  publicDir: false,
  base: '/_edit/',
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: fileURLToPath(new URL('../src/serve/edit/ui', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    minify: true,
    cssCodeSplit: false,
    modulePreload: false,
    manifest: false,
    copyPublicDir: false,
    assetsInlineLimit: 0,
    reportCompressedSize: true,
    rollupOptions: {
      input: fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
      output: {
        format: 'es',
        codeSplitting: false,
        entryFileNames: 'editor.js',
        assetFileNames: (asset) => (asset.names.some((n) => n.endsWith('.css')) ? 'editor.css' : '[name][extname]'),
      },
    },
  },
});
