import { defineConfig } from 'vitest/config';

// Two projects: 'unit' (shared rules, API tests through buildApp, the offline layer on
// fake-indexeddb; node environment) and 'e2e' (Playwright driving Debian's Chromium against
// the production build). `npm test` runs both.
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/{shared,server,client}/**/*.test.{ts,tsx}',
            'tests/independent-client/**/*.test.ts',
            // Real processes behind nginx on PostgreSQL and Redis (issue 18); each test sets
            // its own longer timeout.
            'tests/{cluster,deploy}/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          // Builds the web app once per run into a temp folder (only when e2e specs run).
          globalSetup: ['tests/support/e2e-global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker keeps the server's modules loaded across spec files (each file still
          // builds its own app, database and browser); re-importing them per file costs seconds.
          isolate: false,
        },
      },
    ],
  },
});
