// `npm run test:reliability`: the reliability tests with the long configuration (RELIABILITY_LONG=1:
// FUZZ_RUNS=2000 per route, 60 racers, 600 writes around the crash, random seeds printed), first on
// PGlite, then on PostgreSQL (TEST_DATABASE_URL, or a throw-away cluster started here).
// FUZZ_SEED, FUZZ_RUNS, RACERS and CRASH_WRITES override the sizes; extra arguments go to vitest
// (e.g. a single file: `npm run test:reliability -- fuzz-routes`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres, stopThrowawayPostgres } from '../../../../scripts/throwaway-postgres.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const here = 'packages/server/src/reliability';
const filters = process.argv.slice(2);
const targets = filters.length > 0 ? filters.map((filter) => `${here}/${filter}`) : [here];

function vitest(label, env) {
  console.log(`\n▶ reliability, long run: ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...targets], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, RELIABILITY_LONG: '1', ...env },
  });
  return result.status === 0;
}

const results = [['PGlite', vitest('PGlite', { TEST_DATABASE_URL: '' })]];
let cluster = null;
try {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    cluster = await startThrowawayPostgres();
    url = cluster.url;
  }
  results.push(['PostgreSQL', vitest('PostgreSQL', { TEST_DATABASE_URL: url })]);
} finally {
  if (cluster) stopThrowawayPostgres(cluster.dir);
}
console.log(`\n${results.map(([name, ok]) => `${name}: ${ok ? 'passed' : 'FAILED'}`).join(', ')}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
