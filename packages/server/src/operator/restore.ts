import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { loadMigrations, migrate } from '../db/migrate';
import { isValidObjectKey, type ObjectStore } from '../storage';
import type { Database } from '../db/schema';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  FILES_FOLDER,
  INSTALL_FILE_FOLDERS,
  installObjects,
  MANIFEST_FILE,
  setExactTextSettings,
  type BackupManifest,
  type Install,
} from './backup';
import { MIGRATIONS_TABLE, quoteIdentifier, readForeignKeys, readInstallTables, unorderedKeys, type InstallTable } from './install-schema';

/**
 * `npm run platform -- restore DIR`: a backup (operator/backup.ts) into an empty install. It refuses an install that
 * holds anything (a row in any table, an object in its store's parts), migrates the empty database to the backup's
 * migration level (not further: the next start applies the newer ones, as after any upgrade), writes the files into
 * the install's store through the storage port (DATA_DIR's disk, or STORAGE_URL's bucket) and checks each against
 * the manifest's checksum, then loads every table in the manifest's foreign-key order inside
 * one transaction, streaming each file a batch at a time and checking its checksum and row count before it commits.
 * Any failure rolls the rows back and removes the objects it wrote, leaving the install empty, as it was.
 */
export interface RestoreReport {
  tables: number;
  rows: number;
  files: number;
  /** The migrations applied to reach the backup's level. */
  migrated: string[];
}

/** Rows sent to the database per INSERT, or fewer when their text passes this many bytes. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

export class RestoreRefused extends Error {}

export function readManifest(backupDir: string): BackupManifest {
  const file = path.join(backupDir, MANIFEST_FILE);
  if (!existsSync(file)) {
    throw new RestoreRefused(`${backupDir} holds no ${MANIFEST_FILE}: it is not a backup, or its backup did not finish.`);
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefused(`${file} is not a Vitrine install backup.`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefused(`This backup's format (${manifest.formatVersion}) is newer than this Vitrine reads (${BACKUP_FORMAT_VERSION}): restore it with Vitrine ${manifest.vitrineVersion} or later.`);
  }
  return manifest;
}

export async function restoreInstall(install: Install, backupDir: string, options: { progress?: (line: string) => void } = {}): Promise<RestoreReport> {
  const source = path.resolve(backupDir);
  const objects = installObjects(install);
  const say = options.progress ?? (() => undefined);
  const manifest = readManifest(source);

  const known = new Map(loadMigrations().map((migration) => [migration.version, migration]));
  const unknown = manifest.database.migrations.filter((version) => !known.has(version));
  if (unknown.length > 0) {
    throw new RestoreRefused(`This backup was made by a newer Vitrine (${manifest.vitrineVersion}; migrations ${unknown.join(', ')} are unknown here): upgrade this install's code first.`);
  }
  for (const file of manifest.files) checkRelativePath(file.path);
  await refuseNonEmpty(install.db, objects, manifest);

  const migrated = await migrate(install.db, manifest.database.migrations.map((version) => known.get(version)!));
  const tables = await readInstallTables(install.db);
  const byName = new Map(tables.map((table) => [table.name, table]));
  for (const entry of manifest.tables) {
    const table = byName.get(entry.name);
    const columns = table?.columns.map((column) => column.name).join(',');
    if (!table || columns !== entry.columns.join(',')) {
      throw new RestoreRefused(`The table ${entry.name} of this database does not match the backup's (same migrations, other columns): it cannot be restored here.`);
    }
  }

  const copied: string[] = [];
  try {
    for (const file of manifest.files) {
      copied.push(file.path);
      // The port hashes what it stores; a mismatch leaves the object, removed with the others below.
      const { sha256, byteSize } = await objects.put(file.path, createReadStream(path.join(source, FILES_FOLDER, ...file.path.split('/'))), {
        maxBytes: Number.POSITIVE_INFINITY,
        contentType: contentTypeOfPath(file.path),
      });
      if (sha256 !== file.sha256 || byteSize !== file.bytes) throw new Error(`The backup's file ${file.path} does not match its checksum: the backup is damaged.`);
    }
    say(`  files: ${manifest.files.length}`);
    const rows = await install.db.transaction().execute(async (trx) => loadTables(trx, source, manifest, byName, say));
    return { tables: manifest.tables.length, rows, files: manifest.files.length, migrated };
  } catch (error) {
    for (const key of copied) await objects.remove(key);
    throw error;
  }
}

/** A manifest's file path stays inside DATA_DIR's file folders (a hand-edited manifest could say otherwise). */
function checkRelativePath(relative: string): void {
  const parts = relative.split('/');
  if (!(INSTALL_FILE_FOLDERS as readonly string[]).includes(parts[0] ?? '') || parts.some((part) => part === '' || part === '.' || part === '..') || relative.includes('\\') || !isValidObjectKey(relative)) {
    throw new RestoreRefused(`The backup names a file outside the install's folders (${relative}): it is not a Vitrine backup.`);
  }
}

async function refuseNonEmpty(db: Kysely<Database>, objects: ObjectStore, manifest: BackupManifest): Promise<void> {
  const applied = await sql<{ version: string }>`SELECT version FROM ${sql.table(MIGRATIONS_TABLE)}`.execute(db).then(
    ({ rows }) => rows.map((row) => row.version),
    (error: { code?: string }) => {
      if (error.code === '42P01') return [];
      throw error;
    },
  );
  const ahead = applied.filter((version) => !manifest.database.migrations.includes(version));
  if (ahead.length > 0) {
    throw new RestoreRefused(`This database is migrated past the backup (${ahead.join(', ')}): restore into a new, empty database.`);
  }
  const withRows: string[] = [];
  for (const table of await readInstallTables(db)) {
    const { rows } = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(table.name)}) AS found`.execute(db);
    if (rows[0]?.found) withRows.push(table.name);
  }
  if (withRows.length > 0) {
    const named = withRows.slice(0, 5).join(', ') + (withRows.length > 5 ? `, and ${withRows.length - 5} more` : '');
    throw new RestoreRefused(
      `This install is not empty (rows in ${named}). A restore only fills an empty install: give it a new DATA_DIR, or a new, empty PostgreSQL database in DATABASE_URL, and start no server on it before.`,
    );
  }
  for (const folder of INSTALL_FILE_FOLDERS) {
    for await (const listed of objects.list(`${folder}/`)) {
      throw new RestoreRefused(`This install already has files (${listed.key} in ${objects.description}). A restore only fills an empty install: give it a new DATA_DIR (or an empty STORAGE_URL).`);
    }
  }
}

async function loadTables(
  trx: Transaction<Database>,
  source: string,
  manifest: BackupManifest,
  tables: ReadonlyMap<string, InstallTable>,
  say: (line: string) => void,
): Promise<number> {
  await setExactTextSettings(trx);
  // Constraints the order cannot satisfy row by row (a table pointing at itself, a cycle) are set aside while loading
  // and put back at the end, which checks every row against them; triggers are the database's own work, which the
  // rows already hold the result of (products.option_values_text), so they stay off while loading.
  const setAside = unorderedKeys(manifest.tables.map((table) => table.name), await readForeignKeys(trx));
  for (const key of setAside) await sql.raw(`ALTER TABLE ${quoteIdentifier(key.table)} DROP CONSTRAINT ${quoteIdentifier(key.name)}`).execute(trx);
  const withTriggers = manifest.tables.filter((entry) => tables.get(entry.name)!.hasUserTriggers);
  for (const entry of withTriggers) await sql.raw(`ALTER TABLE ${quoteIdentifier(entry.name)} DISABLE TRIGGER USER`).execute(trx);

  let total = 0;
  for (const entry of manifest.tables) {
    const loaded = await loadTable(trx, tables.get(entry.name)!, path.join(source, ...entry.file.split('/')));
    if (loaded.sha256 !== entry.sha256 || loaded.rows !== entry.rows) {
      throw new Error(`The backup's ${entry.file} does not match its checksum (${loaded.rows} rows read, ${entry.rows} expected): the backup is damaged.`);
    }
    total += loaded.rows;
    say(`  ${entry.name}: ${loaded.rows} row${loaded.rows === 1 ? '' : 's'}`);
  }

  for (const entry of withTriggers) await sql.raw(`ALTER TABLE ${quoteIdentifier(entry.name)} ENABLE TRIGGER USER`).execute(trx);
  for (const key of setAside) await sql.raw(`ALTER TABLE ${quoteIdentifier(key.table)} ADD CONSTRAINT ${quoteIdentifier(key.name)} ${key.definition}`).execute(trx);
  for (const sequence of manifest.sequences) {
    await sql`SELECT setval(${quoteIdentifier(sequence.name)}::text::regclass, ${sequence.lastValue}::text::bigint, ${sequence.isCalled})`.execute(trx);
  }
  return total;
}

/** One table's JSON lines, read a line at a time and inserted a batch at a time; answers the rows and the file's checksum. */
async function loadTable(trx: Transaction<Database>, table: InstallTable, file: string): Promise<{ rows: number; sha256: string }> {
  const names = table.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  // Each value comes as its text form and is cast to the column's type: the type's own input, exact as COPY's.
  const values = table.columns
    .map((column) => `(r ->> ${quoteLiteral(column.name)})::${column.type}`)
    .join(', ');
  const overriding = table.columns.some((column) => column.identityAlways) ? ' OVERRIDING SYSTEM VALUE' : '';
  const insert = (batch: string[]) =>
    sql`${sql.raw(`INSERT INTO ${quoteIdentifier(table.name)} (${names})${overriding} SELECT ${values} FROM json_array_elements(`)}${`[${batch.join(',')}]`}${sql.raw('::text::json) AS r')}`.execute(trx);

  const hash = createHash('sha256');
  let rows = 0;
  let batch: string[] = [];
  let batchBytes = 0;
  for await (const line of linesOf(file)) {
    hash.update(`${line}\n`);
    if (line === '') continue;
    batch.push(line);
    batchBytes += line.length;
    rows += 1;
    if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) {
      await insert(batch);
      batch = [];
      batchBytes = 0;
    }
  }
  if (batch.length > 0) await insert(batch);
  return { rows, sha256: hash.digest('hex') };
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The lines of a JSON-lines file, split on "\n" only. Not node:readline: since Node 22 it also ends a line at U+2028
 * and U+2029, which JSON text may hold raw inside a string (a pasted note), and a row would break in two.
 */
async function* linesOf(file: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const parts = (rest + (chunk as string)).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest !== '') yield rest;
}

const PICTURE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };

/** A bucket's Content-Type for a restored object: pictures by their extension; other files are served with their row's type. */
function contentTypeOfPath(key: string): string {
  return (key.startsWith('images/') && PICTURE_TYPES[key.slice(key.lastIndexOf('.') + 1)]) || 'application/octet-stream';
}
