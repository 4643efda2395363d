// Where the JSON-T conformance suite is on this machine. It is not part of the repository: it sits in
// `../shared/template-conformance` beside the clone (as on CI), or wherever TEMPLATE_CONFORMANCE_DIR says.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SUITE_DIR_VARIABLE = 'TEMPLATE_CONFORMANCE_DIR';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/**
 * The second suite, in the repository: the reference engine's own inline test cases, transcribed
 * (packages/template/conformance-reference, see its README).
 */
export const REFERENCE_SUITE_DIR = resolve(import.meta.dirname, '../../conformance-reference');

/** The default place: `shared/template-conformance` in the folder that holds the clone. */
export const DEFAULT_SUITE_DIR = resolve(repoRoot, '../shared/template-conformance');

/** The folder the suite is looked for in: TEMPLATE_CONFORMANCE_DIR (relative to the working directory) or the default. */
export function conformanceSuiteCandidate(): string {
  const fromEnv = process.env[SUITE_DIR_VARIABLE];
  return fromEnv ? resolve(fromEnv) : DEFAULT_SUITE_DIR;
}

/** The suite's root folder (the one holding `cases/` and `bench/`), or undefined when it is not there. */
export function findConformanceSuite(): string | undefined {
  const dir = conformanceSuiteCandidate();
  return existsSync(join(dir, 'cases')) ? dir : undefined;
}

/** What to tell someone whose machine lacks the suite: what was looked for, where, and how to provide it. */
export function missingSuiteMessage(what: string): string {
  const looked = conformanceSuiteCandidate();
  const via = process.env[SUITE_DIR_VARIABLE] ? ` (from ${SUITE_DIR_VARIABLE})` : '';
  return (
    `The JSON-T conformance suite was not found at ${looked}${via} (wanted by ${what}). ` +
    `Put the suite (the folder that holds cases/ and bench/) at ${DEFAULT_SUITE_DIR}, ` +
    `or set ${SUITE_DIR_VARIABLE} to its folder.`
  );
}
