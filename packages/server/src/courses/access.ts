/**
 * Who may watch a lesson: the members domain decides for the course page (canSee: a member area or a password
 * gates a course and so every lesson); the video paywall flag opens a preview lesson (its page and its video) to
 * everyone. One rule for the lesson page, its `?format=json`, its video URL (every range request) and progress.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { canSee, type AccessDecision, type Viewer } from '../members';
import { findLesson } from './queries';

/**
 * What the viewer gets of a lesson, as the video-detail-view event reports it: 'member' may watch every lesson of
 * the course (a member of its area, a contributor, anyone when the course is not gated); 'preview' watches this
 * lesson only because it is a preview; 'denied' gets the access-denied page.
 */
export type LessonAccess = 'member' | 'preview' | 'denied';

/** The access rule, pure: the course's decision and the lesson's preview flag. */
export function lessonAccessFrom(courseDecision: AccessDecision, isPreview: boolean): LessonAccess {
  if (courseDecision.allowed) return 'member';
  return isPreview ? 'preview' : 'denied';
}

export async function lessonAccessOf(
  db: Kysely<Database>,
  websiteId: string,
  viewer: Viewer,
  lesson: { coursePageId: string; isPreview: boolean },
): Promise<{ access: LessonAccess; decision: AccessDecision }> {
  const decision = await canSee(db, websiteId, viewer, { pageId: lesson.coursePageId });
  return { access: lessonAccessFrom(decision, lesson.isPreview), decision };
}

/**
 * A live preview lesson: open to everyone, so its owner-HTML frames (`/frames/item/…`) are too, whatever gates its
 * course. False for anything else (the members' gate then decides).
 */
export async function isOpenPreviewLesson(db: Kysely<Database>, websiteId: string, itemId: string): Promise<boolean> {
  const lesson = await findLesson(db, websiteId, itemId);
  return lesson !== undefined && lesson.live && lesson.details?.is_preview === true;
}
