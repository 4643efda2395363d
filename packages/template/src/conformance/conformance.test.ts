// Runs both conformance suites: every counted case of the shared suite but the excluded stale fixtures, and every
// case of the reference engine's own suite (in the repository, so it always runs).
import { describe, expect, it } from 'vitest';
import { loadCases, type ConformanceCase } from './cases';
import { describeWithConformanceSuite } from './describe-with-suite';
import { EXCLUDED_CASES } from './excluded';
import { describeFailure, runCase } from './runner';
import { REFERENCE_SUITE_DIR } from './suite-location';

function caseTests(cases: readonly ConformanceCase[], skip: (id: string) => boolean): void {
  for (const c of cases) {
    it.skipIf(skip(c.id))(c.id, () => {
      const result = runCase(c);
      if (!result.passed) expect.fail(describeFailure(result));
    });
  }
}

describeWithConformanceSuite('JSON-T conformance suite', (suite) => {
  const cases = loadCases(suite);

  it('finds the 365 counted cases', () => {
    expect(cases).toHaveLength(365);
  });

  caseTests(cases, (id) => EXCLUDED_CASES[id] !== undefined);

  it('excludes only stale fixtures: each has its twin’s context and template and another output', () => {
    for (const [id, { twin }] of Object.entries(EXCLUDED_CASES)) {
      const stale = cases.find((x) => x.id === id);
      const current = cases.find((x) => x.id === twin);
      expect(stale, id).toBeDefined();
      expect(current, twin).toBeDefined();
      expect(stale!.json, id).toEqual(current!.json);
      expect(stale!.template, id).toBe(current!.template);
      expect(stale!.expected, id).not.toBe(current!.expected);
    }
  });
});

describe('reference engine’s own test cases', () => {
  const cases = loadCases(REFERENCE_SUITE_DIR);

  it('finds the 331 cases', () => {
    expect(cases).toHaveLength(331);
  });

  caseTests(cases, () => false);
});
