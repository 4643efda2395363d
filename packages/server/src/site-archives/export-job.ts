import { sql, type Kysely } from 'kysely';
import { SITE_ARCHIVE_LIMITS } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { RepeatingJob, type JobLog } from '../jobs/repeating-job';
import type { ObjectStore } from '../storage';
import type { ArchiveShelves } from './shelves';
import { writeSiteArchive } from './write-archive';

/** How often each listening process looks for queued exports. */
export const DEFAULT_SITE_EXPORT_INTERVAL_MS = 5_000;
/** How long a claim lasts: a process that dies mid-export gives the export back to the queue after it. */
export const SITE_EXPORT_LEASE_SECONDS = 15 * 60;
const MAX_ATTEMPTS = 3;

/**
 * Claims the next queued export (or one whose claim ran out): one short transaction holding the row
 * `FOR UPDATE SKIP LOCKED` marks it running with a lease, so two processes never take the same one; the export
 * itself runs outside any transaction (a site is read in batches, never held open), writing its progress as it goes.
 */
export async function claimNextSiteExport(db: Kysely<Database>, now = new Date()) {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('site_archives')
      .select(['id', 'website_id', 'include_personal_data', 'attempts'])
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimed_until', '<', now)])]))
      .orderBy('created_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('site_archives')
      .set({ status: 'running', attempts: row.attempts + 1, claimed_until: new Date(now.getTime() + SITE_EXPORT_LEASE_SECONDS * 1000), steps_done: 0 })
      .where('id', '=', row.id)
      .execute();
    return { ...row, attempts: row.attempts + 1 };
  });
}

/** Runs one claimed export to the end: the archive stored under `{websiteId}/{archiveId}.tar.gz`, or the failure kept. */
export async function runSiteExport(db: Kysely<Database>, archives: ObjectStore, files: ArchiveShelves, claimed: NonNullable<Awaited<ReturnType<typeof claimNextSiteExport>>>) {
  const key = `${claimed.website_id}/${claimed.id}.tar.gz`;
  const progress = {
    total: async (steps: number) => void (await db.updateTable('site_archives').set({ steps_total: steps }).where('id', '=', claimed.id).execute()),
    step: async () => void (await db.updateTable('site_archives').set({ steps_done: sql`steps_done + 1` }).where('id', '=', claimed.id).execute()),
  };
  try {
    let byteSize = 0;
    await writeSiteArchive(db, claimed.website_id, { includePersonalData: claimed.include_personal_data, files, progress }, async (body) => {
      byteSize = (await archives.put(key, body, { maxBytes: Number.POSITIVE_INFINITY, contentType: 'application/gzip' })).byteSize;
    });
    await db
      .updateTable('site_archives')
      .set({ status: 'ready', storage_key: key, byte_size: byteSize, steps_done: sql`steps_total`, finished_at: new Date(), claimed_until: null, failure: null })
      .where('id', '=', claimed.id)
      .execute();
    await removeOldArchives(db, archives, claimed.website_id);
    return 'ready' as const;
  } catch (error) {
    const failed = claimed.attempts >= MAX_ATTEMPTS;
    await db
      .updateTable('site_archives')
      .set({ status: failed ? 'failed' : 'queued', failure: (error as Error).message.slice(0, 500), claimed_until: null, finished_at: failed ? new Date() : null })
      .where('id', '=', claimed.id)
      .execute();
    return failed ? ('failed' as const) : ('queued' as const);
  }
}

/** A website keeps its newest few archives; the older ones' objects and rows go once a new one is ready. */
async function removeOldArchives(db: Kysely<Database>, archives: ObjectStore, websiteId: string): Promise<void> {
  const old = await db
    .selectFrom('site_archives')
    .select(['id', 'storage_key'])
    .where('website_id', '=', websiteId)
    .where('status', 'in', ['ready', 'failed'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(SITE_ARCHIVE_LIMITS.kept)
    .limit(100)
    .execute();
  for (const row of old) {
    if (row.storage_key) await archives.remove(row.storage_key);
    await db.deleteFrom('site_archives').where('id', '=', row.id).execute();
  }
}

/** The export job of every listening process (app.ts); tests call `runOnce()`. */
export class SiteExportJob {
  readonly #loop: RepeatingJob;

  constructor(private readonly db: Kysely<Database>, private readonly archives: ObjectStore, private readonly files: ArchiveShelves, options: { intervalMs?: number; log?: JobLog } = {}) {
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()) !== undefined }), {
      name: 'site export', intervalMs: options.intervalMs ?? DEFAULT_SITE_EXPORT_INTERVAL_MS, log: options.log,
    });
  }

  /** Claims and runs one export; answers its id and how it ended, or undefined when none was waiting. */
  async runOnce(now?: Date): Promise<{ id: string; status: 'ready' | 'queued' | 'failed' } | undefined> {
    const claimed = await claimNextSiteExport(this.db, now);
    if (!claimed) return undefined;
    return { id: claimed.id, status: await runSiteExport(this.db, this.archives, this.files, claimed) };
  }

  start(): void {
    this.#loop.start();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
  }
}
