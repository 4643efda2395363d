import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { createGzip } from 'node:zlib';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { pack as tarPack, type Pack } from 'tar-stream';
import type { Database } from '../db/schema';
import {
  ARCHIVE_FORMAT, ARCHIVE_KINDS, ARCHIVE_VERSION, filePath, isPersonalTable, MANIFEST_PATH, rowsPath, tablesOf, WEBSITE_COLUMNS, WEBSITE_PATH,
  type ArchiveManifest, type FileShelfName, type ManifestFile, type ManifestTable,
} from './archive-format';
import type { ArchiveShelves } from './shelves';
import { readTableFacts, rowsOfWebsite, type TableFacts } from './table-catalog';

/** Rows read per query: a site is never held whole in memory, only a batch and the current file. */
const BATCH = 500;

export interface ArchiveProgress {
  /** The steps the export will take (tables, then files once the rows named them). */
  total(steps: number): Promise<void>;
  /** One more step done. */
  step(): Promise<void>;
}

const NO_PROGRESS: ArchiveProgress = { total: async () => undefined, step: async () => undefined };

/**
 * Writes one website's archive (archive-format.ts) to `sink` as a gzip'd tar stream: each table's rows into a
 * temporary JSON-lines file batch by batch (so a tar entry's size is known before its bytes), then the files the
 * rows name, streamed from their shelves, then the manifest. A key to a table outside the archive (a contributor
 * who made a style version, a platform account, a shopper when personal data was not asked for) is cleared when
 * the column may be empty; a row whose required key points outside is left out and counted in the manifest.
 */
export async function writeSiteArchive(
  db: Kysely<Database>,
  websiteId: string,
  options: { includePersonalData: boolean; files: ArchiveShelves; progress?: ArchiveProgress },
  /** Takes the archive's bytes (gzip'd tar) and resolves once they are stored. */
  sink: (archive: Readable) => Promise<unknown>,
): Promise<ArchiveManifest> {
  const progress = options.progress ?? NO_PROGRESS;
  const tables = tablesOf(options.includePersonalData);
  const facts = await readTableFacts(db, tables);
  const inArchive = new Set([...tables, 'websites']);
  const website = await db.selectFrom('websites').select(['id', 'site_title']).where('id', '=', websiteId).executeTakeFirstOrThrow();
  await progress.total(tables.length + 1);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-site-archive-'));
  try {
    const manifestTables: ManifestTable[] = [];
    const files: ManifestFile[] = [];
    const leftOut: Record<string, number> = {};
    for (const table of tables) {
      const tableFacts = facts.get(table)!;
      const written = await writeRows(db, tableFacts, facts, websiteId, path.join(scratch, `${table}.jsonl`), inArchive, (row) => {
        if (table === 'images') files.push(fileOf('images', options.files.imageOriginalKey(row as { id: string; content_type: string })));
        if (table === 'product_files') files.push(fileOf('downloads', String(row.storage_key)));
        if (table === 'lesson_videos') files.push(fileOf('lesson-videos', String(row.storage_key)));
      });
      if (written.leftOut > 0) leftOut[table] = written.leftOut;
      const kind = ARCHIVE_KINDS.find((entry) => entry.tables.includes(table))!;
      manifestTables.push({ table, kind: kind.kind, personalData: isPersonalTable(table), rows: written.rows, path: rowsPath(table) });
      await progress.step();
    }
    const websiteRow = await sql<{ row: string }>`SELECT json_build_object(${sql.join(WEBSITE_COLUMNS.flatMap((column) => [sql.lit(column), sql.ref(column)]))})::text AS row
      FROM websites WHERE id = ${websiteId}`.execute(db);
    await progress.total(tables.length + 1 + files.length);

    const tar = tarPack();
    const gzip = createGzip();
    (tar as unknown as Readable).pipe(gzip);
    const sunk = sink(gzip);
    const packed = (async () => {
      for (const entry of manifestTables) await addFile(tar, entry.path, path.join(scratch, `${entry.table}.jsonl`));
      await addBuffer(tar, WEBSITE_PATH, Buffer.from(websiteRow.rows[0]!.row));
      await progress.step();
      const stored: ManifestFile[] = [];
      for (const file of files) {
        // A bundled picture (the demo's) has no stored original until first shown: its row names the source instead.
        const object = await options.files.shelves[file.shelf].open(file.key);
        if (object) {
          await addStream(tar, file.path, object.size, object.stream());
          stored.push({ ...file, bytes: object.size });
        }
        await progress.step();
      }
      const manifest: ArchiveManifest = {
        format: ARCHIVE_FORMAT,
        version: ARCHIVE_VERSION,
        createdAt: new Date().toISOString(),
        source: { websiteId: website.id, siteTitle: website.site_title },
        containsPersonalData: options.includePersonalData,
        website: WEBSITE_PATH,
        tables: manifestTables,
        files: stored,
        ...(Object.keys(leftOut).length > 0 ? { leftOut } : {}),
      };
      await addBuffer(tar, MANIFEST_PATH, Buffer.from(JSON.stringify(manifest, null, 2)));
      tar.finalize();
      return manifest;
    })();
    // Either side failing fails the export (a sink that stops reading would otherwise leave the packer waiting).
    const [manifest] = await Promise.all([packed.catch((error) => { tar.destroy(error); throw error; }), sunk]);
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function fileOf(shelf: FileShelfName, key: string): ManifestFile {
  return { shelf, key, path: filePath(shelf, key), bytes: 0 };
}

async function writeRows(
  db: Kysely<Database>, facts: TableFacts, all: Map<string, TableFacts>, websiteId: string, file: string, inArchive: Set<string>,
  onRow: (row: Record<string, unknown>) => void,
): Promise<{ rows: number; leftOut: number }> {
  const out = createWriteStream(file);
  const outside = facts.foreignKeys.filter((key) => !inArchive.has(key.parent));
  let rows = 0;
  let leftOut = 0;
  let after: unknown[] | undefined;
  const order = facts.orderBy;
  try {
    for (;;) {
      const keyset = after
        ? sql`AND (${sql.join(order.map((column) => sql.ref(`t.${column}`)))}) > (${sql.join(after.map((value) => sql`${value}`))})`
        : sql``;
      const batch = await sql<Record<string, unknown> & { row: string }>`
        SELECT (to_jsonb(t) - ${facts.notWritten}::text[])::text AS row, ${sql.join(order.map((column, index) => sql`${sql.ref(`t.${column}`)}::text AS ${sql.ref(`k${index}`)}`))}
        FROM ${sql.table(facts.table)} t WHERE ${rowsOfWebsite(facts, all, websiteId)} ${keyset}
        ORDER BY ${sql.join(order.map((column) => sql.ref(`t.${column}`)))} LIMIT ${BATCH}`.execute(db);
      for (const record of batch.rows) {
        const row = JSON.parse(record.row) as Record<string, unknown>;
        let keep = true;
        for (const key of outside) {
          if (row[key.column] === null || row[key.column] === undefined) continue;
          if (key.nullable) row[key.column] = null;
          else keep = false;
        }
        if (!keep) {
          leftOut += 1;
          continue;
        }
        onRow(row);
        rows += 1;
        if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
      }
      if (batch.rows.length < BATCH) break;
      const last = batch.rows[batch.rows.length - 1]!;
      after = order.map((_column, index) => last[`k${index}`]);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { rows, leftOut };
}

async function addBuffer(tar: Pack, name: string, bytes: Buffer): Promise<void> {
  await new Promise<void>((resolve, reject) => tar.entry({ name, size: bytes.length }, bytes, (error) => (error ? reject(error) : resolve())));
}

async function addFile(tar: Pack, name: string, file: string): Promise<void> {
  await addStream(tar, name, (await stat(file)).size, createReadStream(file));
}

async function addStream(tar: Pack, name: string, size: number, body: Readable): Promise<void> {
  let done!: (error?: Error | null) => void;
  const finished = new Promise<void>((resolve, reject) => (done = (error) => (error ? reject(error) : resolve())));
  const entry = tar.entry({ name, size }, (error) => done(error));
  try {
    for await (const chunk of body) {
      if (!entry.write(chunk as Buffer)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
    }
    entry.end(undefined as never);
  } catch (error) {
    entry.destroy(error as Error);
    throw error;
  }
  await finished;
}
