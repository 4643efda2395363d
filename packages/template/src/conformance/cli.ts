// `npm run conformance -- [dir]`: runs every case under a folder and prints failures with a diff. Without a
// folder it runs the whole suite where `findConformanceSuite()` finds it (TEMPLATE_CONFORMANCE_DIR or ../shared).
import { resolve } from 'node:path';
import { loadCases } from './cases';
import { lineDiff, runCase } from './runner';
import { findConformanceSuite, missingSuiteMessage } from './suite-location';
import { UNSUPPORTED_CASES } from './unsupported';

const folderArgument = process.argv.slice(2).find((a) => !a.startsWith('--'));
const found = folderArgument !== undefined ? resolve(folderArgument) : findConformanceSuite();
if (found === undefined) {
  console.error(missingSuiteMessage('npm run conformance'));
  process.exit(1);
}
const dir = found;
const quiet = process.argv.includes('--quiet');
const cases = loadCases(dir, { countedOnly: !process.argv.includes('--all') });
let passed = 0;
let failed = 0;
for (const c of cases) {
  const result = runCase(c);
  if (result.passed) {
    passed++;
    continue;
  }
  failed++;
  if (quiet) console.log(`FAIL ${c.id}`);
  else {
    console.log(`\nFAIL ${c.id}`);
    console.log(result.error ?? lineDiff(c.expected, result.actual));
  }
}
const documented = cases.filter((c) => UNSUPPORTED_CASES[c.id] !== undefined).length;
if (documented > 0) console.log(`(${documented} of the cases here are documented as unsupported in packages/template/README.md)`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
