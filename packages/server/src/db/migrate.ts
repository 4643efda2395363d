import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant: makes concurrent starts of several processes apply migrations one at a time. */
const MIGRATION_LOCK_ID = 71_624_003;

export interface Migration {
  version: string;
  sql: string;
}

/** The versioned .sql files, in file-name order (001_..., 002_...). One set for PGlite and PostgreSQL. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, name), 'utf8') }));
}

export interface MigrateOptions {
  /** Told once, before the first one runs, which migrations this start applies (not called when there are none). */
  onApplying?: (pending: string[]) => void;
}

/**
 * Applies the migrations not yet applied, each in its own transaction. Returns the versions applied.
 * A migrated database costs one query: the versions already applied are read first, without the lock (an
 * applied migration stays applied), and only the others go through the locked check-and-apply below, which
 * is what keeps two processes starting at once from applying one twice.
 */
export async function migrate(db: Kysely<Database>, migrations = loadMigrations(), options: MigrateOptions = {}): Promise<string[]> {
  const alreadyApplied = await appliedVersions(db);
  const pending = migrations.filter((migration) => !alreadyApplied.has(migration.version));
  if (pending.length === 0) return [];
  options.onApplying?.(pending.map((migration) => migration.version));
  await db.transaction().execute(async (trx) => {
    // Starting processes queue here for as long as the first one migrates or seeds: no lock timeout.
    await sql`SET LOCAL lock_timeout = 0`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
  });
  const applied: string[] = [];
  for (const migration of pending) {
    const didApply = await db.transaction().execute(async (trx) => {
      // Starting processes queue here for as long as the first one migrates or seeds: no lock timeout.
      await sql`SET LOCAL lock_timeout = 0`.execute(trx);
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
      const done = await trx
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', migration.version)
        .executeTakeFirst();
      if (done) return false;
      for (const statement of splitStatements(migration.sql)) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: migration.version }).execute();
      return true;
    });
    if (didApply) applied.push(migration.version);
  }
  return applied;
}

/** The versions schema_migrations lists; none on a new database (the table is not there yet). */
async function appliedVersions(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db).catch((error: { code?: string }) => {
    // 42P01 undefined_table: nothing was ever applied.
    if (error.code === '42P01') return { rows: [] };
    throw error;
  });
  return new Set(rows.map((row) => row.version));
}

/**
 * PGlite's query() runs one statement at a time, so a migration file is split at lines that end with
 * a semicolon, except inside a dollar-quoted body (`$$ … $$` or `$name$ … $name$`: a function's
 * statements end their lines with semicolons too). Whole-line `--` comments are dropped first.
 */
export function splitStatements(source: string): string[] {
  const lines = source.split('\n').filter((line) => !line.trimStart().startsWith('--'));
  const statements: string[] = [];
  let current: string[] = [];
  let openQuote: string | null = null;
  for (const line of lines) {
    current.push(line);
    for (const [tag] of line.matchAll(/\$[A-Za-z_]*\$/g)) {
      if (openQuote === null) openQuote = tag;
      else if (tag === openQuote) openQuote = null;
    }
    if (openQuote === null && /;\s*$/.test(line)) {
      statements.push(current.join('\n').trim().replace(/;\s*$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n').trim());
  return statements.filter((statement) => statement.length > 0);
}
