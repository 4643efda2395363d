// `npm test`: every test of the repository, in the order a failure is cheapest to read.
//  1. the architecture check (scripts/check-architecture.mjs), and the typecheck of the whole workspace beside
//  2. the unit and API tests that run one at a time; then every other unit and API test of every package on the
//     embedded database (PGlite)
//  3. again on PostgreSQL (TEST_DATABASE_URL, or a throw-away cluster we start), the server's test files whose
//     subject is the database (`// databases: both` on their first line: scripts/test-report/database-files.mjs);
//     both runs also test the Redis rate-limit store (TEST_REDIS_URL, or a throw-away redis-server)
//  4. browser journeys in Debian's Chromium against a real server (the storefront, the owner app and the compiled
//     server built first)
// It ends with one line: `N passed, M failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './system-packages.mjs';
import { startThrowawayPostgres, stopThrowawayPostgres } from './throwaway-postgres.mjs';
import { startThrowawayRedis } from './throwaway-redis.mjs';
import { budgetVerdict, compareWithFloor, countAssertions, formatFiles, formatSteps, slowestFiles } from './test-report/summary.mjs';
import { filesOnBothDatabases } from './test-report/database-files.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
// The last run's record (step times, file times, assertions), read again by `--slowest`.
const recordDir = path.join(root, '.test-results');
const recordFile = path.join(recordDir, 'last-run.json');

const slowestFlag = process.argv.indexOf('--slowest');
if (slowestFlag !== -1) {
  if (!existsSync(recordFile)) {
    console.error('No run recorded yet: run `npm test` first.');
    process.exit(1);
  }
  const record = JSON.parse(readFileSync(recordFile, 'utf8'));
  const count = Number(process.argv[slowestFlag + 1]) || 50;
  console.log(`Steps of the run of ${record.finishedAt}:\n${formatSteps(record.steps)}\n`);
  console.log(`The ${count} slowest test files:\n${formatFiles(slowestFiles(record.files, count), root)}`);
  process.exit(0);
}

// The run's budget (README, Tests): from .ci/run's start when it says so, else from this script's.
const runStartedAt = Number(process.env.VITRINE_RUN_STARTED_AT) || Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
const steps = [];
const files = [];
mkdirSync(recordDir, { recursive: true });
const assertionLog = path.join(recordDir, `assertions-${process.pid}.jsonl`);
rmSync(assertionLog, { force: true });

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  steps.push({ label, ms: Date.now() - started, ok: result.status === 0 });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

/** Like run(), in the background: its output is printed when it ends; resolves to whether it passed. */
function runInBackground(label, command, args) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`\n▶ ${label} (ran in the background)`);
      if (output) process.stdout.write(output);
      steps.push({ label, ms: Date.now() - started, ok: code === 0 });
      if (code !== 0) failedSteps.push(label);
      resolve(code === 0);
    });
  });
}

function vitest(label, args, env = {}) {
  const report = path.join(os.tmpdir(), `vitrine-vitest-${process.pid}-${Date.now()}.json`);
  run(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args], { ...env, VITRINE_ASSERTION_LOG: assertionLog });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += (json.numFailedTests ?? 0);
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    for (const result of json.testResults ?? []) files.push({ file: result.name, step: label, ms: (result.endTime ?? 0) - (result.startTime ?? 0) });
    rmSync(report, { force: true });
  } else {
    totals.failed += 1;
  }
}

function hasTests(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true }).some((f) => /\.test\.tsx?$/.test(String(f)));
}

ensureSystemPackages(['postgresql', 'chromium', 'redis-server', 'caddy', 'varnish']);

const redis = process.env.TEST_REDIS_URL ? null : await startThrowawayRedis();
const redisEnv = { TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? redis.url };
// The embedded database's steps run on PGlite even where TEST_DATABASE_URL is set (.ci/run exports it for the
// PostgreSQL step): before, CI ran its "PGlite" step on PostgreSQL too, and PGlite only in the journeys.
const pgliteEnv = { ...redisEnv, TEST_DATABASE_URL: '' };
process.on('exit', () => redis?.stop());

// The typecheck (one core) runs beside the test files that must run one at a time (the other core: they spawn and
// kill processes, hold locks or count connections — scripts/test-report/serial-files.mjs); its output follows theirs.
// TypeScript 7 (the native compiler, installed as `typescript-native`) checks the workspace in about a third of 5.9's
// CPU time; 5.9 stays the `typescript` package for the tools that use its JavaScript API (db/schema.test.ts).
const typecheck = runInBackground('typecheck', process.execPath, [path.join(root, 'node_modules/typescript-native/bin/tsc'), '-p', 'tsconfig.json']);
if (!run('architecture (floors, exports, domain fronts, cycles, unused dependencies)', 'node', ['scripts/check-architecture.mjs'])) totals.failed += 1;
vitest('unit and API tests that run one at a time (PGlite), beside the typecheck', ['--project', 'serial'], pgliteEnv);
if (!(await typecheck)) totals.failed += 1;

vitest('unit and API tests (PGlite)', ['--project', 'server', '--project', 'packages', '--project', 'mocking'], pgliteEnv);

let cluster = null;
let databaseUrl = process.env.TEST_DATABASE_URL;
try {
  if (!databaseUrl) {
    cluster = await startThrowawayPostgres();
    databaseUrl = cluster.url;
  }
  // Only the files whose subject is the database itself (their first line says `databases: both`).
  const onBoth = filesOnBothDatabases(root).map((file) => path.relative(root, file));
  vitest(`server API tests whose subject is the database, again on PostgreSQL (${onBoth.length} files)`, ['--project', 'server', '--project', 'serial', ...onBoth], { ...redisEnv, TEST_DATABASE_URL: databaseUrl });
} finally {
  if (cluster) stopThrowawayPostgres(cluster.dir);
}

if (hasTests(path.join(root, 'e2e'))) {
  if (!run('build the storefront islands', 'npm', ['run', 'build', '-w', '@vitrine/storefront'])) totals.failed += 1;
  // The owner app's build ends with its size check (initial JS ≤ 150 KB brotli, no TypeBox in the bundle).
  if (!run('build the owner app (and check its bundle size)', 'npm', ['run', 'build', '-w', '@vitrine/owner-app'])) totals.failed += 1;
  // The journeys' servers run the compiled server, as `npm start` does (scripts/start/server-bundle.mjs): loading the
  // TypeScript through tsx for each of some forty servers cost seconds of CPU each.
  const started = Date.now();
  console.log('\n▶ compile the server (the journeys run it as npm start does)');
  let serverBundleEnv = {};
  try {
    const { buildServerBundle, serverBundle, serverBundleStaleness, databaseSetupBundle, databaseSetupEntry } = await import('./start/server-bundle.mjs');
    if (serverBundleStaleness()) await buildServerBundle();
    // The harness opens, migrates and seeds databases itself (a journey's prepareDatabase): compiled too.
    if (serverBundleStaleness(databaseSetupBundle)) await buildServerBundle(databaseSetupBundle, databaseSetupEntry);
    serverBundleEnv = { VITRINE_SERVER_BUNDLE: serverBundle, VITRINE_DATABASE_SETUP_BUNDLE: databaseSetupBundle };
    steps.push({ label: 'compile the server', ms: Date.now() - started, ok: true });
  } catch (error) {
    console.error(error);
    steps.push({ label: 'compile the server', ms: Date.now() - started, ok: false });
    failedSteps.push('compile the server');
  }
  vitest('browser journeys (Chromium)', ['--config', 'e2e/vitest.config.ts'], serverBundleEnv);
}

const assertions = countAssertions(existsSync(assertionLog) ? readFileSync(assertionLog, 'utf8') : '', root);
rmSync(assertionLog, { force: true });
const record = { finishedAt: new Date().toISOString(), steps, files, assertions, totals };
writeFileSync(recordFile, JSON.stringify(record, null, 1));

console.log(`\nStep times:\n${formatSteps(steps)}`);
console.log(`\nThe 15 slowest test files (node scripts/test.mjs --slowest [N] lists more):\n${formatFiles(slowestFiles(files, 15), root)}`);
console.log(`\nAssertions: ${assertions.run} run; ${assertions.distinct} distinct in ${assertions.tests} tests (a test run on both databases counted once)`);
// Nothing lost: the distinct tests and assertions against what the suite held before it was made cheaper.
const floor = JSON.parse(readFileSync(path.join(root, 'scripts/test-report/floor.json'), 'utf8'));
const floorCheck = compareWithFloor(assertions, floor);
console.log(floorCheck.line);
if (floorCheck.fails && process.env.CI === 'true') failedSteps.push('fewer distinct tests than scripts/test-report/floor.json');
const budget = budgetVerdict(Date.now() - runStartedAt);
console.log(`\n${budget.line}`);
if (budget.fails) failedSteps.push('the run took longer than its budget');
console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || failedSteps.length > 0 ? 1 : 0);
