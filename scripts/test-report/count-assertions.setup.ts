// A Vitest setup file (both configs): after each test, appends one line — the file, the test's full name and
// how many expect() calls it made — to the log that scripts/test.mjs names in VITRINE_ASSERTION_LOG.
// test.mjs sums them, so a change that makes the suite cheaper can show it kept every assertion.
import { appendFileSync } from 'node:fs';
import { afterEach, expect } from 'vitest';

const log = process.env.VITRINE_ASSERTION_LOG;

if (log) {
  afterEach((context) => {
    const state = expect.getState();
    const file = context.task.file?.filepath ?? state.testPath ?? '';
    appendFileSync(log, `${JSON.stringify([file, state.currentTestName ?? context.task.name, state.assertionCalls])}\n`);
  });
}
