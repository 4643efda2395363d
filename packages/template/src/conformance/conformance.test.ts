// Runs every counted case of the shared conformance suite; only the documented unsupported cases may fail.
import { expect, it } from 'vitest';
import { loadCases } from './cases';
import { describeWithConformanceSuite } from './describe-with-suite';
import { lineDiff, runCase } from './runner';
import { UNSUPPORTED_CASES } from './unsupported';

describeWithConformanceSuite('JSON-T conformance suite', (suite) => {
  const cases = loadCases(suite);

  it('finds the 365 counted cases', () => {
    expect(cases).toHaveLength(365);
  });

  for (const c of cases) {
    const reason = UNSUPPORTED_CASES[c.id];
    it.skipIf(reason !== undefined)(c.id, () => {
      const result = runCase(c);
      if (!result.passed) expect.fail(result.error ?? lineDiff(c.expected, result.actual));
    });
  }

  it('lists only unsupported cases that exist and still fail', () => {
    for (const id of Object.keys(UNSUPPORTED_CASES)) {
      const c = cases.find((x) => x.id === id);
      expect(c, id).toBeDefined();
      expect(runCase(c!).passed, id).toBe(false);
    }
  });
});
