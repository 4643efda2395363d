import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, parse as pgliteParse, protocol, type QueryOptions, type Results, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
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
  /**
   * How long a statement may wait for a row lock before PostgreSQL gives up on it (55P03, answered 503 by
   * the HTTP edge). Without it a request stuck behind a lock (a hung transaction elsewhere) would wait
   * for ever and hold one of the pool's connections.
   */
  lockTimeoutMs?: number;
}

/** Waiting this long for a lock means something is stuck: give up and let the shopper try again. */
export const DEFAULT_LOCK_TIMEOUT_MS = 10_000;
/** A session idle inside an open transaction this long (a client that hung mid-transaction) is ended, releasing its locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export function openPostgres({ connectionString, maxConnections = 10, lockTimeoutMs = DEFAULT_LOCK_TIMEOUT_MS }: OpenPostgresOptions): OpenDatabase {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    lock_timeout: lockTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server (restart, failover) is dropped by the pool; without a
  // listener its error would crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, { pool, max: maxConnections });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** The connections of a database handle's pool, as /metrics reports them (metrics/). */
export interface DatabasePoolState {
  /** Connections open now (idle and busy). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

const pools = new WeakMap<object, { pool: pg.Pool; max: number }>();

/**
 * The pool behind a handle that openPostgres made, read now; undefined for any other handle. PGlite has a single
 * connection and no pool (Kysely queues its queries on one mutex).
 */
export function databasePoolStateOf(db: object): DatabasePoolState | undefined {
  const found = pools.get(db);
  if (!found) return undefined;
  const { pool, max } = found;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max };
}

/** The embedded database's buffer pool (see openPGlite). */
export const PGLITE_SHARED_BUFFERS = '16MB';

export interface OpenPGliteOptions {
  /** A folder for a persistent database; omit for an in-memory one. */
  dataDir?: string;
  /** A dumpDataDir() tarball to start from (tests clone a migrated, seeded template this way). */
  loadDataDir?: Blob | File;
  /** PGlite's compiled WebAssembly and its file bundle, when a process opens many (tests): compiled once, not per open. */
  pgliteWasmModule?: WebAssembly.Module;
  fsBundle?: Blob;
}

export async function openPGlite({ dataDir, loadDataDir, pgliteWasmModule, fsBundle }: OpenPGliteOptions = {}): Promise<OpenDatabase> {
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir,
    pgliteWasmModule,
    fsBundle,
    parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
    // PostgreSQL's buffer pool lives in the WebAssembly memory, which never shrinks: its default 128 MB made the
    // process idle at 430 MB (issue 35 item 6: ≤ 350 MB). 16 MB holds a site's hot pages; a read past it goes to the
    // file system, which the OS caches anyway. Measured on the demo's reads: RSS 347 MB (128 MB) → 232 (32) → 210 (16).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  // PGlite has one connection. Kysely's built-in PGliteDialect declares that (supportsMultipleConnections
  // false), so Kysely queues transactions and queries on a mutex: they run one at a time, never
  // interleaved (unlike kysely-pglite, see STACK.md). database.test.ts checks this stays true.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: withPreparedStatements(pglite) }) });
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

/** Statements worth keeping prepared: the application's reads and writes, not DDL or transaction control. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Distinct statement texts kept prepared; past this (a query built with a varying shape), statements run unprepared. */
const MAX_PREPARED_STATEMENTS = 500;
/** Transaction control: everything else that is not preparable (DDL) may change what prepared statements mean. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start|end)\b/i;
/** A prepared plan that no longer fits its table (its columns changed), or a statement gone: prepare it again. */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
}

/** The parts of PGlite's instance this uses beyond its public methods (present in 0.5; checked at start). */
interface PGliteInternals {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

function concatMessages(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * PGlite runs each `query()` as six separate calls into its WebAssembly backend (parse, describe,
 * bind, describe, execute, sync), and plans the statement every time: planning a join costs more than
 * running it. This keeps each distinct statement text prepared (a named statement, parsed and planned
 * once per process) and runs it with one call (bind, describe, execute and sync in one message).
 * Results are parsed by PGlite's own parser, with the instance's type parsers, so rows are identical.
 * Everything else (DDL, BEGIN/COMMIT, exec, more than 500 distinct texts) takes PGlite's usual path.
 * Locking is PGlite's own: a statement outside a transaction takes the instance's transaction and query
 * locks, as query() does; inside a transaction the query lock only, as the transaction's query() does.
 */
export function withPreparedStatements(pglite: PGlite): PGlite {
  const internals = pglite as unknown as PGliteInternals;
  if (typeof internals._runExclusiveTransaction !== 'function' || !internals.serializers || !internals.parsers) return pglite;
  const statements = new Map<string, PreparedStatement>();
  let named = 0;

  async function prepare(text: string): Promise<PreparedStatement> {
    const name = `vitrine_${++named}`;
    const replies = await pglite.execProtocolStream(
      concatMessages(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
      { syncToFs: false },
    );
    const description = replies.find((message) => message.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement = { name, parameterTypes: description?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    return statement;
  }

  async function execute(statement: PreparedStatement, parameters: readonly unknown[], options?: QueryOptions): Promise<Results> {
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize = options?.serializers?.[statement.parameterTypes[index]] ?? internals.serializers[statement.parameterTypes[index]];
      return serialize ? serialize(value) : String(value);
    });
    const replies = await pglite.execProtocolStream(
      concatMessages(
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
      { syncToFs: false },
    );
    return pgliteParse.parseResults(replies, internals.parsers, options)[0];
  }

  async function run(text: string, parameters: readonly unknown[], options: QueryOptions | undefined, topLevel: boolean): Promise<Results> {
    const body = async () => {
      const statement = statements.get(text) ?? (await prepare(text));
      let results: Results;
      try {
        results = await execute(statement, parameters, options);
      } catch (error) {
        if (!STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) throw error;
        statements.delete(text);
        results = await execute(await prepare(text), parameters, options);
      }
      // What query() does after a statement outside a transaction (a no-op for the Node file system).
      if (topLevel) await pglite.syncToFs();
      return results;
    };
    return topLevel ? internals._runExclusiveTransaction(() => pglite.runExclusive(body)) : pglite.runExclusive(body);
  }

  const preparable = (text: string, options?: QueryOptions) => {
    if (!PREPARABLE.test(text)) {
      // A schema change (a migration): prepare everything again afterwards rather than meet a stale
      // plan inside a transaction, where retrying is no longer possible. Old names stay allocated.
      if (!TRANSACTION_CONTROL.test(text)) statements.clear();
      return false;
    }
    return !options?.blob && (statements.has(text) || statements.size < MAX_PREPARED_STATEMENTS);
  };

  const transactionWithPrepared = (tx: PGliteTransaction): PGliteTransaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver);
        return (text: string, parameters?: unknown[], options?: QueryOptions) =>
          preparable(text, options) ? run(text, parameters ?? [], options, false) : target.query(text, parameters, options);
      },
    });

  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') {
        return (text: string, parameters?: unknown[], options?: QueryOptions) =>
          preparable(text, options) ? run(text, parameters ?? [], options, true) : target.query(text, parameters, options);
      }
      if (property === 'transaction') {
        return <T>(callback: (tx: PGliteTransaction) => Promise<T>) => target.transaction((tx) => callback(transactionWithPrepared(tx)));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** DATABASE_URL wins; otherwise an embedded PGlite database under DATA_DIR. */
export async function openDatabaseFromEnv(env: { DATABASE_URL?: string; DATA_DIR?: string }): Promise<OpenDatabase> {
  if (env.DATABASE_URL) return openPostgres({ connectionString: env.DATABASE_URL });
  const root = path.resolve(env.DATA_DIR || './data');
  const releaseLock = await lockDataDir(root);
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

/** How long a new server waits for the previous owner of DATA_DIR to finish shutting down (main.ts allows it 10 s). */
export const DATA_DIR_LOCK_WAIT_MS = 15_000;

interface LockOwner {
  pid: number;
  /** The owner's start time (Linux: /proc/<pid>/stat field 22), so a pid reused by another process is told apart. */
  startTime?: string;
}

/** A process's start time in clock ticks since boot, or undefined where /proc does not say (not Linux, or gone). */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function readLockOwner(lockPath: string): LockOwner | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8').trim();
  } catch {
    return undefined;
  }
  // Written as "pid startTime"; a bare pid is a lock written before start times were kept.
  const [pid, startTime] = text.split(' ');
  const owner = Number(pid);
  return Number.isInteger(owner) && owner > 0 ? { pid: owner, startTime } : undefined;
}

/** The lock's owner still runs: that pid is alive and, when the lock says when it started, it is the same process. */
function ownerIsRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (owner.startTime === undefined) return true;
  const current = processStartTime(owner.pid);
  return current === undefined || current === owner.startTime;
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file names the owner (pid and start time). A stale lock (its process gone, or its pid now used
 * by another process) is taken over; a live owner (say, a server still finishing its requests after
 * SIGTERM) is waited for, up to `waitMs`, before giving up with a clear error.
 */
export async function lockDataDir(root: string, options: { waitMs?: number; pollMs?: number } = {}): Promise<() => void> {
  const waitMs = options.waitMs ?? DATA_DIR_LOCK_WAIT_MS;
  const pollMs = options.pollMs ?? 100;
  mkdirSync(root, { recursive: true });
  const lockPath = path.join(root, 'pglite.lock');
  const me = `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim();
  const deadline = Date.now() + waitMs;
  let warned = false;
  for (;;) {
    try {
      writeFileSync(lockPath, me, { flag: 'wx' });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readLockOwner(lockPath);
    if (!owner || !ownerIsRunning(owner)) {
      rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `Another process (pid ${owner.pid}) is using the embedded database in ${root}. ` +
          'Stop it, or set DATABASE_URL to run several server processes on PostgreSQL.',
      );
    }
    if (!warned) {
      console.warn(`Waiting up to ${Math.round(waitMs / 1000)} s for pid ${owner.pid} to release the embedded database in ${root}.`);
      warned = true;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
