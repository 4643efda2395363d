// Runs every counted case of the shared conformance suite; only the documented unsupported cases may fail.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases } from './cases';
import { lineDiff, runCase } from './runner';
import { UNSUPPORTED_CASES } from './unsupported';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const suite = resolve(repoRoot, '../shared/template-conformance');

describe.skipIf(!existsSync(suite))('JSON-T conformance suite', () => {
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
