/**
 * The owner's calls on courses (issue 20 item 2): a course with its lessons, a lesson's details (video source,
 * length, chapter, preview flag), its uploaded video (streamed, replaced, removed) and the members' progress.
 * Pages and items themselves are made, published and reordered through the content calls.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Readable } from 'node:stream';
import {
  COURSE_LIMITS,
  COURSE_MESSAGES,
  LESSON_VIDEO_TYPES,
  type CourseProgressJson,
  type OwnerCourseJson,
  type OwnerLessonJson,
  type OwnerLessonReply,
  type UpdateLessonDetailsBody,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { takeQuota } from '../quotas';
import { inTransaction } from '../db/transactions';
import type { Database, LessonVideoSource, Website } from '../db/schema';
import { invalid, notFound } from '../failures';
import { newId } from '../ids';
import { embeddedPlayerOf } from './embed';
import { findCoursePage, findLesson, listCourseLessons, type LessonRecord } from './queries';
import { newVideoKey, type LessonVideoStore } from './video-store';

/** Where a lesson's uploaded video is played from (access checked there). */
export const lessonVideoUrl = (itemId: string) => `/api/courses/videos/${itemId}`;

export function ownerLessonOf(lesson: LessonRecord): OwnerLessonJson {
  const { details, video } = lesson;
  return {
    itemId: lesson.itemId,
    title: lesson.title,
    urlId: lesson.urlId,
    fullUrl: `/${lesson.courseUrlId}/${lesson.urlId}`,
    status: lesson.status,
    position: lesson.position,
    chapter: details?.chapter ?? '',
    videoSource: details?.video_source ?? 'none',
    embedUrl: details?.embed_url ?? null,
    durationSeconds: details?.duration_seconds ?? null,
    isPreview: details?.is_preview ?? false,
    video: video
      ? {
          id: video.id, fileName: video.file_name, contentType: video.content_type, byteSize: Number(video.byte_size), sha256: video.sha256,
          url: lessonVideoUrl(lesson.itemId), updatedAt: video.updated_at.toISOString(),
        }
      : null,
  };
}

async function requireLesson(db: Kysely<Database> | Transaction<Database>, websiteId: string, itemId: string): Promise<LessonRecord> {
  const lesson = await findLesson(db, websiteId, itemId);
  if (!lesson) throw notFound(COURSE_MESSAGES.notALesson);
  return lesson;
}

export async function getOwnerCourse(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string }): Promise<OwnerCourseJson> {
  authorize(actor, 'content:read');
  const page = await findCoursePage(db, website.id, input.pageId);
  if (!page) throw notFound(COURSE_MESSAGES.notACourse);
  const lessons = await listCourseLessons(db, website.id, page.id, { liveOnly: false });
  return {
    course: { id: page.id, title: page.title, urlId: page.url_id, fullUrl: `/${page.url_id}`, status: page.status },
    lessons: lessons.map(ownerLessonOf),
  };
}

/** The row a lesson's details are changed on, made when missing and locked (two edits at once apply one after the other). */
async function lockedDetails(trx: Transaction<Database>, websiteId: string, itemId: string) {
  await trx.insertInto('lesson_details').values({ item_id: itemId, website_id: websiteId }).onConflict((conflict) => conflict.column('item_id').doNothing()).execute();
  return trx.selectFrom('lesson_details').selectAll().where('item_id', '=', itemId).forUpdate().executeTakeFirstOrThrow();
}

/** PUT /api/owner/lessons/:itemId/details: the fields given; the source must have what it plays. */
export async function updateLessonDetails(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: UpdateLessonDetailsBody & { itemId: string },
): Promise<OwnerLessonReply> {
  authorize(actor, 'content:write');
  if (input.embedUrl !== undefined && input.embedUrl !== null && !embeddedPlayerOf(input.embedUrl)) {
    throw invalid(COURSE_MESSAGES.embedUrl, { embedUrl: COURSE_MESSAGES.embedUrl });
  }
  await requireLesson(db, website.id, input.itemId);
  await inTransaction(db, async (trx) => {
    const current = await lockedDetails(trx, website.id, input.itemId);
    const embedUrl = input.embedUrl !== undefined ? (input.embedUrl === null ? null : embeddedPlayerOf(input.embedUrl)!.videoUrl) : current.embed_url;
    const source: LessonVideoSource = input.videoSource ?? (input.embedUrl === null && current.video_source === 'embed' ? 'none' : current.video_source);
    if (source === 'embed' && embedUrl === null) throw invalid(COURSE_MESSAGES.embedUrlMissing, { embedUrl: COURSE_MESSAGES.embedUrlMissing });
    if (source === 'file') {
      const video = await trx.selectFrom('lesson_videos').select('id').where('item_id', '=', input.itemId).executeTakeFirst();
      if (!video) throw invalid(COURSE_MESSAGES.noVideoFile, { videoSource: COURSE_MESSAGES.noVideoFile });
    }
    await trx
      .updateTable('lesson_details')
      .set({
        video_source: source,
        embed_url: embedUrl,
        ...(input.durationSeconds !== undefined ? { duration_seconds: input.durationSeconds } : {}),
        ...(input.isPreview !== undefined ? { is_preview: input.isPreview } : {}),
        ...(input.chapter !== undefined ? { chapter: input.chapter.trim() } : {}),
        updated_at: new Date(),
      })
      .where('item_id', '=', input.itemId)
      .execute();
  });
  return { lesson: ownerLessonOf(await requireLesson(db, website.id, input.itemId)) };
}

export interface LessonVideoUpload {
  itemId: string;
  fileName: string | undefined;
  contentType: string | undefined;
  body: Readable;
}

/** The file's name as kept: control characters and path parts dropped, trimmed, at most the limit. */
export function cleanVideoName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, COURSE_LIMITS.fileNameLength);
}

/** A plain video type the lesson can play (parameters dropped), or undefined. */
export function videoTypeOf(contentType: string | undefined): string | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return (LESSON_VIDEO_TYPES as readonly string[]).includes(type) ? type : undefined;
}

/**
 * PUT /api/owner/lessons/:itemId/video: streams the body into a new object (never over the limit, never
 * half-written), points the lesson's row at it, makes the lesson play it, then removes the object it replaces.
 * Two uploads at once meet at the unique item_id: one row, the other's object removed.
 */
export async function uploadLessonVideo(db: Kysely<Database>, store: LessonVideoStore, website: Website, actor: Actor, upload: LessonVideoUpload): Promise<OwnerLessonReply> {
  authorize(actor, 'content:write');
  await requireLesson(db, website.id, upload.itemId);
  const fileName = cleanVideoName(upload.fileName ?? '');
  if (!fileName) throw invalid(COURSE_MESSAGES.noName, { name: COURSE_MESSAGES.noName });
  const contentType = videoTypeOf(upload.contentType);
  if (!contentType) throw invalid(COURSE_MESSAGES.videoType, { file: COURSE_MESSAGES.videoType });
  const key = newVideoKey(newId());
  const written = await store.write(key, upload.body, COURSE_LIMITS.videoBytes);
  if (written.byteSize === 0) {
    await store.remove(key);
    throw invalid(COURSE_MESSAGES.emptyFile, { file: COURSE_MESSAGES.emptyFile });
  }
  const described = { file_name: fileName, content_type: contentType, byte_size: written.byteSize, sha256: written.sha256, storage_key: key };
  let oldKey: string | undefined;
  try {
    oldKey = await inTransaction(db, async (trx) => {
      // The video counts in the website's storage quota, less the one it replaces (413 when it does not fit).
      const previous = await trx.selectFrom('lesson_videos').select('byte_size').where('website_id', '=', website.id).where('item_id', '=', upload.itemId).executeTakeFirst();
      await takeQuota(trx, website.id, 'storageBytes', written.byteSize - Number(previous?.byte_size ?? 0));
      const details = await lockedDetails(trx, website.id, upload.itemId);
      const existing = await trx.selectFrom('lesson_videos').select('storage_key').where('item_id', '=', upload.itemId).forUpdate().executeTakeFirst();
      if (existing) await trx.updateTable('lesson_videos').set({ ...described, updated_at: new Date() }).where('item_id', '=', upload.itemId).execute();
      else await trx.insertInto('lesson_videos').values({ id: newId(), website_id: website.id, item_id: upload.itemId, ...described }).execute();
      if (details.video_source !== 'file') await trx.updateTable('lesson_details').set({ video_source: 'file', updated_at: new Date() }).where('item_id', '=', upload.itemId).execute();
      return existing?.storage_key;
    });
  } catch (error) {
    await store.remove(key);
    throw error;
  }
  if (oldKey) await store.remove(oldKey);
  return { lesson: ownerLessonOf(await requireLesson(db, website.id, upload.itemId)) };
}

/** DELETE /api/owner/lessons/:itemId/video: the row and its object go; a lesson that played it has no video. */
export async function deleteLessonVideo(db: Kysely<Database>, store: LessonVideoStore, website: Website, actor: Actor, input: { itemId: string }): Promise<OwnerLessonReply> {
  authorize(actor, 'content:write');
  await requireLesson(db, website.id, input.itemId);
  const removedKey = await inTransaction(db, async (trx) => {
    const details = await lockedDetails(trx, website.id, input.itemId);
    const removed = await trx.deleteFrom('lesson_videos').where('item_id', '=', input.itemId).returning('storage_key').executeTakeFirst();
    if (details.video_source === 'file') await trx.updateTable('lesson_details').set({ video_source: 'none', updated_at: new Date() }).where('item_id', '=', input.itemId).execute();
    return removed?.storage_key;
  });
  if (removedKey) await store.remove(removedKey);
  return { lesson: ownerLessonOf(await requireLesson(db, website.id, input.itemId)) };
}

/** GET /api/owner/courses/:pageId/progress: per live lesson, members who started and completed it; learners and finishers. */
export async function getCourseProgress(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string }): Promise<CourseProgressJson> {
  authorize(actor, 'content:read');
  const page = await findCoursePage(db, website.id, input.pageId);
  if (!page) throw notFound(COURSE_MESSAGES.notACourse);
  const lessons = await listCourseLessons(db, website.id, page.id, { liveOnly: true });
  if (lessons.length === 0) return { learners: 0, finishers: 0, lessons: [] };
  const ids = lessons.map((lesson) => lesson.itemId);
  const [perLesson, perLearner] = await Promise.all([
    db
      .selectFrom('lesson_progress')
      .select(['item_id', sql<string>`count(*)`.as('started'), sql<string>`count(completed_at)`.as('completed')])
      .where('website_id', '=', website.id)
      .where('item_id', 'in', ids)
      .groupBy('item_id')
      .execute(),
    db
      .selectFrom('lesson_progress')
      .select(['site_user_id', sql<string>`count(completed_at)`.as('completed')])
      .where('website_id', '=', website.id)
      .where('item_id', 'in', ids)
      .groupBy('site_user_id')
      .execute(),
  ]);
  const counts = new Map(perLesson.map((row) => [row.item_id, row]));
  return {
    learners: perLearner.length,
    finishers: perLearner.filter((row) => Number(row.completed) === lessons.length).length,
    lessons: lessons.map((lesson) => ({
      itemId: lesson.itemId,
      title: lesson.title,
      started: Number(counts.get(lesson.itemId)?.started ?? 0),
      completed: Number(counts.get(lesson.itemId)?.completed ?? 0),
    })),
  };
}
