// ESLint for the app (site/src) and the browser tests (tests/e2e): the recommended JavaScript and
// TypeScript rules, React's rules of hooks, and the app's import boundaries. Run by
// scripts/test-all.sh as `eslint site/src editor tests/e2e`.
//
// Boundaries: imports flow one way, shared → features → app.
// - shared/ (and i18n/, and the tests' helpers in __tests__/) imports neither features/ nor app/;
// - a feature imports no app/ code and no other feature: the piece two features share goes to
//   shared/, or app/ composes the two.
// app/ and the entries (entry-client.tsx, entry-server.tsx) may import anything.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const src = 'site/src';
const features = readdirSync(`${root}/${src}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appLayer = [`${src}/app`, `${src}/entry-client.tsx`, `${src}/entry-server.tsx`];

const boundaries = [
  ...[`${src}/shared`, `${src}/i18n`, `${src}/__tests__`].map((target) => ({
    target,
    from: [`${src}/features`, ...appLayer],
    message: 'shared code imports neither features/ nor app/ (imports flow shared → features → app).',
  })),
  {
    target: `${src}/features`,
    from: appLayer,
    message: 'a feature does not import app/ (imports flow shared → features → app).',
  },
  ...features.map((feature) => ({
    target: `${src}/features/${feature}`,
    from: `${src}/features`,
    except: [`./${feature}`],
    message: 'a feature does not import another feature: move what they share to shared/, or compose them in app/.',
  })),
];

export default defineConfig(
  { ignores: ['**/node_modules/', 'dist/', 'dist-backend/', 'target/', '.cache/', 'test-results/'] },
  {
    files: [`${src}/**/*.{ts,tsx}`, 'site/vite-plugins/**/*.ts', 'tests/e2e/**/*.ts', 'editor/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `for (const _ of text)`, `const { tooltip: _dropped, ...rest } = …`: unused on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The browser editor (`sahel serve --edit`): React's rules of hooks.
    files: ['editor/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // safeHref refuses links holding control characters, which takes a regex naming them.
    files: [`${src}/features/assistant/markdown.tsx`],
    rules: { 'no-control-regex': 'off' },
  },
  {
    files: [`${src}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Resolves `@/…` through tsconfig.json's paths, as Vite and TypeScript do.
      'import-x/resolver-next': [
        createNodeResolver({
          tsconfig: { configFile: `${root}/tsconfig.json` },
          extensions: ['.ts', '.tsx', '.js', '.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
