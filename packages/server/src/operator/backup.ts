import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseKind } from '../db/database';
import { LocalDiskObjectStore, STORED_PREFIXES, type ObjectStore } from '../storage';
import type { Database } from '../db/schema';
import { foreignKeyOrder, MIGRATIONS_TABLE, quoteIdentifier, readForeignKeys, readInstallTables, readSequenceNames, type InstallTable } from './install-schema';

/**
 * `npm run platform -- backup DIR`: the whole install, database and files, as a logical dump that restores on either
 * engine (PGlite or PostgreSQL, whichever made it). One read-only REPEATABLE READ transaction sees every table at the
 * same moment; each table is read through a cursor, a batch at a time, and written as JSON lines (one row a line),
 * so no table is ever held in memory. Then every file of the install's store (the storage port: DATA_DIR's disk, or
 * STORAGE_URL's bucket — pictures and their copies, digital products' files, lesson videos, uploaded themes) is
 * streamed into the backup's files/ folder, each hashed on the way, and last the manifest: a backup without one is unfinished, and the restore refuses it.
 *
 * A row's line is a JSON object of column → the value's PostgreSQL text form (what COPY writes: exact for bigint,
 * numeric, jsonb, bytea in hex, timestamptz in UTC, arrays), or null for SQL NULL. Generated columns are left out
 * (the restore computes them again).
 */
export const BACKUP_FORMAT = 'vitrine-install-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** Where the dump and the files go inside a backup. */
export const DATABASE_FOLDER = 'database';
export const FILES_FOLDER = 'files';
/**
 * The parts of the store that hold the install's files (main.ts's stores; storage/migrate.ts STORED_PREFIXES), as
 * folders; the PGlite database itself is dumped, not copied.
 */
export const INSTALL_FILE_FOLDERS = STORED_PREFIXES.map((prefix) => prefix.slice(0, -1));

/** Rows fetched from a cursor at a time. */
const FETCH_ROWS = 1_000;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The Vitrine server's version that wrote it (packages/server/package.json). */
  vitrineVersion: string;
  createdAt: string;
  database: { kind: DatabaseKind | 'unknown'; serverVersion: string; migrations: string[] };
  /** In foreign-key order: the order the restore loads them. */
  tables: Array<{ name: string; file: string; columns: string[]; rows: number; bytes: number; sha256: string }>;
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
  /** Paths relative to DATA_DIR, with `/` separators. */
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

export interface Install {
  db: Kysely<Database>;
  kind?: DatabaseKind;
  /** DATA_DIR: where the install's files live on disk (its images/, downloads/, lesson-videos/ and themes/ folders) without `objects`. */
  dataDir: string;
  /** The install's store (main.ts: STORAGE_URL's bucket, or DATA_DIR's disk); DATA_DIR's disk when absent. */
  objects?: ObjectStore;
}

/** The store an install's files are in: the one given, else DATA_DIR's disk (as main.ts without STORAGE_URL). */
export function installObjects(install: Install): ObjectStore {
  return install.objects ?? new LocalDiskObjectStore(path.resolve(install.dataDir));
}

export interface BackupOptions {
  /** Told what is happening, a line at a time (the CLI prints them). */
  progress?: (line: string) => void;
}

/** The session settings both the dump and the restore run with, so every value's text form is the same everywhere. */
export async function setExactTextSettings(trx: Transaction<Database>): Promise<void> {
  await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
  await sql`SET LOCAL DateStyle = 'ISO, YMD'`.execute(trx);
  await sql`SET LOCAL IntervalStyle = 'postgres'`.execute(trx);
  await sql`SET LOCAL extra_float_digits = 3`.execute(trx);
  await sql`SET LOCAL bytea_output = 'hex'`.execute(trx);
}

export function vitrineVersion(): string {
  const manifest = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Refuses a target that holds anything: a backup never mixes with another one's files. */
function assertEmptyTarget(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty: give a new or empty folder for the backup.`);
  }
}

export async function backupInstall(install: Install, targetDir: string, options: BackupOptions = {}): Promise<BackupManifest> {
  const target = path.resolve(targetDir);
  const dataDir = path.resolve(install.dataDir);
  if (target === dataDir || target.startsWith(`${dataDir}${path.sep}`)) {
    // The files are copied from DATA_DIR; a backup inside one of its folders would copy itself.
    const folder = path.relative(dataDir, target).split(path.sep)[0];
    if (target === dataDir || (INSTALL_FILE_FOLDERS as readonly string[]).includes(folder ?? '')) {
      throw new Error(`${target} is inside DATA_DIR's files: put the backup elsewhere.`);
    }
  }
  assertEmptyTarget(target);
  await mkdir(path.join(target, DATABASE_FOLDER), { recursive: true });
  const say = options.progress ?? (() => undefined);

  const dumped = await install.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await setExactTextSettings(trx);
      const migrations = await sql<{ version: string }>`SELECT version FROM ${sql.table(MIGRATIONS_TABLE)} ORDER BY version`
        .execute(trx)
        .catch((error: { code?: string }) => {
          if (error.code === '42P01') throw new Error('This database was never migrated: there is nothing to back up.');
          throw error;
        });
      const serverVersion = (await sql<{ version: string }>`SHOW server_version`.execute(trx)).rows[0]?.version ?? '';
      const tables = await readInstallTables(trx);
      const byName = new Map(tables.map((table) => [table.name, table]));
      const order = foreignKeyOrder([...byName.keys()], await readForeignKeys(trx));
      const written: BackupManifest['tables'] = [];
      for (const [index, name] of order.entries()) {
        const file = `${DATABASE_FOLDER}/${String(index + 1).padStart(3, '0')}-${name}.jsonl`;
        const table = byName.get(name)!;
        const result = await dumpTable(trx, table, path.join(target, file));
        written.push({ name, file, columns: table.columns.map((column) => column.name), ...result });
        say(`  ${name}: ${result.rows} row${result.rows === 1 ? '' : 's'}`);
      }
      const sequences: BackupManifest['sequences'] = [];
      for (const name of await readSequenceNames(trx)) {
        const { rows } = await sql<{ last_value: string; is_called: boolean }>`SELECT last_value::text AS last_value, is_called FROM ${sql.table(name)}`.execute(trx);
        sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
      }
      return { migrations: migrations.rows.map((row) => row.version), serverVersion, tables: written, sequences };
    });

  // Through the port, so a bucket's files are backed up exactly as a disk's (same paths: the key is the path).
  const objects = installObjects(install);
  const files: BackupManifest['files'] = [];
  for (const prefix of STORED_PREFIXES) {
    const keys: string[] = [];
    for await (const listed of objects.list(prefix)) keys.push(listed.key);
    for (const key of keys.sort()) {
      const stored = await objects.open(key);
      // Removed since it was listed (a picture deleted meanwhile): its row, read earlier, may still name it, as a
      // live install's would for a moment; nothing to copy.
      if (!stored) continue;
      const destination = path.join(target, FILES_FOLDER, ...key.split('/'));
      await mkdir(path.dirname(destination), { recursive: true });
      files.push({ path: key, ...(await copyHashed(stored.stream(), destination)) });
    }
  }
  say(`  files: ${files.length}`);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    vitrineVersion: vitrineVersion(),
    createdAt: new Date().toISOString(),
    database: { kind: install.kind ?? 'unknown', serverVersion: dumped.serverVersion, migrations: dumped.migrations },
    tables: dumped.tables,
    sequences: dumped.sequences,
    files,
  };
  // Written last, whole, then renamed into place: its presence means the backup is complete.
  const partial = path.join(target, `${MANIFEST_FILE}.partial`);
  await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(partial, path.join(target, MANIFEST_FILE));
  return manifest;
}

/** One table through a cursor into a JSON-lines file, its rows in primary-key order; answers its count, size and checksum. */
async function dumpTable(trx: Transaction<Database>, table: InstallTable, file: string): Promise<{ rows: number; bytes: number; sha256: string }> {
  const cursor = 'vitrine_backup_rows';
  const columns = table.columns.map(({ name }) => `${quoteIdentifier(name)}::text AS ${quoteIdentifier(name)}`).join(', ');
  const orderBy = table.primaryKey.length > 0 ? ` ORDER BY ${table.primaryKey.map(quoteIdentifier).join(', ')}` : '';
  await sql
    .raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS line FROM (SELECT ${columns} FROM ONLY ${quoteIdentifier(table.name)}${orderBy}) r`)
    .execute(trx);
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  let rows = 0;
  let bytes = 0;
  try {
    for (;;) {
      const batch = await sql.raw<{ line: string }>(`FETCH ${FETCH_ROWS} FROM ${cursor}`).execute(trx);
      if (batch.rows.length === 0) break;
      const text = batch.rows.map((row) => `${row.line}\n`).join('');
      hash.update(text);
      bytes += Buffer.byteLength(text);
      rows += batch.rows.length;
      await write(out, text);
      if (batch.rows.length < FETCH_ROWS) break;
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await sql.raw(`CLOSE ${cursor}`).execute(trx);
  }
  return { rows, bytes, sha256: hash.digest('hex') };
}

/** Writes and waits for the stream to drain when its buffer is full: memory stays at a batch. */
async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** The regular files under `root`, as `/`-separated paths relative to it, in name order (none when it does not exist). */
export async function* walkFiles(root: string, relative = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkFiles(root, child);
    else if (entry.isFile()) yield child;
  }
}

/** Streams `from` (a file, or a stream) to the file `to`, hashing what passes: answers its size and SHA-256. */
export async function copyHashed(from: string | Readable, to: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    typeof from === 'string' ? createReadStream(from) : from,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(to, { flags: 'wx' }),
  );
  return { bytes, sha256: hash.digest('hex') };
}
