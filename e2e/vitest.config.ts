import { defineConfig } from 'vitest/config';

// Browser journeys: a real server on a free port, Debian's Chromium through playwright-core.
// One file at a time: each starts its own server and browser on a 2-core machine.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    globalSetup: ['e2e/support/shared-browser.ts'],
    setupFiles: ['scripts/test-report/count-assertions.setup.ts'],
  },
});
