import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { readForeignKeys } from '../db/foreign-keys';

/**
 * Removing a website for good (the operator's final delete, after the grace period). Every domain keeps its rows
 * under website_id, so the purge is generic rather than a list to keep up to date: it reads the foreign keys from
 * the catalog, takes every table with a website_id column and every table whose rows hang from those (an order's
 * items, a session of a site user), and deletes the website's rows children first, in one transaction. A table a
 * new migration adds is covered without code. It is the one place that deletes across domains' tables.
 */

/** The condition that picks a table's rows of one website. */
type RowsOf = (websiteId: string) => RawBuilder<unknown>;

/** A step of the purge: delete the website's rows of a table, or first clear a column that closes a cycle of keys. */
export type PurgeStep = { table: string; where: RowsOf; clear?: string };

/** The plan: for each table the website owns rows in, how to find them; children before their parents. */
export async function purgePlan(db: Kysely<Database>): Promise<PurgeStep[]> {
  const withWebsiteId = new Set(
    (
      await sql<{ table_name: string }>`SELECT table_name FROM information_schema.columns
        WHERE column_name = 'website_id' AND table_schema = current_schema()`.execute(db)
    ).rows.map((row) => row.table_name),
  );
  const keys = await readForeignKeys(db);
  // How each table's rows of the website are found: by its own website_id, else through a parent that has them.
  const where = new Map<string, RowsOf>();
  for (const table of withWebsiteId) where.set(table, (websiteId) => sql`${sql.ref('website_id')} = ${websiteId}`);
  where.set('websites', (websiteId) => sql`${sql.ref('id')} = ${websiteId}`);
  for (let changed = true; changed; ) {
    changed = false;
    for (const key of keys) {
      if (where.has(key.child) || !where.has(key.parent) || key.child === key.parent) continue;
      const parentRows = where.get(key.parent)!;
      where.set(key.child, (websiteId) => sql`${sql.ref(key.childColumn)} IN (SELECT ${sql.ref(key.parentColumn)} FROM ${sql.table(key.parent)} WHERE ${parentRows(websiteId)})`);
      changed = true;
    }
  }
  // Children first: a table is deleted from only once every table pointing at it is done. A cycle (the website row
  // names its logo picture, the picture its website) is broken by clearing a nullable column of it first.
  const steps: PurgeStep[] = [];
  const live = keys.filter((key) => where.has(key.child) && where.has(key.parent) && key.child !== key.parent);
  const pending = new Set(where.keys());
  while (pending.size > 0) {
    const ready = [...pending].filter((table) => !live.some((key) => key.parent === table && pending.has(key.child)));
    if (ready.length === 0) {
      const breakable = live.find((key) => key.nullable && pending.has(key.child) && pending.has(key.parent));
      if (!breakable) throw new Error(`The website purge found a cycle of foreign keys among: ${[...pending].sort().join(', ')}`);
      steps.push({ table: breakable.child, where: where.get(breakable.child)!, clear: breakable.childColumn });
      live.splice(live.indexOf(breakable), 1);
      continue;
    }
    for (const table of ready.sort()) {
      steps.push({ table, where: where.get(table)! });
      pending.delete(table);
    }
  }
  return steps;
}

/** What a purge removes from the file stores: the pictures, downloads, lesson videos and uploaded themes of the website. */
export interface WebsiteFileStores {
  removeImage(imageId: string): Promise<void>;
  removeDownload(storageKey: string): Promise<void>;
  removeLessonVideo(storageKey: string): Promise<void>;
  /** Uploaded theme archives (themes/); optional where a caller holds no theme store (none are left behind then). */
  removeThemeArchive?(storageKey: string): Promise<void>;
}

/** What a website keeps in the file stores, listed before its rows go (the rows name the files). */
async function filesOf(db: Kysely<Database> | Transaction<Database>, websiteId: string) {
  const images = await db.selectFrom('images').select('id').where('website_id', '=', websiteId).execute();
  const downloads = await db.selectFrom('product_files').select('storage_key').where('website_id', '=', websiteId).execute();
  const videos = await db.selectFrom('lesson_videos').select('storage_key').where('website_id', '=', websiteId).execute();
  const themes = await db.selectFrom('website_themes').select('storage_key').where('website_id', '=', websiteId).execute();
  // Files whose rows are already gone, queued for the object-removal sweep (storage/removal-sweep.ts): the queue's
  // rows go with the website's, so the purge removes their files itself. A queued picture still has its row above.
  const queued = await db.selectFrom('object_removals').select(['kind', 'ref']).where('website_id', '=', websiteId).where('kind', 'in', ['download', 'lesson-video']).execute();
  const queuedOf = (kind: 'download' | 'lesson-video') => queued.filter((row) => row.kind === kind).map((row) => row.ref);
  return {
    images: images.map((row) => row.id),
    downloads: [...new Set([...downloads.map((row) => row.storage_key), ...queuedOf('download')])],
    videos: [...new Set([...videos.map((row) => row.storage_key), ...queuedOf('lesson-video')])],
    themes: themes.map((row) => row.storage_key),
  };
}

/** Deletes every row of the website, step by step of the plan, inside the caller's transaction. */
async function deleteRowsOf(trx: Transaction<Database>, websiteId: string, plan: PurgeStep[]): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const step of plan) {
    if (step.clear) {
      await sql`UPDATE ${sql.table(step.table)} SET ${sql.ref(step.clear)} = NULL WHERE ${step.where(websiteId)}`.execute(trx);
      continue;
    }
    const result = await sql`DELETE FROM ${sql.table(step.table)} WHERE ${step.where(websiteId)}`.execute(trx);
    const count = Number(result.numAffectedRows ?? 0);
    if (count > 0) removed[step.table] = count;
  }
  return removed;
}

async function removeFiles(files: WebsiteFileStores, listed: Awaited<ReturnType<typeof filesOf>>): Promise<void> {
  for (const image of listed.images) await files.removeImage(image);
  for (const download of listed.downloads) await files.removeDownload(download);
  for (const video of listed.videos) await files.removeLessonVideo(video);
  if (files.removeThemeArchive) for (const theme of listed.themes) await files.removeThemeArchive(theme);
}

/**
 * Deletes every row of the website and then its files. The rows go in one transaction (all or nothing); the files
 * after it commits, so a crash between leaves unreferenced files, never rows pointing at missing ones.
 * Answers the rows removed by table.
 */
export async function purgeWebsite(db: Kysely<Database>, websiteId: string, files: WebsiteFileStores): Promise<Record<string, number>> {
  const plan = await purgePlan(db);
  const listed = await filesOf(db, websiteId);
  const removed = await db.transaction().execute((trx) => deleteRowsOf(trx, websiteId, plan));
  await removeFiles(files, listed);
  return removed;
}

/**
 * The final purge's claim: the next website deleted at or before `cutoff`, its row held `FOR UPDATE SKIP LOCKED` for
 * the transaction that deletes its rows, so two processes never purge one website, and a restore (which clears
 * deleted_at under the same row lock) either lands first — the row no longer qualifies — or waits and finds no
 * website. Files are removed after the commit. Answers the purged website's identifier, or undefined when none is due.
 */
export async function purgeNextDeletedWebsite(db: Kysely<Database>, files: WebsiteFileStores, cutoff: Date, plan?: PurgeStep[]): Promise<{ id: string; identifier: string } | undefined> {
  const steps = plan ?? (await purgePlan(db));
  const claimed = await db.transaction().execute(async (trx) => {
    const website = await trx
      .selectFrom('websites')
      .select(['id', 'identifier'])
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<=', cutoff)
      .orderBy('deleted_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!website) return undefined;
    const listed = await filesOf(trx, website.id);
    await deleteRowsOf(trx, website.id, steps);
    return { website, listed };
  });
  if (!claimed) return undefined;
  await removeFiles(files, claimed.listed);
  return claimed.website;
}
