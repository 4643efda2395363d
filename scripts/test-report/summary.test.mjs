import { describe, expect, it } from 'vitest';
import { budgetVerdict, compareWithFloor, countAssertions, formatSteps, slowestFiles } from './summary.mjs';

describe("npm test's closing report", () => {
  it('counts assertions run, and distinct ones with a test run on both databases counted once at its larger count', () => {
    const log = [
      ['/r/packages/server/src/cart/a.test.ts', 'adds', 3],
      ['/r/packages/server/src/cart/a.test.ts', 'adds', 4],
      ['/r/packages/format/src/m.test.ts', 'formats', 2],
      'not json',
    ].map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');
    expect(countAssertions(log, '/r')).toEqual({ run: 9, distinct: 6, tests: 2 });
  });

  it('lists the slowest files first and totals the steps', () => {
    const files = [{ file: '/r/a', step: 'x', ms: 10 }, { file: '/r/b', step: 'x', ms: 30 }, { file: '/r/c', step: 'x', ms: 20 }];
    expect(slowestFiles(files, 2).map((file) => file.file)).toEqual(['/r/b', '/r/c']);
    expect(formatSteps([{ label: 'typecheck', ms: 61_000, ok: true }, { label: 'unit', ms: 4_000, ok: false }])).toContain('65.0 s    total (1 min 05 s)');
  });

  it('warns above 20 minutes and fails above 45', () => {
    expect(budgetVerdict(19 * 60_000)).toEqual({ fails: false, line: 'Budget: the run took 19 min 00 s (warning above 20 minutes, failure above 45).' });
    expect(budgetVerdict(21 * 60_000)).toEqual({ fails: false, line: 'Budget: WARNING — the run took 21 min 00 s, over the 20-minute warning line (README, Tests).' });
    expect(budgetVerdict(46 * 60_000).fails).toBe(true);
  });

  it('compares the distinct tests and assertions with the floor: fewer tests fail, fewer assertions are only said', () => {
    const floor = { distinctTests: 10, distinctAssertions: 100 };
    expect(compareWithFloor({ run: 200, distinct: 120, tests: 11 }, floor)).toEqual({ fails: false, line: 'Nothing lost: yes — 11 distinct tests (floor 10); 120 distinct assertions (floor 100).' });
    expect(compareWithFloor({ run: 200, distinct: 90, tests: 10 }, floor).fails).toBe(false);
    expect(compareWithFloor({ run: 200, distinct: 90, tests: 10 }, floor).line).toContain('assertions BELOW the floor');
    expect(compareWithFloor({ run: 200, distinct: 120, tests: 9 }, floor).fails).toBe(true);
  });
});
