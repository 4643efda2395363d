// Which server test files run on which databases. `npm test` runs every test once on the embedded database
// (PGlite), then again on PostgreSQL only the files whose subject is the database itself — transactions, locks,
// races, jobs claimed with SKIP LOCKED, migrations, keyset SQL, several processes — where the two engines can
// differ (PGlite has one connection and serializes everything; PostgreSQL runs truly at once).
//
// Each server test file that opens a database says which, in a comment on one of its first lines:
//   // databases: both — <what about the database it proves>
//   // databases: one — <why the engine does not matter to it>
// check-architecture.mjs refuses a database-touching file without that line, or with no reason after the dash.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const PRAGMA = /^\/\/ databases: (both|one) — (.*)$/m;
/** What makes a test file touch a database: the server's test helpers, or opening one itself. */
const TOUCHES_DATABASE = /\bopenTestServer\b|\bopenTestDatabase\b|\bcreateEmptyPostgresDatabase\b|\bopenPGlite\b|\bopenPostgres\b|\bopenDatabaseFromEnv\b|\bTEST_DATABASE_URL\b/;

export function serverTestFiles(root) {
  const src = path.join(root, 'packages', 'server', 'src');
  return readdirSync(src, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => path.join(src, file));
}

/** The pragma of one file's text: { databases: 'both' | 'one', reason } or null. Only the first 5 lines count. */
export function databasePragmaOf(text) {
  const head = text.split('\n').slice(0, 5).join('\n');
  const match = PRAGMA.exec(head);
  return match ? { databases: match[1], reason: match[2].trim() } : null;
}

export function touchesDatabase(text) {
  return TOUCHES_DATABASE.test(text);
}

/** Problems to report: [file, message] for each database-touching file that does not say where it runs, and why. */
export function databasePragmaProblems(root) {
  const problems = [];
  for (const file of serverTestFiles(root)) {
    const text = readFileSync(file, 'utf8');
    if (!touchesDatabase(text)) continue;
    const pragma = databasePragmaOf(text);
    if (!pragma) problems.push([file, "opens a database but does not say where it runs: start it with '// databases: both — <what about the database it proves>' or '// databases: one — <why the engine does not matter to it>' (scripts/test-report/database-files.mjs)"]);
    else if (pragma.reason.length < 10) problems.push([file, `says 'databases: ${pragma.databases}' without a reason after the dash`]);
  }
  return problems;
}

/** The server test files `npm test` runs again on PostgreSQL. */
export function filesOnBothDatabases(root) {
  return serverTestFiles(root).filter((file) => databasePragmaOf(readFileSync(file, 'utf8'))?.databases === 'both');
}
