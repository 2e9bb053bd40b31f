// The editor's tests: `npx vitest run --config editor/vitest.config.ts` from the repository root.
// *.test.tsx (components and views) run in jsdom, *.test.ts (pure modules) in Node.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    projects: [
      { extends: true, test: { name: 'dom', include: ['src/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['src/__tests__/setup.ts'] } },
      { extends: true, test: { name: 'node', include: ['src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
