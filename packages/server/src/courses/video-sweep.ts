import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { queueObjectRemovals } from '../storage';
import type { LessonVideoStore } from './video-store';

/**
 * Lesson videos in the one object-removal sweep (storage/removal-sweep.ts). A lesson is deleted by the content domain
 * (its item's `deleted_at`, with its course page's deletion too) and nothing brings it back, so its video only takes
 * space; the content domain does not reach into this one's tables or store (that would make the domains a cycle).
 * So the sweep's round first asks this feeder, which moves deleted lessons' video rows into the removal queue — the
 * rows it takes held `FOR UPDATE SKIP LOCKED`, deleted and queued in one transaction, so two processes never queue
 * one twice — and then the queue's handler removes each object once, as it does a product's pictures.
 */
export async function queueDeletedLessonVideos(db: Kysely<Database>, batchSize = 50): Promise<number> {
  return inTransaction(db, async (trx) => {
    const videos = await trx
      .selectFrom('lesson_videos')
      .select(['id', 'website_id', 'storage_key'])
      .where('item_id', 'in', (eb) => eb.selectFrom('site_items').select('id').where('deleted_at', 'is not', null))
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    if (videos.length === 0) return 0;
    await trx.deleteFrom('lesson_videos').where('id', 'in', videos.map((video) => video.id)).execute();
    for (const video of videos) await queueObjectRemovals(trx, video.website_id, [{ kind: 'lesson-video', ref: video.storage_key }]);
    return videos.length;
  });
}

/** The queue's handler for a lesson video's key: removed unless a lesson's row points at it again (an archive installed back). */
export function lessonVideoRemovalHandler(store: LessonVideoStore) {
  return async (trx: Transaction<Database>, websiteId: string, key: string): Promise<'removed' | 'kept'> => {
    const used = await trx.selectFrom('lesson_videos').select('id').where('website_id', '=', websiteId).where('storage_key', '=', key).executeTakeFirst();
    if (used) return 'kept';
    await store.remove(key);
    return 'removed';
  };
}
