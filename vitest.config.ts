import { defineConfig } from 'vitest/config';

// One config for every package's unit and API tests (files beside the code: *.test.ts / *.test.tsx), and the
// tests of scripts/ (scripts/*.test.mjs).
// Browser journeys live in e2e/ and have their own config.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'scripts/*.test.mjs', 'scripts/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['scripts/test-report/count-assertions.setup.ts'],
  },
});
