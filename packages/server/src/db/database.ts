import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The embedded instance, when kind is 'pglite' (tests dump it to clone it). */
  pglite?: PGlite;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** bigint money sums stay far below 2^53 minor units, so numbers are safe and simpler to use. */
const toNumber = (value: string) => Number(value);

export interface OpenPostgresOptions {
  connectionString: string;
  maxConnections?: number;
}

export function openPostgres({ connectionString, maxConnections = 10 }: OpenPostgresOptions): OpenDatabase {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server (restart, failover) is dropped by the pool; without a
  // listener its error would crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

export interface OpenPGliteOptions {
  /** A folder for a persistent database; omit for an in-memory one. */
  dataDir?: string;
  /** A dumpDataDir() tarball to start from (tests clone a migrated, seeded template this way). */
  loadDataDir?: Blob | File;
}

export async function openPGlite({ dataDir, loadDataDir }: OpenPGliteOptions = {}): Promise<OpenDatabase> {
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir,
    parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
  });
  // PGlite has one connection. Kysely's built-in PGliteDialect declares that (supportsMultipleConnections
  // false), so Kysely queues transactions and queries on a mutex: they run one at a time, never
  // interleaved (unlike kysely-pglite, see STACK.md). database.test.ts checks this stays true.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** DATABASE_URL wins; otherwise an embedded PGlite database under DATA_DIR. */
export async function openDatabaseFromEnv(env: { DATABASE_URL?: string; DATA_DIR?: string }): Promise<OpenDatabase> {
  if (env.DATABASE_URL) return openPostgres({ connectionString: env.DATABASE_URL });
  const root = path.resolve(env.DATA_DIR || './data');
  const releaseLock = lockDataDir(root);
  try {
    const database = await openPGlite({ dataDir: path.join(root, 'pglite') });
    return {
      ...database,
      close: async () => {
        await database.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file holding the owner's pid keeps a second server out (a stale lock of a dead process is taken over).
 */
export function lockDataDir(root: string): () => void {
  mkdirSync(root, { recursive: true });
  const lockPath = path.join(root, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `Another process (pid ${owner}) is using the embedded database in ${root}. ` +
            'Stop it, or set DATABASE_URL to run several server processes on PostgreSQL.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
