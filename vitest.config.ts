import { defineConfig } from 'vitest/config';
import { SERIAL_TEST_FILES } from './scripts/test-report/serial-files.mjs';

// One config for every package's unit and API tests (files beside the code: *.test.ts / *.test.tsx), and the
// tests of scripts/ (scripts/*.test.mjs). Browser journeys live in e2e/ and have their own config.
//
// Three projects share the machine's two cores (scripts/test.mjs and the README's Tests section explain why):
//  - server: the server's API tests, two at a time, and each worker process keeps its imported modules from one
//    file to the next (isolate: false) — importing the server costs seconds, and every file builds its own app on
//    its own database, so nothing a test can see is shared;
//  - packages: every other package's tests (pure rules, contracts, the islands and the owner app in happy-dom),
//    two at a time, keeping imported modules from one file to the next too (isolate: false) — a fresh module graph
//    per file spent more of the step importing React, the owner app and happy-dom again than running tests;
//  - mocking: the few files that replace a module (vi.mock), each in a fresh module graph so a mock never reaches
//    another file (MOCKING_TEST_FILES);
//  - serial: the few files that cannot share the machine (they spawn and kill processes, hold locks for seconds or
//    count connections), one at a time after the others.
const shared = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  setupFiles: ['scripts/test-report/count-assertions.setup.ts'],
};

/** Test files that replace modules with vi.mock: they run isolated (a mocked module must not leak into others). */
const MOCKING_TEST_FILES = [
  'packages/owner-app/src/app/App.test.tsx',
  'packages/owner-app/src/app/WebsiteSwitcher.test.tsx',
  'packages/storefront/src/islands/SiteFormView.test.tsx',
  'packages/tracking/src/performance-collector.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: SERIAL_TEST_FILES,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'packages',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'scripts/*.test.ts'],
          exclude: ['packages/server/**', ...SERIAL_TEST_FILES, ...MOCKING_TEST_FILES],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'mocking',
          include: MOCKING_TEST_FILES,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'serial',
          include: SERIAL_TEST_FILES,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
