import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { RepeatingJob, type JobLog } from '../jobs/repeating-job';
import type { LessonVideoStore } from './video-store';

/** How often each listening process looks for deleted lessons' videos. */
export const DEFAULT_VIDEO_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Removes one video of a deleted lesson, if there is one: its object, then its row, in one transaction that holds the
 * row (`FOR UPDATE SKIP LOCKED`), so two processes never take the same one. A lesson is deleted by the content domain
 * (its item's `deleted_at`, with its course page's deletion too) and nothing brings it back, so its video only takes
 * disk space; the content domain does not reach into this one's store (that would make the domains a cycle), so this
 * sweep does. An object removed by a process that dies before its commit leaves the row, which the next round deletes
 * (removing a missing object is not an error).
 */
export async function sweepNextDeletedLessonVideo(db: Kysely<Database>, store: LessonVideoStore): Promise<string | undefined> {
  return inTransaction(db, async (trx) => {
    const video = await trx
      .selectFrom('lesson_videos')
      .select(['id', 'storage_key'])
      .where('item_id', 'in', (eb) => eb.selectFrom('site_items').select('id').where('deleted_at', 'is not', null))
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!video) return undefined;
    await store.remove(video.storage_key);
    await trx.deleteFrom('lesson_videos').where('id', '=', video.id).execute();
    return video.storage_key;
  });
}

/** The sweep as a background job of every listening process (app.ts); tests call `runOnce()`. */
export class DeletedLessonVideoSweep {
  readonly #loop: RepeatingJob;
  readonly #batchSize: number;

  constructor(private readonly db: Kysely<Database>, private readonly store: LessonVideoStore, options: { intervalMs?: number; batchSize?: number; log?: JobLog } = {}) {
    this.#batchSize = options.batchSize ?? 20;
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()).length >= this.#batchSize }), {
      name: 'lesson video sweep', intervalMs: options.intervalMs ?? DEFAULT_VIDEO_SWEEP_INTERVAL_MS, log: options.log,
    });
  }

  /** One round: up to a batch of deleted lessons' videos removed; answers their storage keys. */
  async runOnce(): Promise<string[]> {
    const removed: string[] = [];
    while (removed.length < this.#batchSize) {
      const key = await sweepNextDeletedLessonVideo(this.db, this.store);
      if (!key) break;
      removed.push(key);
    }
    return removed;
  }

  start(): void {
    this.#loop.start();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
  }
}
