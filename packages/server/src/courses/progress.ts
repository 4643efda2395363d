/**
 * A member's progress in lessons: where they stopped and whether they completed it. One row per site user and
 * lesson (the primary key): racing saves meet there, and completion, once set, keeps its first time.
 */
import { sql, type Kysely } from 'kysely';
import { COURSE_MESSAGES, type LessonProgressJson, type SaveLessonProgressBody } from '@vitrine/contracts';
import { siteUserOf, type Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { forbidden, invalid, notFound, unauthenticated } from '../failures';
import { lessonAccessOf } from './access';
import { findLesson } from './queries';
import type { Viewer } from '../members';

export interface LessonProgress {
  positionSeconds: number;
  completedAt: Date | null;
}

const progressJson = (itemId: string, row: LessonProgress): LessonProgressJson => ({
  itemId,
  positionSeconds: row.positionSeconds,
  completed: row.completedAt !== null,
  completedAt: row.completedAt ? new Date(row.completedAt).toISOString() : null,
});

/**
 * PUT /api/courses/lessons/:itemId/progress: the signed-in site user's position and/or completion, for a live
 * lesson they may watch (a member, or anyone signed in on a preview lesson).
 */
export async function saveLessonProgress(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  viewer: Viewer,
  input: SaveLessonProgressBody & { itemId: string },
): Promise<{ progress: LessonProgressJson }> {
  const siteUser = siteUserOf(actor);
  if (!siteUser) throw unauthenticated(COURSE_MESSAGES.signInForProgress);
  if (input.positionSeconds === undefined && input.completed === undefined) throw invalid(COURSE_MESSAGES.progressEmpty);
  const lesson = await findLesson(db, website.id, input.itemId);
  if (!lesson || !lesson.live) throw notFound(COURSE_MESSAGES.lessonNotFound);
  const { access } = await lessonAccessOf(db, website.id, viewer, { coursePageId: lesson.coursePageId, isPreview: lesson.details?.is_preview ?? false });
  if (access === 'denied') throw forbidden(COURSE_MESSAGES.lessonDenied);
  const now = new Date();
  const row = await db
    .insertInto('lesson_progress')
    .values({
      site_user_id: siteUser.id,
      item_id: lesson.itemId,
      website_id: website.id,
      position_seconds: input.positionSeconds ?? 0,
      completed_at: input.completed ? now : null,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['site_user_id', 'item_id']).doUpdateSet({
        position_seconds: input.positionSeconds !== undefined ? sql<number>`excluded.position_seconds` : sql<number>`lesson_progress.position_seconds`,
        // Completed once stays completed, with its first time.
        completed_at: sql<Date | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
        updated_at: now,
      }),
    )
    .returning(['position_seconds', 'completed_at'])
    .executeTakeFirstOrThrow();
  return { progress: progressJson(lesson.itemId, { positionSeconds: row.position_seconds, completedAt: row.completed_at }) };
}

/** A site user's progress in the given lessons, by item id. */
export async function readLessonProgress(db: Kysely<Database>, websiteId: string, siteUserId: string, itemIds: readonly string[]): Promise<Map<string, LessonProgress>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lesson_progress')
    .select(['item_id', 'position_seconds', 'completed_at'])
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('item_id', 'in', [...itemIds])
    .execute();
  return new Map(rows.map((row) => [row.item_id, { positionSeconds: row.position_seconds, completedAt: row.completed_at }]));
}
