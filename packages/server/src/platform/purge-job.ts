import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { RepeatingJob, type JobLog } from '../jobs/repeating-job';
import { DELETE_GRACE_DAYS, purgeDeletedWebsites } from './operator';
import type { WebsiteFileStores } from './purge';

/** How often each listening process looks for websites past their grace period. */
export const DEFAULT_WEBSITE_PURGE_INTERVAL_MS = 60 * 60_000;
const PURGE_BATCH = 5;

/**
 * The final delete as a background job of every listening process (app.ts): each round purges up to a few websites
 * deleted more than DELETE_GRACE_DAYS ago, each claimed FOR UPDATE SKIP LOCKED (platform/purge.ts), so processes and
 * restarts never purge one twice and a restored website is never purged. Tests call `runOnce()`.
 */
export class DeletedWebsitePurgeJob {
  readonly #loop: RepeatingJob;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: WebsiteFileStores,
    private readonly options: { intervalMs?: number; graceDays?: number; log?: JobLog } = {},
  ) {
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()).length >= PURGE_BATCH }), {
      name: 'website purge', intervalMs: options.intervalMs ?? DEFAULT_WEBSITE_PURGE_INTERVAL_MS, log: options.log,
    });
  }

  /** One round; answers the identifiers purged. `now` lets a test stand past the grace period. */
  runOnce(now?: Date): Promise<string[]> {
    return purgeDeletedWebsites(this.db, this.files, { graceDays: this.options.graceDays ?? DELETE_GRACE_DAYS, now, limit: PURGE_BATCH });
  }

  start(): void {
    this.#loop.start();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
  }
}
