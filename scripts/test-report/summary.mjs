// What `npm test` prints at its end: the wall time of each step, the slowest test files, and the assertions
// run. Pure functions over the run's record, so `node scripts/test.mjs --slowest [N]` can print them again.
import path from 'node:path';

/** Seconds with one decimal, right-aligned for a table. */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`.padStart(9);
}

/** "12 min 04 s" for a whole run. */
export function minutesAndSeconds(ms) {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
}

/** The step table: each step's wall time and its share of the run. */
export function formatSteps(steps) {
  const total = steps.reduce((sum, step) => sum + step.ms, 0);
  const lines = steps.map((step) => `${seconds(step.ms)}  ${step.ok ? ' ' : '✗'} ${step.label}`);
  lines.push(`${seconds(total)}    total (${minutesAndSeconds(total)})`);
  return lines.join('\n');
}

/** The N slowest test files over every step (a file run on both databases is listed once per run). */
export function slowestFiles(files, count) {
  return [...files].sort((a, b) => b.ms - a.ms).slice(0, count);
}

export function formatFiles(files, root) {
  return files.map((file) => `${seconds(file.ms)}  ${path.relative(root, file.file)}  (${file.step})`).join('\n');
}

/**
 * Reads the assertion log (one JSON line per test: file, full name, expect() calls) into the two counts that
 * matter: how many assertions ran, and how many distinct ones there are — a test run on both databases counts
 * once, with the larger of its two counts — which is what a cheaper suite must not lose.
 */
export function countAssertions(logText, root) {
  let run = 0;
  const byTest = new Map();
  for (const line of logText.split('\n')) {
    if (!line.trim()) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const [file, name, calls] = entry;
    if (typeof calls !== 'number') continue;
    run += calls;
    const key = `${path.relative(root, String(file))} › ${name}`;
    byTest.set(key, Math.max(byTest.get(key) ?? 0, calls));
  }
  let distinct = 0;
  for (const calls of byTest.values()) distinct += calls;
  return { run, distinct, tests: byTest.size };
}

/** The suite's budget on the 2-core CI machine: a warning above 20 minutes, a failure above 45 (CI's limit is 90). */
export const BUDGET = { warnMs: 20 * 60_000, failMs: 45 * 60_000 };

export function budgetVerdict(elapsedMs) {
  const took = minutesAndSeconds(elapsedMs);
  if (elapsedMs > BUDGET.failMs) return { fails: true, line: `Budget: FAILED — the run took ${took}, over the 45-minute limit (README, Tests).` };
  if (elapsedMs > BUDGET.warnMs) return { fails: false, line: `Budget: WARNING — the run took ${took}, over the 20-minute warning line (README, Tests).` };
  return { fails: false, line: `Budget: the run took ${took} (warning above 20 minutes, failure above 45).` };
}

/**
 * The run against the floor (floor.json: what the suite held before it was made cheaper). Fewer distinct tests is a
 * failure under CI — a test went missing; fewer distinct assertions is said, not failed: a test that polls makes a
 * number of expect() calls that depends on the machine's speed.
 */
export function compareWithFloor(assertions, floor) {
  const tests = `${assertions.tests} distinct tests (floor ${floor.distinctTests})`;
  const counted = `${assertions.distinct} distinct assertions (floor ${floor.distinctAssertions})`;
  if (assertions.tests < floor.distinctTests) return { fails: true, line: `Nothing lost: NO — ${tests}; ${counted}.` };
  if (assertions.distinct < floor.distinctAssertions) return { fails: false, line: `Nothing lost: tests yes, assertions BELOW the floor — ${tests}; ${counted}.` };
  return { fails: false, line: `Nothing lost: yes — ${tests}; ${counted}.` };
}
