// `npm run conformance -- [folder] [--all] [--quiet]`: runs the two conformance suites — the shared one (where
// `findConformanceSuite()` finds it) and the reference engine's own cases (packages/template/conformance-reference) —
// and prints each failure with a diff, a count per suite and the total. With a folder it runs only the cases there.
import { relative, resolve } from 'node:path';
import { loadCases, type ConformanceCase } from './cases';
import { EXCLUDED_CASES } from './excluded';
import { describeFailure, runCase } from './runner';
import { REFERENCE_SUITE_DIR, findConformanceSuite, missingSuiteMessage } from './suite-location';

const args = process.argv.slice(2);
const folderArgument = args.find((a) => !a.startsWith('--'));
const quiet = args.includes('--quiet');
const countedOnly = !args.includes('--all');

interface Suite {
  name: string;
  dir: string;
  /** Cases that are not counted, with why (only the shared suite has any). */
  excluded: Record<string, { reason: string }>;
}

let suites: Suite[];
if (folderArgument !== undefined) {
  suites = [{ name: 'cases', dir: resolve(folderArgument), excluded: {} }];
} else {
  const shared = findConformanceSuite();
  if (shared === undefined) {
    console.error(missingSuiteMessage('npm run conformance'));
    process.exit(1);
  }
  suites = [
    { name: 'shared suite', dir: shared, excluded: EXCLUDED_CASES },
    { name: 'reference suite', dir: REFERENCE_SUITE_DIR, excluded: {} },
  ];
}

let totalPassed = 0;
let totalFailed = 0;
const lines: string[] = [];
for (const suite of suites) {
  const cases = loadCases(suite.dir, { countedOnly });
  let passed = 0;
  let failed = 0;
  const excluded: ConformanceCase[] = [];
  for (const c of cases) {
    if (suite.excluded[c.id] !== undefined) {
      excluded.push(c);
      continue;
    }
    const result = runCase(c);
    if (result.passed) {
      passed++;
      continue;
    }
    failed++;
    console.log(quiet ? `FAIL ${suite.name} ${c.id}` : `\nFAIL ${suite.name} ${c.id}\n${describeFailure(result)}`);
  }
  totalPassed += passed;
  totalFailed += failed;
  const note = excluded.length > 0 ? `, ${excluded.length} excluded as stale (packages/template/README.md, Conformance)` : '';
  lines.push(`${suite.name} (${relative(process.cwd(), suite.dir) || '.'}): ${passed} passed, ${failed} failed${note}`);
  for (const c of excluded) lines.push(`  excluded ${c.id}: ${suite.excluded[c.id]!.reason}`);
}
console.log(`\n${lines.join('\n')}`);
if (suites.length > 1) console.log(`total: ${totalPassed} passed, ${totalFailed} failed`);
process.exitCode = totalFailed > 0 ? 1 : 0;
