import { defineConfig } from 'vitest/config';

// Browser journeys: a real server on a free port per file, Debian's Chromium through playwright-core (one browser
// for the run, support/shared-browser.ts; a context per test). Two files at a time: a journey mostly waits on its
// server and the browser, so two share the machine's two cores. Journeys that only visit as shoppers share one demo
// store (support/shared-store.ts); the others start a server of their own, and the heavy ones (video recording and
// upload, web vitals, large uploads) a browser of their own too.
const HEAVY_JOURNEYS = [
  'e2e/member-course.test.ts',
  'e2e/owner-members.test.ts',
  'e2e/owner-digital-file.test.ts',
  'e2e/visit-is-counted.test.ts',
];

const shared = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 180_000,
  pool: 'forks' as const,
  globalSetup: ['e2e/support/shared-browser.ts'],
  setupFiles: ['scripts/test-report/count-assertions.setup.ts'],
  // The compiled database tools (support/server.ts) load as Node loads them, not through Vite's transform.
  server: { deps: { external: [/\/packages\/server\/dist\//] } },
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'journeys',
          include: ['e2e/**/*.test.ts'],
          exclude: HEAVY_JOURNEYS,
          // And the shared demo store of the shopper-only journeys (useShop({ sharedStore: true })).
          globalSetup: [...shared.globalSetup, 'e2e/support/shared-store.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      // Their own browser each (no shared Chromium: launchBrowser starts one when none is provided) and their own server.
      { test: { ...shared, name: 'heavy journeys', include: HEAVY_JOURNEYS, globalSetup: [], sequence: { groupOrder: 0 } } },
    ],
  },
});
