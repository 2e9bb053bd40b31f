import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The site under test (default: the repository's dist/). */
const DIST = process.env.E2E_DIST ?? '../../dist';
/** The same site built with a backend configured (tests/e2e/backend-site.toml), see backend.ts. */
const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? PORT + 1);
const BACKEND_DIST = process.env.E2E_BACKEND_DIST ?? '../../dist-backend';
/** The three-language fixture site (scripts/build-languages-fixture.sh), see languages.spec.ts. */
const LANGUAGES_PORT = Number(process.env.E2E_LANGUAGES_PORT ?? PORT + 2);
const LANGUAGES_DIST = process.env.E2E_LANGUAGES_DIST ?? '../../dist-languages';
/** The shipped site with a team page added (scripts/build-team-fixture.sh), see team-page.spec.ts. */
const TEAM_PORT = Number(process.env.E2E_TEAM_PORT ?? PORT + 3);
const TEAM_DIST = process.env.E2E_TEAM_DIST ?? '../../dist-team';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The phone measurements of issue 52 (inp.spec.ts, at 4× CPU slowdown) run only with
  // E2E_PERF=1, apart from the other tests (which would slow them): the test command runs the
  // taps' budgets (`--grep @inp`) after Lighthouse; `npm run measure:phone` runs those and the
  // hydration measurement, whose 50 ms budget does not hold (the entry's evaluation and React's
  // hydration are single tasks of 120-400 ms at 4×).
  grepInvert: process.env.E2E_PERF === '1' ? undefined : /@perf/,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: [
    {
      command: `node start-nginx.mjs ${PORT} ${DIST}`,
      cwd: HERE,
      url: `http://127.0.0.1:${PORT}/ar/`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node start-nginx.mjs ${BACKEND_PORT} ${BACKEND_DIST}`,
      cwd: HERE,
      url: `http://127.0.0.1:${BACKEND_PORT}/ar/`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node start-nginx.mjs ${LANGUAGES_PORT} ${LANGUAGES_DIST}`,
      cwd: HERE,
      url: `http://127.0.0.1:${LANGUAGES_PORT}/fa/`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node start-nginx.mjs ${TEAM_PORT} ${TEAM_DIST}`,
      cwd: HERE,
      url: `http://127.0.0.1:${TEAM_PORT}/en/team/`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
  ],
});
