import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql, type Kysely, type Transaction } from 'kysely';
import { extract as tarExtract } from 'tar-stream';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid } from '../failures';
import { newId } from '../ids';
import { isValidObjectKey } from '../storage';
import {
  ARCHIVE_FORMAT, ARCHIVE_KINDS, ARCHIVE_VERSION, ID_PATTERN, MANIFEST_PATH, WEBSITE_COLUMNS, WEBSITE_PATH, type ArchiveManifest, type FileShelfName,
} from './archive-format';
import { SITE_ARCHIVE_MESSAGES } from './messages';
import type { ArchiveShelves } from './shelves';
import { insertOrder, readTableFacts, rowsOfWebsite, type TableFacts } from './table-catalog';

const BATCH = 200;
const MAX_ERRORS = 20;
const SHELVES: readonly FileShelfName[] = ['images', 'downloads', 'lesson-videos'];
const KNOWN_TABLES = new Set(ARCHIVE_KINDS.flatMap((kind) => kind.tables));

export interface ImportReport {
  /** Rows written, by table. */
  rows: Record<string, number>;
  files: number;
  /** Each archived id and the id it was given here (the round-trip test compares through it). */
  idMap: Map<string, string>;
}

/** A refusal with one message per problem found (`rows/variants.jsonl line 3`, `files/images/…`), nothing written. */
function refused(message: string, problems: string[]): never {
  const errors: Record<string, string> = {};
  problems.slice(0, MAX_ERRORS).forEach((problem, index) => (errors[`archive[${index}]`] = problem));
  throw invalid(message, problems.length > 0 ? errors : undefined);
}

/**
 * Imports a site archive into `websiteId`, which must be new (no products, no orders): its starter pages,
 * navigation and styles are replaced by the archive's. The archive is unpacked to a scratch folder as it streams,
 * checked whole (format and version, known tables and columns, every key pointing at a row the archive holds or
 * at the website, every listed file present), then its files are written under their new keys and its rows in one
 * transaction; when the rows fail, the files written are removed again. Ids are all new (see archive-format.ts).
 */
export async function importSiteArchive(db: Kysely<Database>, websiteId: string, archive: Readable, files: ArchiveShelves): Promise<ImportReport> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-site-import-'));
  try {
    await unpack(archive, scratch);
    const manifest = await readManifest(scratch);
    const tables = manifest.tables.map((entry) => entry.table);
    const facts = await readTableFacts(db, tables);
    const idMap = new Map<string, string>([[manifest.source.websiteId, websiteId]]);
    const problems = await checkRows(scratch, manifest, facts, idMap);
    for (const file of manifest.files) {
      const size = await stat(path.join(scratch, file.path)).then((found) => found.size, () => undefined);
      if (size === undefined) problems.push(SITE_ARCHIVE_MESSAGES.missingFile(file.path));
    }
    if (problems.length > 0) refused(SITE_ARCHIVE_MESSAGES.broken(problems.length), problems);
    await assertNewWebsite(db, websiteId);

    const remap = (text: string) => text.replace(ID_PATTERN, (id) => idMap.get(id) ?? id);
    const written: Array<{ shelf: FileShelfName; key: string }> = [];
    try {
      for (const file of manifest.files) {
        const key = remap(file.key);
        // A key with no id in it names a file the install ships (the demo's bundled download): it is there already.
        if (key === file.key && (await files.shelves[file.shelf].open(key))) continue;
        await files.shelves[file.shelf].write(key, createReadStream(path.join(scratch, file.path)));
        written.push({ shelf: file.shelf, key });
      }
      const rows = await inTransaction(db, (trx) => writeRows(trx, websiteId, scratch, manifest, facts, remap));
      return { rows, files: written.length, idMap };
    } catch (error) {
      for (const file of written) await files.shelves[file.shelf].remove(file.key).catch(() => undefined);
      if ((error as { code?: string }).code?.startsWith('23')) refused(SITE_ARCHIVE_MESSAGES.rowsRefused((error as Error).message), []);
      throw error;
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The tar.gz into `scratch`, each entry's name checked first: nothing outside the three places of the format. */
async function unpack(archive: Readable, scratch: string): Promise<void> {
  const extract = tarExtract();
  const unpacked = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file' || !isArchivePath(name)) {
        entry.resume();
        throw invalid(SITE_ARCHIVE_MESSAGES.unexpectedEntry(name));
      }
      const target = path.join(scratch, name);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(entry as unknown as Readable, createWriteStream(target));
    }
  })();
  try {
    await Promise.all([pipeline(archive, createGunzip(), extract as unknown as NodeJS.WritableStream), unpacked]);
  } catch (error) {
    if ((error as { kind?: string }).kind === 'invalid') throw error;
    throw invalid(SITE_ARCHIVE_MESSAGES.notAnArchive);
  }
}

function isArchivePath(name: string): boolean {
  if (name === MANIFEST_PATH || name === WEBSITE_PATH) return true;
  const rows = /^rows\/([a-z_]+)\.jsonl$/.exec(name);
  if (rows) return KNOWN_TABLES.has(rows[1]!);
  const file = /^files\/([a-z-]+)\/(.+)$/.exec(name);
  return !!file && (SHELVES as readonly string[]).includes(file[1]!) && isValidObjectKey(file[2]!);
}

async function readManifest(scratch: string): Promise<ArchiveManifest> {
  const text = await readFile(path.join(scratch, MANIFEST_PATH), 'utf8').catch(() => undefined);
  if (text === undefined) throw invalid(SITE_ARCHIVE_MESSAGES.noManifest);
  let manifest: ArchiveManifest;
  try {
    manifest = JSON.parse(text) as ArchiveManifest;
  } catch {
    throw invalid(SITE_ARCHIVE_MESSAGES.noManifest);
  }
  if (manifest?.format !== ARCHIVE_FORMAT) throw invalid(SITE_ARCHIVE_MESSAGES.noManifest);
  if (manifest.version !== ARCHIVE_VERSION) throw invalid(SITE_ARCHIVE_MESSAGES.version(manifest.version), { version: SITE_ARCHIVE_MESSAGES.version(manifest.version) });
  const problems: string[] = [];
  if (!Array.isArray(manifest.tables) || !Array.isArray(manifest.files) || typeof manifest.source?.websiteId !== 'string') problems.push(SITE_ARCHIVE_MESSAGES.manifestShape);
  else {
    for (const entry of manifest.tables) if (!KNOWN_TABLES.has(entry?.table)) problems.push(SITE_ARCHIVE_MESSAGES.unknownTable(String(entry?.table)));
    for (const file of manifest.files) {
      if (!(SHELVES as readonly string[]).includes(file?.shelf) || !isValidObjectKey(String(file?.key)) || file.path !== `files/${file.shelf}/${file.key}`) problems.push(SITE_ARCHIVE_MESSAGES.badFile(String(file?.path)));
    }
  }
  if (problems.length > 0) refused(SITE_ARCHIVE_MESSAGES.broken(problems.length), problems);
  return manifest;
}

async function* linesOf(file: string): AsyncIterable<{ line: string; number: number }> {
  let number = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    number += 1;
    if (line.length > 0) yield { line, number };
  }
}

/**
 * The whole check before anything is written: columns known here, and every foreign key naming a row of the
 * archive (or the exported website). Fills `idMap` with a new id for every row's id on the way.
 */
async function checkRows(scratch: string, manifest: ArchiveManifest, facts: Map<string, TableFacts>, idMap: Map<string, string>): Promise<string[]> {
  const problems: string[] = [];
  const keysOf = new Map<string, Set<unknown>>();
  const referenced = new Set<string>();
  for (const table of facts.values()) for (const key of table.foreignKeys) referenced.add(`${key.parent}.${key.parentColumn}`);
  // First pass: the ids (and other referenced columns) each table holds.
  for (const entry of manifest.tables) {
    const table = facts.get(entry.table)!;
    for await (const { line, number } of linesOf(path.join(scratch, entry.path))) {
      let row: Record<string, unknown>;
      try {
        row = JSON.parse(line) as Record<string, unknown>;
      } catch {
        problems.push(SITE_ARCHIVE_MESSAGES.badLine(entry.path, number));
        continue;
      }
      for (const column of Object.keys(row)) if (!table.columns.includes(column)) problems.push(SITE_ARCHIVE_MESSAGES.unknownColumn(entry.path, column));
      if (typeof row.id === 'string') idMap.set(row.id, newId());
      for (const column of Object.keys(row)) {
        const name = `${entry.table}.${column}`;
        if (!referenced.has(name)) continue;
        if (!keysOf.has(name)) keysOf.set(name, new Set());
        keysOf.get(name)!.add(row[column]);
      }
      if (problems.length > MAX_ERRORS) return problems;
    }
  }
  // Second pass: every key points inside.
  for (const entry of manifest.tables) {
    const table = facts.get(entry.table)!;
    for await (const { line, number } of linesOf(path.join(scratch, entry.path))) {
      const row = JSON.parse(line) as Record<string, unknown>;
      for (const key of table.foreignKeys) {
        const value = row[key.column];
        if (value === null || value === undefined) continue;
        const found = key.parent === 'websites' ? value === manifest.source.websiteId : keysOf.get(`${key.parent}.${key.parentColumn}`)?.has(value);
        if (!found) problems.push(SITE_ARCHIVE_MESSAGES.brokenReference(entry.path, number, key.column, key.parent));
      }
      if (problems.length > MAX_ERRORS) return problems;
    }
  }
  return problems;
}

/** A website an archive may be imported into: one with no products and no orders yet. */
export async function isNewWebsite(db: Kysely<Database>, websiteId: string): Promise<boolean> {
  const product = await db.selectFrom('products').select('id').where('website_id', '=', websiteId).limit(1).executeTakeFirst();
  const order = await db.selectFrom('orders').select('id').where('website_id', '=', websiteId).limit(1).executeTakeFirst();
  return !product && !order;
}

async function assertNewWebsite(db: Kysely<Database>, websiteId: string): Promise<void> {
  if (!(await isNewWebsite(db, websiteId))) throw conflict(SITE_ARCHIVE_MESSAGES.notNew);
}

async function writeRows(
  trx: Transaction<Database>, websiteId: string, scratch: string, manifest: ArchiveManifest, facts: Map<string, TableFacts>, remap: (text: string) => string,
): Promise<Record<string, number>> {
  const order = insertOrder(facts);
  // The new website's starter rows of these tables go first (children before parents), so the archive's replace them.
  for (const table of [...order].reverse()) {
    await sql`DELETE FROM ${sql.table(table)} WHERE ${rowsOfWebsite(facts.get(table)!, facts, websiteId)}`.execute(trx);
  }
  const counts: Record<string, number> = {};
  for (const table of order) {
    const entry = manifest.tables.find((candidate) => candidate.table === table)!;
    const selfKeys = facts.get(table)!.foreignKeys.filter((key) => key.parent === table).map((key) => key.column);
    let batch: Record<string, unknown>[] = [];
    const later: Record<string, unknown>[] = [];
    let count = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const columns = Object.keys(batch[0]!).filter((column) => !selfKeys.includes(column));
      const list = sql.join(columns.map((column) => sql.ref(column)));
      await sql`INSERT INTO ${sql.table(table)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(batch)}::json)`.execute(trx);
      batch = [];
    };
    for await (const { line } of linesOf(path.join(scratch, entry.path))) {
      const row = JSON.parse(remap(line)) as Record<string, unknown>;
      batch.push(row);
      if (selfKeys.some((column) => row[column] !== null && row[column] !== undefined)) later.push(row);
      count += 1;
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    // A row pointing at another of its table (a reply's comment, a sub-category) gets its key once all are in.
    for (const row of later) {
      for (const column of selfKeys) {
        if (row[column] === null || row[column] === undefined) continue;
        await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${row[column]} WHERE id = ${row.id} AND website_id = ${websiteId}`.execute(trx);
      }
    }
    counts[table] = count;
  }
  const websiteRow = JSON.parse(remap(await readFile(path.join(scratch, WEBSITE_PATH), 'utf8'))) as Record<string, unknown>;
  const columns = WEBSITE_COLUMNS.filter((column) => column in websiteRow);
  if (columns.length > 0) {
    const list = sql.join(columns.map((column) => sql.ref(column)));
    await sql`UPDATE websites SET (${list}) = (SELECT ${list} FROM json_populate_record(NULL::websites, ${JSON.stringify(websiteRow)}::json)) WHERE id = ${websiteId}`.execute(trx);
  }
  return counts;
}
