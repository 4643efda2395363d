// For tests that read the conformance suite: on a machine without it they are reported as skipped with a
// message saying where to put it; on CI (CI=true), which always has it, a missing suite is a failure.
import { describe, it } from 'vitest';
import { findConformanceSuite, missingSuiteMessage } from './suite-location';

export function describeWithConformanceSuite(title: string, body: (suite: string) => void): void {
  const suite = findConformanceSuite();
  if (suite !== undefined) {
    describe(title, () => body(suite));
    return;
  }
  const message = missingSuiteMessage(`the tests "${title}"`);
  if (process.env.CI === 'true') {
    describe(title, () => {
      it('finds the conformance suite (required on CI)', () => {
        throw new Error(message);
      });
    });
    return;
  }
  console.warn(`\n⚠ ${title}: skipped. ${message}\n`);
  describe.skip(title, () => {
    it('needs the conformance suite, which is not on this machine (see README.md, Tests)', () => {});
  });
}
