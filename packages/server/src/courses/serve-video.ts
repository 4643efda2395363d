/**
 * GET /api/courses/videos/{itemId}: a lesson's uploaded video, by byte range, to a viewer who may watch the lesson
 * (every request is checked: a range request is no way around the paywall). Gated answers are private and never
 * stored by a shared cache.
 */
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import { COURSE_MESSAGES } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import type { Viewer } from '../members';
import { lessonAccessOf, type LessonAccess } from './access';
import { findLesson } from './queries';
import { contentRangeOf, rangeOf } from './ranges';
import type { LessonVideoStore } from './video-store';

export const VIDEO_MESSAGES = {
  notFound: 'No such video.',
  denied: COURSE_MESSAGES.lessonDenied,
  unsatisfiable: 'The requested range is not within the video.',
} as const;

export type VideoAnswer =
  | { status: 403 | 404; message: string }
  | { status: 416; message: string; headers: Record<string, string> }
  | { status: 200 | 206; headers: Record<string, string>; stream: () => Readable; access: LessonAccess }
  /** The video is on a bucket: the browser is sent a short-lived URL of it, where its range requests go. */
  | { status: 302; headers: Record<string, string>; location: () => Promise<string>; access: LessonAccess };

const PRIVATE_HEADERS = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', 'accept-ranges': 'bytes' };

export async function serveLessonVideo(
  db: Kysely<Database>,
  store: LessonVideoStore,
  website: Website,
  viewer: Viewer,
  input: { itemId: string; range: string | undefined; /** GET (false: HEAD, answered with the headers here). */ withBody?: boolean },
): Promise<VideoAnswer> {
  const lesson = await findLesson(db, website.id, input.itemId);
  // Contributors play drafts and a file the lesson does not show yet (the owner's screens); visitors the live lesson's.
  const playable = lesson?.video && (viewer.isContributor || (lesson.live && lesson.details?.video_source === 'file'));
  if (!lesson || !playable) return { status: 404, message: VIDEO_MESSAGES.notFound };
  const { access } = await lessonAccessOf(db, website.id, viewer, { coursePageId: lesson.coursePageId, isPreview: lesson.details?.is_preview ?? false });
  if (access === 'denied') return { status: 403, message: VIDEO_MESSAGES.denied };
  const file = await store.open(lesson.video!.storage_key);
  if (!file) return { status: 404, message: VIDEO_MESSAGES.notFound };
  if (file.presignedUrl && input.withBody) {
    const contentType = lesson.video!.content_type;
    return { status: 302, access, headers: { 'cache-control': 'private, no-store' }, location: () => file.presignedUrl!({ contentType }) };
  }
  const range = rangeOf(input.range, file.size);
  if (range.kind === 'unsatisfiable') {
    return { status: 416, message: VIDEO_MESSAGES.unsatisfiable, headers: { ...PRIVATE_HEADERS, 'content-range': contentRangeOf(range, file.size)! } };
  }
  const headers = { ...PRIVATE_HEADERS, 'content-type': lesson.video!.content_type };
  if (range.kind === 'partial') {
    return {
      status: 206,
      access,
      headers: { ...headers, 'content-range': contentRangeOf(range, file.size)!, 'content-length': String(range.end - range.start + 1) },
      stream: () => file.stream({ start: range.start, end: range.end }),
    };
  }
  return { status: 200, access, headers: { ...headers, 'content-length': String(file.size) }, stream: () => file.stream() };
}
