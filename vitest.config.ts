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
          include: ['tests/{shared,server,client}/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
