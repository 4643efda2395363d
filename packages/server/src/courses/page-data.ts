/**
 * What the course page and a lesson page read, for the page builder (pages/course-pages.ts): the live lessons in
 * order, the viewer's access and progress, the lesson's neighbours and player. Access is decided here, once per
 * page, by the members domain's canSee on the course page and the lesson's preview flag.
 */
import type { Kysely } from 'kysely';
import type { AccessDecision, Viewer } from '../members';
import type { Database } from '../db/schema';
import { lessonAccessFrom, type LessonAccess } from './access';
import { canSee } from '../members';
import { readLessonProgress, type LessonProgress } from './progress';
import { listCourseLessons, type LessonRecord } from './queries';
import { courseOutline, durationLabel, lessonPlayerOf, progressLabel, type CourseOutline, type LessonPlayerView } from './views';

export interface CoursePageData {
  decision: AccessDecision;
  outline: CourseOutline;
  progressLabel: string | null;
  signedIn: boolean;
}

export async function loadCoursePageData(db: Kysely<Database>, websiteId: string, coursePageId: string, viewer: Viewer): Promise<CoursePageData> {
  const [decision, lessons] = await Promise.all([canSee(db, websiteId, viewer, { pageId: coursePageId }), listCourseLessons(db, websiteId, coursePageId, { liveOnly: true })]);
  const progress = viewer.siteUserId && decision.allowed ? await readLessonProgress(db, websiteId, viewer.siteUserId, lessons.map((lesson) => lesson.itemId)) : new Map<string, LessonProgress>();
  const outline = courseOutline(lessons, progress, decision.allowed);
  return { decision, outline, progressLabel: progressLabel(outline, viewer.siteUserId !== null && decision.allowed), signedIn: viewer.siteUserId !== null };
}

export interface LessonPageData {
  access: LessonAccess;
  decision: AccessDecision;
  lesson: {
    id: string;
    number: number;
    lessonCount: number;
    chapter: string;
    isPreview: boolean;
    durationLabel: string;
    durationSeconds: number | null;
    player: LessonPlayerView | null;
    completed: boolean;
    positionSeconds: number;
    /** Signed in and allowed: the page offers "Mark complete" and keeps the position. */
    canKeepProgress: boolean;
    previous: { title: string; url: string } | null;
    next: { title: string; url: string } | null;
  };
}

/**
 * A live lesson of a live course, with its access for the viewer; undefined when the item is no live lesson of it.
 * The editor's preview (`preview: true`, a contributor) reads drafts too, among every lesson of the course.
 */
export async function loadLessonPageData(
  db: Kysely<Database>,
  websiteId: string,
  coursePageId: string,
  itemId: string,
  viewer: Viewer,
  options: { preview?: boolean } = {},
): Promise<LessonPageData | undefined> {
  const [decision, lessons] = await Promise.all([
    options.preview ? ({ allowed: true } as const) : canSee(db, websiteId, viewer, { pageId: coursePageId }),
    listCourseLessons(db, websiteId, coursePageId, { liveOnly: !options.preview }),
  ]);
  const index = lessons.findIndex((lesson) => lesson.itemId === itemId);
  if (index < 0) return undefined;
  const lesson = lessons[index]!;
  const access = lessonAccessFrom(decision, lesson.details?.is_preview ?? false);
  const allowed = access !== 'denied';
  const progress = viewer.siteUserId && allowed ? (await readLessonProgress(db, websiteId, viewer.siteUserId, [itemId])).get(itemId) : undefined;
  const link = (other: LessonRecord | undefined) => (other ? { title: other.title, url: `/${other.courseUrlId}/${other.urlId}` } : null);
  return {
    access,
    decision,
    lesson: {
      id: lesson.itemId,
      number: index + 1,
      lessonCount: lessons.length,
      chapter: lesson.details?.chapter ?? '',
      isPreview: lesson.details?.is_preview ?? false,
      durationLabel: durationLabel(lesson.details?.duration_seconds),
      durationSeconds: lesson.details?.duration_seconds ?? null,
      // Nothing of a denied lesson leaves the server: no player, no body (the page builder leaves it out).
      player: allowed ? lessonPlayerOf(lesson) : null,
      completed: Boolean(progress?.completedAt),
      positionSeconds: progress?.positionSeconds ?? 0,
      canKeepProgress: allowed && viewer.siteUserId !== null && !options.preview,
      previous: link(lessons[index - 1]),
      next: link(lessons[index + 1]),
    },
  };
}
